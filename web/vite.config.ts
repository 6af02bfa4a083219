import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const gateway = 'http://localhost:3000';
const root = new URL('.', import.meta.url).pathname;

const THEME_BOOT_PLACEHOLDER = /<script>\s*\/\* theme-boot \*\/\s*<\/script>/;

/** Puts the pre-paint theme script into every page, so both pages share one copy of it. */
function themeBoot(): Plugin {
  const script = readFileSync(new URL('./boot/theme.js', import.meta.url), 'utf8').trim();
  return {
    name: 'medical-qr-theme-boot',
    transformIndexHtml(html, context) {
      // A page without the placeholder would flash white in dark mode: fail the build instead.
      if (!THEME_BOOT_PLACEHOLDER.test(html)) throw new Error(`${context.filename} has no theme-boot placeholder`);
      return html.replace(THEME_BOOT_PLACEHOLDER, `<script>\n${script}\n</script>`);
    },
  };
}

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|webmanifest)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, at the highest levels, so the
 * gateway sends compressed bytes without compressing on each request. A copy that would not be smaller is skipped.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'medical-qr-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = join(config.root, config.build.outDir)),
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
        COMPRESSIBLE.test(file),
      );
      for (const file of files) {
        const source = readFileSync(join(outDir, file));
        const copies = {
          br: brotliCompressSync(source, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
          }),
          gz: gzipSync(source, { level: 9 }),
        };
        for (const [extension, bytes] of Object.entries(copies)) {
          if (bytes.length < source.length) writeFileSync(join(outDir, `${file}.${extension}`), bytes);
        }
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), themeBoot(), precompress()],
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
    // Source maps would publish the app's source; the dev server still has them.
    sourcemap: false,
    rolldownOptions: {
      // The app, and the emergency card as a page of its own: a responder's phone loads a few
      // kilobytes, not the whole app.
      input: { app: `${root}index.html`, emergency: `${root}emergency.html` },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Stripe.js's loader and React bindings: only a real key's card form loads them (kept out of vendor).
            { name: 'stripe', test: /node_modules[\\/]@stripe[\\/]/ },
            // The camera scanner's QR reader: only /scanner's live view loads it.
            { name: 'scanner', test: /node_modules[\\/]html5-qrcode[\\/]/ },
            // No catch-all vendor chunk: it held every library any screen uses (forms, dialogs, zod), so the home page
            // loaded them all before its first paint. Other libraries now go with the chunks that use them.
          ],
        },
      },
    },
  },
});
