/**
 * The server of the files benchmark and the ways to talk to it: a child process that is the
 * server itself (its pid is the one whose memory is watched), an API session with the cookie
 * jar of the CSRF double submit, WebDAV requests with HTTP Basic over node:http or by curl, and
 * samples of the server's resident memory from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { timed } from './files-data.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `node --import tsx apps/server/src/main.ts` on its own PGlite folder (never the shell's
 * DATABASE_URL) with the demo accounts and waits until it answers.
 */
export async function startServer(options: {
  repositoryRoot: string;
  dataDir: string;
  port: number;
}): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    // The benchmark signs in as the demo producer.
    DEMO_ACCOUNTS: 'true',
  };
  delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(options.repositoryRoot, 'apps/server/src/main.ts')],
    { cwd: options.repositoryRoot, env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  for (let attempt = 0; attempt < 600 && child.exitCode === null; attempt += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${options.port}/api/v1/utils/features`);
      if (response.ok) {
        return child;
      }
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start on port ${options.port}`);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** API calls as the web app makes them: cookies kept, the CSRF cookie echoed in its header. */
export class ApiSession {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  async request<T>(method: string, pathname: string, body?: unknown): Promise<T> {
    if (method !== 'GET' && !this.cookies.has('mk_csrf')) {
      await this.request('GET', '/api/v1/utils/features');
    }
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    if (method !== 'GET') {
      headers['x-csrf-token'] = this.cookies.get('mk_csrf') ?? '';
    }
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${pathname}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      const expired = attributes.some((attribute) =>
        /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute),
      );
      if (expired || value === '') {
        this.cookies.delete(name);
      } else {
        this.cookies.set(name, value);
      }
    }
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`${method} ${pathname}: ${response.status} ${text.slice(0, 300)}`);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.request('POST', '/api/v1/auth/login', { email, password });
  }
}

/** Up to 8 uploads at once over kept-alive connections. */
const davAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });

export interface DavAnswer {
  status: number;
  /** From sending the first byte until the answer was read, in milliseconds. */
  ms: number;
}

/**
 * One WebDAV request with HTTP Basic; `body` is a buffer or a stream of `length` bytes (sent
 * with Content-Length). Fails unless the answer is 2xx.
 */
export function davRequest(
  url: URL,
  method: string,
  basic: { email: string; password: string },
  body?: { data: Buffer | Readable; length: number },
): Promise<DavAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers: http.OutgoingHttpHeaders = {
      authorization: `Basic ${Buffer.from(`${basic.email}:${basic.password}`).toString('base64')}`,
    };
    if (body) {
      headers['content-length'] = body.length;
      headers['content-type'] = 'application/octet-stream';
    }
    const request = http.request(url, { method, headers, agent: davAgent }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.once('error', reject);
      response.once('end', () => {
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) {
          resolve({ status, ms: performance.now() - started });
        } else {
          reject(new Error(`${method} ${url.pathname}: ${status} ${text.slice(0, 300)}`));
        }
      });
    });
    request.once('error', reject);
    if (!body) {
      request.end();
    } else if (Buffer.isBuffer(body.data)) {
      request.end(body.data);
    } else {
      const stream = body.data;
      stream.once('error', (error) => request.destroy(error));
      stream.pipe(request);
    }
  });
}

/**
 * A PUT of `file` by curl with HTTP Basic (`--upload-file`: streamed, with Content-Length),
 * timed from the start of curl to its end. Fails unless the answer is 2xx.
 */
export async function curlPut(
  url: URL,
  file: string,
  basic: { email: string; password: string },
): Promise<{ ms: number }> {
  const args = ['--silent', '--show-error', '--fail', '--output', '/dev/null'];
  args.push('--user', `${basic.email}:${basic.password}`, '--upload-file', file, url.href);
  return timed('curl', args, path.dirname(file));
}

/** Runs `tasks` with at most `limit` of them at once. */
export async function inParallel<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      const task = tasks[index];
      if (task) {
        results[index] = await task();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** Resident memory (VmRSS) and its peak since the last reset (VmHWM), in bytes. */
export function readMemory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
    return match?.[1] === undefined ? Number.NaN : Number(match[1]) * 1024;
  };
  return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
}

/** Resets the kernel's peak (VmHWM) of a process to its current RSS; false where not allowed. */
export function resetPeakMemory(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface MemoryWatch {
  /** Stops sampling: the samples' peak and count, and the kernel's peak since the start. */
  stop(): { peak: number; samples: number; kernelPeak: number | undefined };
}

/** Samples the RSS of `pid` every `intervalMs` (the kernel's own peak is read at the end). */
export function watchMemory(pid: number, intervalMs: number): MemoryWatch {
  const reset = resetPeakMemory(pid);
  let peak = readMemory(pid).rss;
  let samples = 1;
  const timer = setInterval(() => {
    peak = Math.max(peak, readMemory(pid).rss);
    samples += 1;
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const last = readMemory(pid);
      peak = Math.max(peak, last.rss);
      samples += 1;
      return { peak, samples, kernelPeak: reset ? last.hwm : undefined };
    },
  };
}

/** CPU time of a process (all its threads, user and system), in seconds. */
export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (in parentheses, which may hold spaces).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The machine's CPU time so far (all CPUs), busy and in total, in clock ticks. */
export function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  // idle and iowait
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: total - idle, total };
}

/**
 * The least a Node HTTP server can do with an upload, for comparison: a separate process
 * that pipes each request body into a file (`pipeline(request, createWriteStream(file))`, the
 * write stream's buffer `highWaterMark` bytes) and answers 201.
 */
export async function startSink(
  port: number,
  file: string,
  highWaterMark: number,
): Promise<ChildProcess> {
  const options = `{ highWaterMark: ${String(highWaterMark)} }`;
  const script = `
    import { createServer } from 'node:http';
    import { createWriteStream } from 'node:fs';
    import { pipeline } from 'node:stream/promises';
    createServer((request, response) => {
      pipeline(request, createWriteStream(${JSON.stringify(file)}, ${options})).then(
        () => { response.statusCode = 201; response.end(); },
        (error) => { response.statusCode = 500; response.end(String(error)); },
      );
    }).listen(${String(port)}, '127.0.0.1', () => console.log('listening'));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => {
      resolve();
    });
    child.once('exit', (code) => {
      reject(new Error(`the sink stopped (${String(code)})`));
    });
  });
  return child;
}
