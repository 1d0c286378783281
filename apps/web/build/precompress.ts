import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every text file of the build,
 * once at build time, so the server hands them out as they are (@fastify/static preCompressed)
 * instead of compressing each answer at a lower quality.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'medienkatalog-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const full = path.join(outDir, file);
            const content = await readFile(full);
            await writeFile(
              `${full}.br`,
              brotliCompressSync(content, {
                params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
              }),
            );
            await writeFile(`${full}.gz`, gzipSync(content, { level: 9 }));
          }),
      );
    },
  };
}
