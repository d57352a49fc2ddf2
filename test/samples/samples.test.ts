// The samples are what the issue promises: real word lists taken from packages (not typed
// by hand), the German umlauts and ß as cards of their own, and clean rulesets.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { englishWords, germanWords } from '../../scripts/make-samples.mjs';
import { loadRulesetDir } from '../../server/ruleset/fs.js';
import { format } from '../../core/language/format.js';
import { ParseCache } from '../../core/language/context.js';
import { TextDocumentView } from '../../core/language/document.js';
import type { FileKind } from '../../core/formats/index.js';

// Each sample folder loaded once in this file (German's took 0.4 s; two tests read it).
const loads = new Map<string, ReturnType<typeof loadRulesetDir>>();
function load(name: string): ReturnType<typeof loadRulesetDir> {
  let p = loads.get(name);
  if (!p) loads.set(name, (p = loadRulesetDir(`samples/${name}`, { players: 2 })));
  return p;
}

describe('samples', () => {
  it('english.dict is exactly the word list generated from its package, 250,000+ words', () => {
    const committed = readFileSync('samples/english/english.dict', 'utf8');
    const words = englishWords() as string[];
    expect(words.length).toBeGreaterThanOrEqual(250_000);
    expect(committed).toBe(words.join('\n') + '\n');
  });

  it('german.dict is exactly the word list generated from its package', () => {
    const committed = readFileSync('samples/german/german.dict', 'utf8');
    expect(committed).toBe((germanWords() as string[]).join('\n') + '\n');
  });

  for (const name of ['english', 'german', 'seed-example', 'tiny']) {
    it(`${name} loads as a ruleset with no error and no warning${name === 'seed-example' ? ' but the K no word has' : ''}`, async () => {
      const { ruleset, diagnostics } = await load(name);
      // the seed's example dictionary (six words) has no K, and its card set a [K 19]
      expect(diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual(name === 'seed-example' ? ["ruleset/unused-card no word has the character 'K': its card can never be laid, only traded or left in a hand"] : []);
      expect(ruleset).not.toBeNull();
      expect(ruleset!.words.length).toBeGreaterThan(0);
    });
  }

  // What an author copies to start their own: Format Document on a shipped file changes
  // nothing (seed-example keeps the seed's own spacing on purpose)
  for (const [name, kinds] of [['english', ['charset', 'cardset', 'cardtable', 'bonus', 'dict']], ['german', ['charset', 'cardset', 'cardtable', 'bonus', 'dict']], ['tiny', ['charset', 'cardset', 'cardtable', 'bonus', 'dict']]] as const) {
    it(`${name}'s files are in the formatter's canonical form`, () => {
      for (const kind of kinds) {
        const file = `samples/${name}/${name}.${kind}`;
        const doc = new TextDocumentView(file, (kind === 'dict' ? 'dictionary' : kind) as FileKind, readFileSync(file, 'utf8'));
        expect(format(doc, new ParseCache()), file).toEqual([]);
      }
    });
  }

  it('german has Ä, Ö, Ü and ß as cards of their own, and words that use them', async () => {
    const { ruleset } = await load('german');
    const chars = new Set(ruleset!.cards.map((c) => c.char));
    for (const ch of ['Ä', 'Ö', 'Ü', 'ß']) expect(chars.has(ch)).toBe(true);
    expect(ruleset!.canonicalWord('straße')).toBe('STRAßE');
    expect(ruleset!.words).toContain('STRAßE');
    expect(ruleset!.words).toContain('ÄPFEL');
  });
});
