// The extension's translations (English, Danish, German) are complete: every `%key%` of
// package.json in each package.nls*.json, every string the extension and its webviews show
// (vscode.l10n.t and extension/strings.ts) in each l10n/bundle.l10n*.json, placeholders kept.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '../../core/l10n/format.js';
import { FINDING_TEXT, PLAYED_WORDS_TEXT } from '../../core/robots/cardwords/findings.js';

const ROOT = join(import.meta.dirname, '../..');
const LOCALES = ['', '.da', '.de'];
const json = (p: string) => JSON.parse(readFileSync(join(ROOT, p), 'utf8')) as Record<string, string>;

function sources(dir: string, out: string[] = []): string[] {
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (p.endsWith('.ts')) out.push(readFileSync(p, 'utf8'));
  }
  return out;
}

const placeholders = placeholdersOf;

describe('extension l10n', () => {
  it('package.nls: every manifest key in English, Danish and German', () => {
    const manifest = readFileSync(join(ROOT, 'package.json'), 'utf8');
    const keys = [...new Set([...manifest.matchAll(/"%([\w.]+)%"/g)].map((m) => m[1]!))].sort();
    expect(keys.length).toBeGreaterThan(10);
    for (const l of LOCALES) expect(Object.keys(json(`package.nls${l}.json`)).sort(), `package.nls${l}.json`).toEqual(keys);
  });

  it('bundle.l10n: every shown string in English, Danish and German, with its placeholders', () => {
    const texts = sources(join(ROOT, 'extension'));
    const shown = new Set<string>();
    for (const t of texts) for (const m of t.matchAll(/(?:l10n\.t|\btr)\('((?:[^'\\]|\\.)*)'/g)) shown.add(m[1]!);
    const strings = readFileSync(join(ROOT, 'extension', 'strings.ts'), 'utf8');
    for (const block of strings.matchAll(/_STRINGS = \[([\s\S]*?)\] as const/g)) for (const m of block[1]!.matchAll(/'((?:[^'\\]|\\.)*)'/g)) shown.add(m[1]!);
    // the playtest findings' words, spread into PLAYTEST_STRINGS from their one home
    expect(strings).toContain('...Object.values(FINDING_TEXT)');
    for (const v of Object.values(FINDING_TEXT)) shown.add(v);
    // and the most played words' heading, from the same home
    expect(strings).toContain('...Object.values(PLAYED_WORDS_TEXT)');
    for (const v of Object.values(PLAYED_WORDS_TEXT)) shown.add(v);
    expect(shown.size).toBeGreaterThan(20);
    for (const l of LOCALES) {
      const bundle = json(`l10n/bundle.l10n${l}.json`);
      expect(Object.keys(bundle).sort(), `bundle.l10n${l}.json`).toEqual([...shown].sort());
      for (const [k, v] of Object.entries(bundle)) expect(placeholders(v), `${l} ${k}`).toEqual(placeholders(k));
      // counts go through plural forms (core/l10n/format.ts), never "{0} error(s)" or "{0} cards"
      expect(Object.keys(bundle).filter((k) => /\(s\)|\{\d\} (cards?|errors?|players?|robots?|words?)\b/.test(k))).toEqual([]);
    }
  });

  it('the webviews ask only for strings the host sends them (a string missing from its _STRINGS list stays English)', () => {
    const strings = readFileSync(join(ROOT, 'extension', 'strings.ts'), 'utf8');
    const sent = new Set<string>();
    for (const block of strings.matchAll(/_STRINGS = \[([\s\S]*?)\] as const/g)) for (const m of block[1]!.matchAll(/'((?:[^'\\]|\\.)*)'/g)) sent.add(m[1]!);
    const asked = new Set<string>();
    for (const t of sources(join(ROOT, 'extension', 'webview'))) for (const m of t.matchAll(/\bt\(\w+, '((?:[^'\\]|\\.)*)'/g)) asked.add(m[1]!);
    expect(asked.size).toBeGreaterThan(40);
    expect([...asked].filter((k) => !sent.has(k))).toEqual([]);
  });
});
