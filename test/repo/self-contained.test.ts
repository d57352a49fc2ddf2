// The repository stands on its own: nothing in it cites the planning documents that live
// outside it (the shared rules, design and seed files next to the checkout), and every
// citation of a docs page section (`docs/rules.md#cardwords-scoring`, `[x](rules.md#lines)`)
// names a heading that page has, so the spec stays readable from a fresh clone.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Tracked files plus new ones not ignored: a citation is caught before it is committed. */
function repoFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  return [...new Set(out.split('\0').filter((f) => f !== '' && !f.startsWith('node_modules/')))];
}

function readText(file: string): string | null {
  let buf: Buffer;
  try {
    buf = readFileSync(path.join(root, file));
  } catch {
    return null; // deleted in the working tree but still in the index
  }
  if (buf.subarray(0, 8192).includes(0)) return null; // binary
  return buf.toString('utf8');
}

// Built from parts so that this file does not match itself.
const outside = [['..', 'shared'].join('/'), 'RULES' + '.md', 'DESIGN' + '.md', 'seeds' + '/'];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const slug = m[1]!.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

describe('the repository is self-contained', () => {
  const files = repoFiles();

  it('lists the files it checks', () => {
    expect(files).toContain('docs/rules.md');
    expect(files).toContain('package.json');
  });

  it('cites nothing outside the repository', () => {
    const hits: string[] = [];
    for (const file of files) {
      const text = readText(file);
      if (text === null) continue;
      text.split('\n').forEach((line, i) => {
        for (const needle of outside) if (line.includes(needle)) hits.push(`${file}:${i + 1}: ${needle}`);
      });
    }
    expect(hits).toEqual([]);
  });

  it('every cited section of a docs page exists', () => {
    const pages = new Map<string, Set<string>>();
    const anchorsOfPage = (page: string): Set<string> | null => {
      if (!pages.has(page)) {
        const text = readText(page);
        if (text === null) return null;
        pages.set(page, anchorsOf(text));
      }
      return pages.get(page)!;
    };
    const broken: string[] = [];
    for (const file of files) {
      if (!/\.(ts|mjs|js|el|lua|md|json)$/.test(file)) continue;
      const text = readText(file);
      if (text === null) continue;
      const cites: [string, string][] = [];
      for (const m of text.matchAll(/\bdocs\/([\w-]+\.md)#([\w-]+)/g)) cites.push([`docs/${m[1]}`, m[2]!]);
      if (file.startsWith('docs/')) {
        for (const m of text.matchAll(/\]\(([\w-]+\.md)?#([\w-]+)\)/g)) cites.push([m[1] ? `docs/${m[1]}` : file, m[2]!]);
      }
      for (const [page, anchor] of cites) {
        const anchors = anchorsOfPage(page);
        if (anchors === null) broken.push(`${file}: ${page} does not exist`);
        else if (!anchors.has(anchor)) broken.push(`${file}: ${page}#${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('computes anchors as GitHub does', () => {
    const a = anchorsOf('# Rules\n## Cardwords: end of game\n```\n# not a heading\n```\n## Rules\n### Yatzee `bonus` line\n');
    expect([...a]).toEqual(['rules', 'cardwords-end-of-game', 'rules-1', 'yatzee-bonus-line']);
  });
});
