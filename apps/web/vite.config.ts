import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { routeTable } from './scripts/route-table-plugin';

// The API server of apps/server; override to point the dev server at another backend.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

// Mirrors the policy the server sends, so `vite preview` catches anything that would break in
// production (inline scripts, foreign hosts). The dev server cannot use it: React refresh
// injects an inline preamble.
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
].join('; ');

// The Host header is kept: the server builds WeChat OAuth and upload URLs for the origin the
// browser is on, and accepts OAuth redirects back to that origin only.
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/avatars': { target: apiTarget, changeOrigin: false },
  // The WeChat and object-storage sandboxes the server plays in development.
  '/sandbox': { target: apiTarget, changeOrigin: false },
};

export default defineConfig({
  plugins: [react(), routeTable()],
  resolve: {
    alias: [
      {
        // Dead code once src/app/antd-react19.ts installs the React 19 renderer.
        find: /^rc-util\/lib\/React\/render$/,
        replacement: fileURLToPath(new URL('src/app/legacy-render-stub.ts', import.meta.url)),
      },
    ],
  },
  server: { proxy },
  preview: { proxy, headers: { 'Content-Security-Policy': contentSecurityPolicy } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    manifest: true,
    target: 'es2020',
    // Data-URL inlining of tiny assets is fine under the CSP (img-src data:).
    assetsInlineLimit: 4096,
  },
});
