import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // Pre-bundled up front so the dev server does not re-optimise (and reload React twice)
  // on the first visit to a portal page.
  optimizeDeps: {
    include: ['@tanstack/react-query', 'react-hook-form', '@hookform/resolvers/zod'],
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/healthz': `http://127.0.0.1:${apiPort}` },
  },
});
