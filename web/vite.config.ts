import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { firstScreenChunks } from './first-screen-chunks.ts';
import { precompress } from './precompress.ts';

const chunks = firstScreenChunks();

/**
 * React Router's production build. Its package.json sends every bundler to its development build (with the
 * development warnings on; remix-run/react-router#14102, #12532), whatever the mode; the production build beside
 * it differs only in leaving those warnings out.
 */
const reactRouterProduction = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

// In development Vite serves the app and forwards /api to the server (npm run dev starts both).
export default defineConfig(({ command, mode }) => ({
  plugins: [react(), precompress(), chunks.plugin],
  resolve: {
    alias:
      command === 'build' && mode === 'production'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : [],
  },
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
}));
