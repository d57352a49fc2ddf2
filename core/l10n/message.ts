// A language-server text as an id and its arguments, rendered in the client's language at
// the edge (the language server) and in English everywhere else (the CLI, the game server).
// Parse results keep the Message beside the English text, so one cached parse serves
// clients of every language.
import { chooseLanguage, formatMessage, type MessageArg } from './format.js';
import { da } from './language/da.js';
import { de } from './language/de.js';
import { en, type LanguageCatalogue, type LanguageKey } from './language/en.js';

export type { LanguageKey };

export interface Message {
  id: LanguageKey;
  /** Plain values, or messages rendered in the same language first. */
  args: Array<MessageArg | Message>;
}

export const CATALOGUES: Readonly<Record<string, LanguageCatalogue>> = { en, da, de };
const LANGUAGES = Object.keys(CATALOGUES);
/** The catalogue language of each locale asked for (a parse renders a message per diagnostic). */
const languageOf = new Map<string, string>();

export function msg(id: LanguageKey, ...args: Array<MessageArg | Message>): Message {
  return { id, args };
}

/** `m` in `locale` (a BCP 47 tag; unknown languages read English). */
export function render(m: Message, locale = 'en'): string {
  let lang = languageOf.get(locale);
  if (lang === undefined) {
    lang = chooseLanguage(locale, LANGUAGES);
    if (languageOf.size < 64) languageOf.set(locale, lang);
  }
  const catalogue = CATALOGUES[lang] ?? en;
  const args = m.args.map((a) => (typeof a === 'object' ? render(a, lang) : a));
  return formatMessage(catalogue[m.id] ?? en[m.id], args, lang);
}

export type Translate = (id: LanguageKey, ...args: Array<MessageArg | Message>) => string;

/** A function rendering messages in `locale`. */
export function translator(locale = 'en'): Translate {
  return (id, ...args) => render({ id, args }, locale);
}
