import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import more from './de-more.json';

/**
 * de.json ships with the entry chunk; de-more.json (the namespaces below) only with the views
 * behind a lazy boundary, whose modules import `i18n/more.ts`. Checked on the source's imports:
 * no module the entry loads names a key of de-more.json, and every module loaded by a dynamic
 * import whose static imports reach such a key also reaches more.ts (evaluated before it renders).
 */
const SOURCE = path.resolve(import.meta.dirname, '..');
const MORE = path.join(SOURCE, 'i18n', 'more.ts');
const NAMESPACES = Object.keys(more);
const KEY = new RegExp(`['"\`](${NAMESPACES.join('|')})\\.[a-zA-Z$]`);
/** Modules that only name keys as data, and the module that translates them. */
const KEY_NAMES_ONLY = new Map([
  [
    path.join(SOURCE, 'features', 'media-centre', 'desk-access.ts'),
    path.join(SOURCE, 'app', 'user-menu-list.tsx'),
  ],
]);

const code = (file: string) => readFileSync(file, 'utf8');
const resolve = (from: string, specifier: string) =>
  specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : undefined;
const staticImports = (file: string) =>
  [...code(file).matchAll(/^(?:import|export)\s+(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm)]
    .map((match) => resolve(file, match[1] ?? ''))
    .filter((target): target is string => target !== undefined && /\.tsx?$/.test(target));
const dynamicImports = (file: string) =>
  [...code(file).matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)]
    .map((match) => resolve(file, match[1] ?? ''))
    .filter((target): target is string => target !== undefined && /\.tsx?$/.test(target));

function closure(start: string): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (!seen.has(file)) {
      seen.add(file);
      staticImports(file).forEach(walk);
    }
  };
  walk(start);
  return seen;
}

const namesMoreKeys = (file: string) => !KEY_NAMES_ONLY.has(file) && KEY.test(code(file));
const relative = (files: Iterable<string>) => [...files].map((file) => path.relative(SOURCE, file));

describe('the split of the texts', () => {
  it('keeps the namespaces of de-more.json out of the entry', () => {
    const entry = closure(path.join(SOURCE, 'main.tsx'));
    expect(entry.has(MORE)).toBe(false);
    expect(relative([...entry].filter(namesMoreKeys))).toEqual([]);
  });

  it('has every lazily loaded view that needs them load them first', () => {
    const all = closure(path.join(SOURCE, 'main.tsx'));
    const targets = new Set<string>();
    const visit = (file: string) => {
      for (const target of dynamicImports(file)) {
        if (!targets.has(target)) {
          targets.add(target);
          closure(target).forEach((reached) => {
            all.add(reached);
            visit(reached);
          });
        }
      }
    };
    [...all].forEach(visit);
    const missing = [...targets].filter((target) => {
      const reached = closure(target);
      return !reached.has(MORE) && [...reached].some(namesMoreKeys);
    });
    expect(targets.size).toBeGreaterThan(20);
    expect(relative(missing)).toEqual([]);
    for (const reader of KEY_NAMES_ONLY.values()) {
      expect(targets.has(reader) && closure(reader).has(MORE)).toBe(true);
    }
  });
});
