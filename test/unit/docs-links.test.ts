import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// README.md is the front door and docs/ holds the rest: a link or picture that leads nowhere is a
// door that does not open. Every relative link and image must name a file that exists, and every
// anchor a heading of that file.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of withoutFences(markdown).split('\n')) {
    const m = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m?.[1]) continue;
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

function withoutFences(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** Fenced blocks and code spans hold paths as text, not links. */
function withoutCode(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

/** Every dead relative link or image of one Markdown file, as "target: why". */
export function deadLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const dead: string[] = [];
  for (const m of withoutCode(text).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: and the like
    const [path = '', anchor] = target.split('#', 2);
    const dest = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
    if (!existsSync(dest)) {
      dead.push(`${target}: no such file`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!dest.endsWith('.md') || !statSync(dest).isFile()) {
      dead.push(`${target}: an anchor into a file that is not Markdown`);
    } else if (!anchors(readFileSync(dest, 'utf8')).has(anchor)) {
      dead.push(`${target}: no heading #${anchor} in ${relative(root, dest)}`);
    }
  }
  return dead;
}

const docs = [
  join(root, 'README.md'),
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(root, 'docs', f)),
];

describe('links of README.md and docs/', () => {
  it.each(docs.map((f) => [relative(root, f), f]))(
    '%s: every relative link and image exists',
    (_name, file) => {
      expect(deadLinks(file)).toEqual([]);
    },
  );

  it('README.md links every page of docs/', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    for (const f of docs.slice(1)) expect(readme).toContain(`](docs/${relative(join(root, 'docs'), f)})`);
  });

  it('README.md fits one screenful of reading: at most 200 lines', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(
      200,
    );
  });

  const dir = mkdtempSync(join(tmpdir(), 'docs-links-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a missing file, a missing picture and a missing heading, and passes what is there', () => {
    writeFileSync(join(dir, 'other.md'), '# Other page\n\n## Fuses and `asar`\n\n## Fuses and `asar`\n');
    writeFileSync(join(dir, 'pic.png'), '');
    const page = join(dir, 'page.md');
    writeFileSync(
      page,
      [
        '# Page',
        '[ok](other.md) [ok](other.md#fuses-and-asar) [ok](other.md#fuses-and-asar-1) [ok](#page)',
        '![ok](pic.png) [out](https://example.com/x) `[code](nowhere.md)`',
        '[gone](gone.md) ![gone](missing.png) [bad](other.md#no-such) [bad](#nothing)',
        '```',
        '[fenced](fenced.md)',
        '```',
      ].join('\n'),
    );
    expect(deadLinks(page)).toEqual([
      'gone.md: no such file',
      'missing.png: no such file',
      'other.md#no-such: no heading #no-such in ' + relative(root, join(dir, 'other.md')),
      '#nothing: no heading #nothing in ' + relative(root, page),
    ]);
  });
});
