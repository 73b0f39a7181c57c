import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { contentSecurityPolicy } from './electron/shared/security';

// The page's CSP comes from ONE function (electron/shared/security.ts): main sends it as a header, and this
// plugin writes it into index.html as a meta tag (replacing any hand-written one), so a page opened
// without the header (file://, the web bridge's static files) is just as strict.
function cspMeta(): Plugin {
  let dev = false;
  return {
    name: 'outreach-triage-csp',
    configResolved(config) {
      dev = config.command === 'serve';
    },
    transformIndexHtml(html) {
      return {
        html: html.replace(/\s*<meta\s+http-equiv=["']Content-Security-Policy["'][^>]*>/gi, ''),
        tags: [
          {
            tag: 'meta',
            attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy({ dev }) },
            injectTo: 'head-prepend',
          },
        ],
      };
    },
  };
}

// TRIAGE_OUT_DIR lets the build test write to a temporary folder instead of the shared out/.
const out = process.env.TRIAGE_OUT_DIR ?? 'out';

// Three bundles into out/: main (ESM, Node deps left external), preload (CommonJS, because a
// sandboxed preload cannot load ES modules), renderer (the Svelte app, also served by the web bridge).
export default defineConfig({
  // Seven entries: main itself (index.js), the core's utilityProcess (core.js), and its threads:
  // the core's own (coreThread.js), the reader (reader.js), the classifier (classifier.js), the
  // writer (writer.js) and All inboxes' searchers (searcher.js).
  main: {
    build: {
      outDir: `${out}/main`,
      lib: {
        entry: {
          index: resolve('electron/main/index.ts'),
          core: resolve('electron/main/core-entry.ts'),
          coreThread: resolve('electron/core/host/core-worker.ts'),
          reader: resolve('electron/core/host/reader-worker.ts'),
          classifier: resolve('electron/core/host/classifier-worker.ts'),
          writer: resolve('electron/core/host/writer-worker.ts'),
          searcher: resolve('electron/core/host/searcher-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: `${out}/preload`,
      lib: { entry: resolve('electron/preload/index.ts'), formats: ['cjs'] },
      rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve('src'),
    plugins: [svelte({ configFile: resolve('svelte.config.js') }), cspMeta()],
    build: {
      outDir: resolve(`${out}/renderer`),
      // Shipped minified: the page's JavaScript is parsed at every start of the window.
      minify: 'esbuild',
      rollupOptions: { input: resolve('src/index.html') },
    },
  },
});
