import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

const gateway = 'http://localhost:3000';
const root = new URL('.', import.meta.url).pathname;

/** Puts the pre-paint theme script into every page, so both pages share one copy of it. */
function themeBoot(): Plugin {
  const script = readFileSync(new URL('./boot/theme.js', import.meta.url), 'utf8').trim();
  return {
    name: 'medical-qr-theme-boot',
    transformIndexHtml: (html) => html.replace('<script>/* theme-boot */</script>', `<script>\n${script}\n</script>`),
  };
}

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), themeBoot()],
  resolve: {
    // The contracts library is TypeScript source; bundle it directly instead of its build output.
    alias: {
      '@medical-qr/contracts': new URL('../libs/contracts/src/index.ts', import.meta.url).pathname,
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/ws': { target: gateway, ws: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The app, and the emergency card as a page of its own: a responder's phone loads a few
      // kilobytes, not the whole app.
      input: { app: `${root}index.html`, emergency: `${root}emergency.html` },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
