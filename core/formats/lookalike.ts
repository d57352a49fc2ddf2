// Letters of the Latin, Greek and Cyrillic scripts that look the same in most fonts. A word
// list or card set typed on another keyboard layout mixes them (a Latin B in a Greek word, a
// Cyrillic а in an English one), and "'B' is not in the charset" is then a riddle: the
// charset has a B. The diagnostic names the look-alike, and the quick fix puts it in.
import { describeChar } from './text.js';
import { msg, type Message } from '../l10n/message.js';

const GROUPS = [
  'AΑА', 'BΒВ', 'CСϹ', 'EΕЕ', 'HΗН', 'IΙІӀ', 'JЈ', 'KΚК', 'MΜМ', 'NΝ', 'OΟО', 'PΡР', 'SЅ', 'TΤТ', 'XΧХ', 'YΥҮ', 'ZΖ', 'ΓГ', 'ΠП', 'ΦФ',
  'aа', 'cсϲ', 'eе', 'iі', 'jј', 'oοо', 'pρр', 'sѕ', 'xх', 'yу', 'vν',
];

/** The script of a group's letter: look-alikes are of another script (Cyrillic І and Ӏ, both in the I group, are two letters of one). */
function script(c: string): string {
  return /\p{Script=Greek}/u.test(c) ? 'Greek' : /\p{Script=Cyrillic}/u.test(c) ? 'Cyrillic' : 'Latin';
}

const LOOKS = new Map<string, string[]>();
for (const g of GROUPS) for (const c of g) LOOKS.set(c, [...g].filter((o) => script(o) !== script(c)));

/** The character of another script that looks like `ch` and that `has` accepts (the charset's), or null. */
export function lookAlike(ch: string, has: (c: string) => boolean): string | null {
  for (const o of LOOKS.get(ch) ?? []) if (has(o)) return o;
  return null;
}

/**
 * The other case of `ch` that `has` accepts (the charset's `a` for a word's `A`, on a line of
 * its own), or null: the two are one letter only written on one line.
 */
export function otherCase(ch: string, has: (c: string) => boolean): string | null {
  for (const o of [ch.toLowerCase(), ch.toUpperCase()]) if (o !== ch && [...o].length === 1 && has(o)) return o;
  return null;
}

/**
 * `cardset/unknown-character` or `dictionary/unknown-character`, naming the charset's look-alike
 * when it has one, or its other case (`A` under a line `a`: it said only "'A' is not in the
 * charset", and its fix added `A` as a letter of its own).
 */
export function unknownCharMessage(kind: 'cardset' | 'dictionary', ch: string, has: ((c: string) => boolean) | undefined): Message {
  const like = has ? lookAlike(ch, has) : null;
  if (like !== null) return msg(`${kind}/unknown-character.lookalike`, withCode(ch), withCode(like));
  const other = has ? otherCase(ch, has) : null;
  if (other !== null) return msg(`${kind}/unknown-character.case`, describeChar(ch), describeChar(other));
  return msg(`${kind}/unknown-character`, describeChar(ch));
}

/** `'B' (U+0042)`: the code point even for ASCII, where the look-alikes differ only in it. */
export function withCode(ch: string): string {
  return `'${ch}' (U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`;
}
