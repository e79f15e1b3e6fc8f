import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

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

/**
 * Writes `csp-sources.json` into the build: the origins the app loads from besides its own (the tile
 * server of VITE_MAP_TILE_URL, `{s}` subdomains as `*`). The server adds them to the web app's
 * Content-Security-Policy (apps/server/src/kernel/http/security-headers.ts, docs/security.md).
 */
function cspSources(tileUrl: string | undefined): Plugin {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl?.trim() ?? '');
  const img = match ? [`${match[1]}://${(match[2] ?? '').replace(/\{s\}/g, '*')}`.toLowerCase()] : [];
  return {
    name: 'towerwatch-csp-sources',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'csp-sources.json', source: `${JSON.stringify({ img })}\n` });
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), cspSources(loadEnv(mode, process.cwd(), 'VITE_').VITE_MAP_TILE_URL)],
  build: { manifest: true, sourcemap: false, chunkSizeWarningLimit: 800 },
  server: {
    port: 5173,
    proxy: { ...proxy, '/wss': { target: target.replace(/^http/, 'ws'), ws: true } },
  },
}));
