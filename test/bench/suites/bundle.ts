// bundle: the renderer's JavaScript as the page downloads and parses it (every .js the build
// writes to out/renderer), gzipped, with the raw size and each file in the note. A size, not a
// timing: it has no bare limit.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Suite } from '../lib/suite';

const KB = 1024;

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => join(e.parentPath, e.name));
}

export const bundleSuite: Suite = {
  name: 'bundle',
  specs: [
    {
      key: 'bundle.js.gzip',
      label: 'renderer JavaScript, gzipped',
      unit: 'KB',
      target: { on: 'value', op: '<=', bound: 150 },
      bareLabel: '',
      ratio: null,
    },
  ],
  async run(ctx) {
    await ctx.fixtures.renderer();
    const files = jsFiles(join(ctx.root, 'out', 'renderer'));
    let raw = 0;
    let gz = 0;
    const parts: string[] = [];
    for (const f of files) {
      const bytes = readFileSync(f);
      const g = gzipSync(bytes).length;
      raw += bytes.length;
      gz += g;
      parts.push(
        `${f.slice(f.lastIndexOf('/') + 1)} ${(bytes.length / KB).toFixed(1)} KB (${(g / KB).toFixed(1)} KB gzipped)`,
      );
    }
    const zod = files.some((f) => /\bZodError\b|\$ZodType/.test(readFileSync(f, 'utf8')));
    ctx.log(
      `bundle: ${(raw / KB).toFixed(1)} KB raw, ${(gz / KB).toFixed(1)} KB gzipped; ${parts.join(', ')}`,
    );
    return {
      'bundle.js.gzip': {
        value: gz / KB,
        note: `${(raw / KB).toFixed(1)} KB raw: ${parts.join(', ')}; validation library ${zod ? 'PRESENT' : 'absent'}`,
      },
    };
  },
};
