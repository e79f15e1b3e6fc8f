import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Every API prefix the server answers (docs/requirements.md#api-calls); the dev server proxies them. */
const API_PREFIXES = [
  '/user',
  '/site',
  '/battery',
  '/oem',
  '/door',
  '/ticket',
  '/billing',
  '/telegram',
  '/device',
  '/device-vendor',
  '/analytics',
  '/report',
  '/healthz',
  '/api-docs',
];

const target = process.env.TOWERWATCH_API ?? 'http://127.0.0.1:3000';

/**
 * The SPA owns paths like /site/list and /battery too, so in dev only API-looking requests are proxied:
 * anything that is not a browser navigation (Accept: text/html).
 */
const proxy = Object.fromEntries(
  API_PREFIXES.map((prefix) => [
    prefix,
    {
      target,
      changeOrigin: true,
      bypass: (req: { headers: { accept?: string } }) =>
        req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
    },
  ]),
);

export default defineConfig({
  plugins: [react()],
  build: { manifest: true, sourcemap: false, chunkSizeWarningLimit: 800 },
  server: {
    port: 5173,
    proxy: { ...proxy, '/wss': { target: target.replace(/^http/, 'ws'), ws: true } },
  },
});
