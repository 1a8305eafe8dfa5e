import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server of `npm run dev` on the server side (apps/server listens on 8080 by default). */
const apiTarget = 'http://127.0.0.1:8080';

/** Paths the server answers itself; everything else is the SPA. */
const serverPaths = [
  '/api',
  '/token',
  '/workspace',
  '/openai_app',
  '/mockups_app',
  '/mockups_python_engine_app',
  '/printify_app',
  '/gelato_app',
  '/listings_app',
  '/subscription_app',
  '/tutorials',
  '/healthz',
];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  preview: {
    port: 4173,
  },
});
