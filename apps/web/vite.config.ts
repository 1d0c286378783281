import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/covers': 'http://localhost:8080',
      '/dav': 'http://localhost:8080',
      '/content': 'http://localhost:8080',
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
