import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

/**
 * React Router's package exports point only at its development build (warnings, checks; about
 * 35 kB more), whatever the mode (remix-run/react-router#12532, #14753). Production builds take
 * the production build it ships next to it.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server's render (`vite build --ssr src/entry-server.tsx`) is neither compressed nor served.
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/covers': 'http://localhost:8080',
      '/dav': 'http://localhost:8080',
      '/content': 'http://localhost:8080',
    },
  },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // The server reads from it which files are the app's entry and the storefront's boot.
        manifest: true,
        rollupOptions: { input: { index: 'index.html', boot: 'src/boot.ts' } },
      },
  // One file the server imports, its libraries bundled in, in their production builds (the
  // browser's: the same class names and markup).
  ssr: { noExternal: true },
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
}));
