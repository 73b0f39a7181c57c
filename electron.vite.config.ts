import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Three bundles into out/: main (ESM, Node deps left external), preload (CommonJS, because a
// sandboxed preload cannot load ES modules), renderer (the Svelte app, also served by the web bridge).
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      lib: { entry: resolve('electron/main/index.ts') },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      lib: { entry: resolve('electron/preload/index.ts'), formats: ['cjs'] },
      rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve('src'),
    plugins: [svelte({ configFile: resolve('svelte.config.js') })],
    build: {
      outDir: resolve('out/renderer'),
      rollupOptions: { input: resolve('src/index.html') },
    },
  },
});
