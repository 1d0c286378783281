import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig: DEMO_ACCOUNTS', () => {
  it('creates no demo accounts unless asked, whatever NODE_ENV is', () => {
    expect(loadConfig({}).demoAccounts).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).demoAccounts).toBe(false);
    expect(loadConfig({ DEMO_ACCOUNTS: 'true' }).demoAccounts).toBe(true);
  });

  it('refuses demo accounts together with NODE_ENV=production', () => {
    expect(() => loadConfig({ DEMO_ACCOUNTS: 'true', NODE_ENV: 'production' })).toThrow(
      'DEMO_ACCOUNTS: Die Demo-Zugänge haben veröffentlichte Passwörter und sind mit ' +
        'NODE_ENV=production nicht erlaubt.',
    );
    expect(loadConfig({ DEMO_ACCOUNTS: 'false', NODE_ENV: 'production' }).demoAccounts).toBe(false);
  });

  it('accepts only true and false', () => {
    expect(() => loadConfig({ DEMO_ACCOUNTS: 'yes' })).toThrow(/DEMO_ACCOUNTS:/);
  });
});

describe('loadConfig: DEMO_FILES', () => {
  it('generates the demo files unless told not to, and accepts only true and false', () => {
    expect(loadConfig({}).demoFiles).toBe(true);
    expect(loadConfig({ DEMO_FILES: 'false' }).demoFiles).toBe(false);
    expect(() => loadConfig({ DEMO_FILES: 'no' })).toThrow(/DEMO_FILES:/);
  });
});

describe('loadConfig: TRUST_PROXY', () => {
  const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('trusts no proxy by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
  });

  it('trusts every proxy with true', () => {
    expect(trustProxy('true')).toBe(true);
  });

  it('takes a comma-separated list of addresses, CIDR ranges, netmasks and named ranges', () => {
    expect(trustProxy('10.0.0.0/8, 192.168.1.5,fd00::/8,::1, 172.16.0.0/255.240.0.0')).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      'fd00::/8',
      '::1',
      '172.16.0.0/255.240.0.0',
    ]);
    expect(trustProxy('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
  });

  it('turns a hop count into a function trusting the first hops from the server', () => {
    const trust = trustProxy('2');
    if (typeof trust !== 'function') {
      throw new Error(`expected a function, got ${JSON.stringify(trust)}`);
    }
    expect([0, 1, 2, 3].map((hop) => trust('203.0.113.9', hop))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it.each([
    'yes',
    '10.0.0.0/33',
    '300.1.2.3',
    '10.0.0.1/8/8',
    'fd00::/129',
    '10.0.0.0/ffff::',
    '-1',
  ])('refuses %s with a readable message', (value) => {
    expect(() => trustProxy(value)).toThrow(/TRUST_PROXY: Erwartet false, true, eine Anzahl/);
  });
});

describe('loadConfig: DATABASE_POOL_SIZE', () => {
  it('defaults to twice the cores, at least four, and takes a number given', () => {
    const cores = os.availableParallelism();
    expect(loadConfig({}).databasePoolSize).toBe(Math.max(4, 2 * cores));
    expect(loadConfig({ DATABASE_POOL_SIZE: '7' }).databasePoolSize).toBe(7);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
