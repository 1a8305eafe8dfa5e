import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Plugin, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes a Brotli and a gzip copy beside each built text file, which the server sends to browsers
 * that accept them (@fastify/static's preCompressed), so nothing is compressed per request.
 */
function precompress(): Plugin {
  return {
    name: 'podflow-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const source = await readFile(path.join(dir, file));
        if (source.length < 1024) continue;
        const brotli = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
        await writeFile(path.join(dir, `${file}.br`), brotliCompressSync(source, brotli));
        await writeFile(path.join(dir, `${file}.gz`), gzipSync(source, { level: 9 }));
      }
    },
  };
}

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
  '/media',
  '/healthz',
];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
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
