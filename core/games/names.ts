// Player names, for every game (one home for the rule): how a name is stored, which names
// are refused, and when two names are the same name. A name is stored in NFC, trimmed. It is
// refused when it holds control characters, invisible (format) characters or bidirectional
// controls: "Ann" with a zero-width space, or a right-to-left override that shows a name
// backwards, would look like another player. Two names are the same when their skeletons
// match: compatibility-normalised (NFKC: full-width "Ｒｏｂｏｔ１" is "Robot1"), case-folded,
// and with the Cyrillic and Greek letters that look like Latin ones read as those.

export const MAX_NAME_LENGTH = 39;

/** Control (Cc), format (Cf: zero-width and bidi controls), separators other than the space, unassigned and private-use characters. */
const REFUSED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\u115f\u1160\u3164\uffa0\u034f\u17b4\u17b5\u180b-\u180f\ufe00-\ufe0f]/u;

/** The name as stored, or null when it is no acceptable name (1..39 characters, none refused). */
export function normalizeName(name: unknown): string | null {
  if (typeof name !== 'string') return null;
  const n = name.normalize('NFC').trim();
  const len = [...n].length;
  if (len < 1 || len > MAX_NAME_LENGTH || REFUSED.test(n)) return null;
  return n;
}

/** Letters of other scripts that look like Latin ones (lower case, after NFKC). */
const LOOKALIKES: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w',
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ζ: 'z',
};

/** What a name looks like: equal skeletons are the same name. */
export function nameSkeleton(name: string): string {
  const folded = name.normalize('NFKC').toLocaleLowerCase('en');
  let out = '';
  for (const ch of folded) out += LOOKALIKES[ch] ?? ch;
  return out.replace(/\s+/g, ' ');
}

export function sameName(a: string, b: string): boolean {
  return nameSkeleton(a) === nameSkeleton(b);
}

/** Robot1..RobotN are the robots' names; a name that looks like one is refused to people. */
export function isRobotName(name: string): boolean {
  return /^robot\d+$/.test(nameSkeleton(name));
}
