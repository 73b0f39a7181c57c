import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

export default {
  preprocess: vitePreprocess(),
  compilerOptions: {
    runes: true,
    // Scoped classes named for their component (svelte-ThreadList), not for a hash of its CSS:
    // the window's first rows are drawn before the app's script runs (src/lib/firstPaint.ts),
    // with the same classes as the list's, so they look the same and keep them through any
    // change of a component's CSS.
    cssHash: ({ name }) => `svelte-${name}`,
  },
};
