import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/healthz': `http://127.0.0.1:${apiPort}` },
  },
});
