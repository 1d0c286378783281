/**
 * Writes N synthetic media as JSON Lines, streamed:
 *   npm run bench:generate -- --media 100000 [--seed 1] [--out file.jsonl]
 * Default output: bench/out/media-N.jsonl.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { syntheticMedia } from './synthetic-media.ts';

const { values } = parseArgs({
  options: {
    media: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
  },
});
const count = Number(values.media);
if (!Number.isInteger(count) || count < 1) {
  throw new Error('--media must be a positive whole number');
}
const out = values.out
  ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out)
  : fileURLToPath(new URL(`../out/media-${count}.jsonl`, import.meta.url));
mkdirSync(path.dirname(out), { recursive: true });

const started = performance.now();
const stream = createWriteStream(out);
for (const record of syntheticMedia(count, Number(values.seed))) {
  if (!stream.write(`${JSON.stringify(record)}\n`)) {
    await once(stream, 'drain');
  }
}
stream.end();
await once(stream, 'finish');
console.log(
  `${count} media written to ${out} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
