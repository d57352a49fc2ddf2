// The message format (core/l10n/format.ts) and the language server's catalogues: plural
// forms by each language's rules, arguments kept, the three catalogues alike.
import { describe, expect, it } from 'vitest';
import { chooseLanguage, formatMessage, placeholdersOf } from '../../core/l10n/format.js';
import { CATALOGUES, render, msg } from '../../core/l10n/message.js';
import { en } from '../../core/l10n/language/en.js';
import { translator } from '../../media/ui/l10n/index.js';
import { yatzeeRefusalText } from '../../media/yatzee/refusal.js';
import { yatzeeRefusal } from '../../server/bridge/texts.js';

const CARDS = '{0, plural, one {# card} other {# cards}}';

describe('plural messages', () => {
  it('English, Danish and German plural forms for 0, 1, 2 and 21', () => {
    const n = [0, 1, 2, 21];
    expect(n.map((k) => formatMessage(CARDS, [k], 'en'))).toEqual(['0 cards', '1 card', '2 cards', '21 cards']);
    expect(n.map((k) => formatMessage('{0, plural, one {# kort} other {# kort}} og {0, plural, one {# joker} other {# jokere}}', [k], 'da'))).toEqual(['0 kort og 0 jokere', '1 kort og 1 joker', '2 kort og 2 jokere', '21 kort og 21 jokere']);
    expect(n.map((k) => formatMessage('{0, plural, one {# Karte} other {# Karten}}', [k], 'de'))).toEqual(['0 Karten', '1 Karte', '2 Karten', '21 Karten']);
  });
  it('exact matches come first; nested arguments and plain placeholders are filled in', () => {
    const t = '{0, plural, =0 {no card} one {# card of {1}} other {# cards of {1}}}, {2}';
    expect(formatMessage(t, [0, 'Ann', 'ok'], 'en')).toBe('no card, ok');
    expect(formatMessage(t, [1, 'Ann', 'ok'], 'en')).toBe('1 card of Ann, ok');
    expect(formatMessage(t, [5, 'Ann', 'ok'], 'en')).toBe('5 cards of Ann, ok');
  });
  it('counts are written as the language writes them: grouped by thousands in plurals and {n, number}, a plain {n} as it is', () => {
    const t = '{0, number} of {1, plural, one {# word} other {# words}} at line {2}';
    expect(formatMessage(t, [4274, 274932, 1234], 'en')).toBe('4,274 of 274,932 words at line 1234');
    expect(formatMessage(t, [4274, 274932, 1234], 'da')).toBe('4.274 of 274.932 words at line 1234');
    expect(formatMessage(t, [4274, 274932, 1234], 'de')).toBe('4.274 of 274.932 words at line 1234');
    expect(formatMessage('{0, number}', ['x'], 'en')).toBe('x');
    expect(formatMessage('{0, number}', [], 'en')).toBe('{0, number}');
    expect(placeholdersOf('{0, number} {1}')).toBe('0,1');
    // the language server's texts with counts: the hover of a table's size
    expect(render(msg('hover.table.size', 1000, 1000, 1_000_000, 'A', 'ALL', '1', '1000'), 'da')).toMatch(/^\*\*1\.000 kolonner × 1\.000 rækker\*\* \(1\.000\.000 felter\)/);
  });
  it('a missing or non-numeric argument leaves the placeholder, an unclosed brace is kept', () => {
    expect(formatMessage('{0} and {1}', ['a'], 'en')).toBe('a and {1}');
    expect(formatMessage(CARDS, ['x'], 'en')).toBe(CARDS);
    expect(formatMessage('a {0', [1], 'en')).toBe('a {0');
    expect(formatMessage('# is not special outside a plural', [], 'en')).toBe('# is not special outside a plural');
  });
  it('placeholders of simple and plural arguments', () => {
    expect(placeholdersOf('{1} {0, plural, one {# x} other {# xs}} {1}')).toBe('0,1');
  });
  it('chooses a language from a BCP 47 tag', () => {
    expect(['da-DK', 'de-AT', 'en-GB', 'fr', 'nb-NO', 'no', undefined, ''].map((t) => chooseLanguage(t))).toEqual(['da', 'de', 'en', 'en', 'da', 'da', 'en', 'en']);
  });
});

describe('language-server catalogues', () => {
  const keys = Object.keys(en).sort();
  for (const lang of ['da', 'de']) {
    it(`${lang}: the same keys as English, the same arguments, none empty, most translated`, () => {
      const c = CATALOGUES[lang] as Record<string, string>;
      expect(Object.keys(c).sort()).toEqual(keys);
      for (const k of keys) {
        expect(c[k]!.trim(), `${lang} ${k}`).not.toBe('');
        expect(placeholdersOf(c[k]!), `${lang} ${k}`).toBe(placeholdersOf((en as Record<string, string>)[k]!));
      }
      expect(keys.filter((k) => c[k] !== (en as Record<string, string>)[k]).length).toBeGreaterThan(keys.length * 0.9);
    });
  }
  it('renders nested messages in the same language', () => {
    const m = msg('cardtable/unknown-attribute', "'X'", msg('cardtable/attributeHelp'));
    expect(render(m, 'de')).toBe("unbekanntes Attribut 'X': verwende B (gesperrt), C Punkte, L Faktor oder W Faktor");
    expect(render(m)).toBe("unknown attribute 'X': use B (blocked), C points, L factor or W factor");
  });
});

describe("a Yatzee room's refusal, as the web page and Emacs say it (media/yatzee/refusal.ts)", () => {
  it("the page's text for a known code; the server's own words otherwise, a sentence (the page had no full stop)", () => {
    const t = translator('en');
    expect(yatzeeRefusalText(t, 'sheet-full', 'the sheet is full')).toBe('Refused: Your sheet is full.');
    expect(yatzeeRefusalText(t, 'unknown-player', "no player named 'Zed' is playing")).toBe("Refused: no player named 'Zed' is playing.");
    expect(yatzeeRefusal('unknown-player', "no player named 'Zed' is playing")).toBe(yatzeeRefusalText(t, 'unknown-player', "no player named 'Zed' is playing"));
  });
});
