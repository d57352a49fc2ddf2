// The strings of the UI in English, Danish and German: one module per language, chosen
// from the host's language (navigator.language in a browser), English as the fallback.
import { da } from './da.js';
import { de } from './de.js';
import { en, type StringKey, type Strings } from './en.js';

export type { StringKey, Strings };
export const LANGUAGES: Readonly<Record<string, Strings>> = { en, da, de };

/** The language code used for a BCP 47 tag ('da-DK' -> 'da'; unknown -> 'en'). */
export function chooseLanguage(tag: string | null | undefined): string {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  // Norwegian Bokmål readers get Danish before English (the seed's Yatzee was Danish)
  if (base === 'nb' || base === 'no') return 'da';
  return base in LANGUAGES ? base : 'en';
}

export type Translate = (key: StringKey, ...args: Array<string | number>) => string;

export function translator(lang: string): Translate {
  const strings = LANGUAGES[chooseLanguage(lang)] ?? en;
  return (key, ...args) => format(strings[key] ?? en[key] ?? key, args);
}

export function format(s: string, args: Array<string | number>): string {
  return s.replace(/\{(\d+)\}/g, (m, i: string) => (args[Number(i)] !== undefined ? String(args[Number(i)]) : m));
}
