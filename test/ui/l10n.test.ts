// The UI's strings: every key of the English module exists in Danish and German, with the
// same {n} placeholders, and nothing is left empty; the language choice falls back to English.
import { describe, expect, it } from 'vitest';
import { chooseLanguage, LANGUAGES, translator } from '../../media/ui/l10n/index.js';
import { en } from '../../media/ui/l10n/en.js';

const placeholders = (s: string) => [...s.matchAll(/\{(\d+)\}/g)].map((m) => m[1]).sort().join(',');

describe('UI strings (en, da, de)', () => {
  const keys = Object.keys(en).sort();
  for (const lang of ['en', 'da', 'de']) {
    it(`${lang}: every key, no extra key, same placeholders, none empty`, () => {
      const strings = LANGUAGES[lang] as Record<string, string>;
      expect(strings).toBeDefined();
      expect(Object.keys(strings).sort()).toEqual(keys);
      for (const k of keys) {
        expect(strings[k]!.trim(), `${lang} ${k}`).not.toBe('');
        expect(placeholders(strings[k]!), `${lang} ${k}`).toBe(placeholders((en as Record<string, string>)[k]!));
      }
    });
  }

  it('translates Danish and German apart from English', () => {
    const differs = (lang: string) => keys.filter((k) => (LANGUAGES[lang] as Record<string, string>)[k] !== (en as Record<string, string>)[k]).length;
    expect(differs('da')).toBeGreaterThan(keys.length / 2);
    expect(differs('de')).toBeGreaterThan(keys.length / 2);
  });

  it('chooses the language from navigator.language, English when unknown', () => {
    expect(chooseLanguage('da-DK')).toBe('da');
    expect(chooseLanguage('de-AT')).toBe('de');
    expect(chooseLanguage('en-GB')).toBe('en');
    expect(chooseLanguage('fr-FR')).toBe('en');
    expect(chooseLanguage('nb-NO')).toBe('da');
    expect(chooseLanguage(undefined)).toBe('en');
    expect(translator('de')('lines.score', 12)).toBe('Punkte: 12');
    expect(translator('da')('yatzee.throwsLeft', 2)).toBe('Kast tilbage: 2');
  });
});
