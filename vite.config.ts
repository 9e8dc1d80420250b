import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes' }),
    react(),
    tailwindcss(),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    // Plugin timing reports are noise in `npm start`'s output.
    rolldownOptions: { checks: { pluginTimings: false } },
  },
  server: { port: 5173 },
  preview: { port: 4173 },
});
