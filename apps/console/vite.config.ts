import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server of apps/server; override to point the dev server at another backend.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

// The Host header is kept: the staff session cookie belongs to the origin the browser is on.
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/sandbox': { target: apiTarget, changeOrigin: false },
};

/**
 * Chunk groups: the libraries every screen runs (React, the router, TanStack Query, zod) and
 * antd's shared base (its style engine, locale, the layout and form every page uses) apart
 * from each page's own code, so a page visited second downloads only what is new to it.
 */
const codeSplitting = {
  groups: [
    {
      name: 'framework',
      test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zod|tslib)[\\/]|@oxc-project/,
      priority: 20,
    },
  ],
};

export default defineConfig({
  // Served by apps/server under /console/ (apps/server/src/http/static.ts).
  base: '/console/',
  plugins: [react()],
  server: { port: 5174, proxy },
  preview: { port: 4174, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    manifest: true,
    target: 'es2020',
    rolldownOptions: { output: { codeSplitting } },
  },
});
