// The strings of the UI in English, Danish and German: one module per language, chosen
// from the host's language (navigator.language in a browser), English as the fallback.
// Templates use the project's one message syntax with plurals (core/l10n/format.ts).
import { chooseLanguage as choose, formatMessage, type MessageArg } from '../../../core/l10n/format.js';
import { da } from './da.js';
import { de } from './de.js';
import { en, type StringKey, type Strings } from './en.js';

export type { StringKey, Strings };
export const LANGUAGES: Readonly<Record<string, Strings>> = { en, da, de };

/** The language code used for a BCP 47 tag ('da-DK' -> 'da'; nb/no -> 'da'; unknown -> 'en'). */
export function chooseLanguage(tag: string | null | undefined): string {
  return choose(tag, Object.keys(LANGUAGES));
}

export type Translate = (key: StringKey, ...args: MessageArg[]) => string;

export function translator(lang: string): Translate {
  const code = chooseLanguage(lang);
  const strings = LANGUAGES[code] ?? en;
  return (key, ...args) => formatMessage(strings[key] ?? en[key] ?? key, args, code);
}


/** A text that stands alone as a sentence, its first letter a capital (English refusals read on after "Refused:" in lower case). */
export function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A text that ends a sentence on the page: a full stop unless it has its own (the server's refusals have none, as Emacs's messages want). */
export function fullStop(text: string): string {
  return /[.!?…:]$/.test(text.trimEnd()) ? text : `${text.trimEnd()}.`;
}
