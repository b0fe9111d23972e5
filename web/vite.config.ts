import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { firstScreenChunks } from './first-screen-chunks.ts';
import { precompress } from './precompress.ts';

const chunks = firstScreenChunks();

// In development Vite serves the app and forwards /api to the server (npm run dev starts both).
export default defineConfig({
  plugins: [react(), precompress(), chunks.plugin],
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    // Written for local debugging but not referenced from the bundles; the server never serves them.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 400,
    // The first screens' code in a few chunks (first-screen-chunks.ts).
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
});
