// Message templates with plurals, one syntax for every string the project shows (panels,
// extension, language server): `{0}` inserts an argument, and
// `{0, plural, one {# card} other {# cards}}` picks the branch for the number in argument 0
// by the language's plural rules (Intl.PluralRules; `=0`, `=1`… match exact values first),
// `#` standing for the number; `{0, number}` inserts a number as the language writes it
// (4,274 in English, 4.274 in Danish and German), as `#` does. A plain `{0}` is inserted as
// it is: it may be a line, a coordinate or a size written as the files write them. It is the
// plural subset of ICU MessageFormat: a full MessageFormat library would add a parser and a
// bundle we do not need (docs/architecture.md).

export type MessageArg = string | number;

const rulesCache = new Map<string, Intl.PluralRules>();

function pluralRules(locale: string): Intl.PluralRules {
  let r = rulesCache.get(locale);
  if (!r) {
    try {
      r = new Intl.PluralRules(locale);
    } catch {
      r = new Intl.PluralRules('en');
    }
    rulesCache.set(locale, r);
  }
  return r;
}

const numberCache = new Map<string, Intl.NumberFormat>();

/** `n` as `locale` writes a count or an amount: grouped by thousands (4,274; Danish 4.274). */
export function formatNumber(locale: string, n: number): string {
  // below a thousand no language here groups: no formatter for the common case
  if (Number.isInteger(n) && n > -1000 && n < 1000) return String(n);
  let f = numberCache.get(locale);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
    } catch {
      f = new Intl.NumberFormat('en', { maximumFractionDigits: 20 });
    }
    if (numberCache.size < 64) numberCache.set(locale, f);
  }
  return f.format(n);
}

/** The plural category of `n` in `locale` ("one", "other", …). */
export function pluralCategory(locale: string, n: number): Intl.LDMLPluralRule {
  return pluralRules(locale).select(n);
}

/** The index just past the `}` closing the `{` at `open`, or -1 when it is not closed. */
function closing(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === '{') depth++;
    else if (s[i] === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

const PLURAL_HEAD = /^\s*(\d+)\s*,\s*plural\s*,/;
const NUMBER = /^\s*(\d+)\s*,\s*number\s*$/;

/** Fills in `template` for `locale`; an argument that is missing leaves its placeholder as written. */
export function formatMessage(template: string, args: readonly MessageArg[], locale = 'en', hash?: number): string {
  // Text between placeholders is copied a run at a time: the parsers format a message per
  // diagnostic, and a per-character loop was a tenth of a parse of a broken file.
  let out = '';
  let i = 0;
  for (;;) {
    const brace = template.indexOf('{', i);
    const stop = brace < 0 ? template.length : brace;
    if (hash === undefined) out += i === 0 && stop === template.length ? template : template.slice(i, stop);
    else out += template.slice(i, stop).replaceAll('#', formatNumber(locale, hash));
    if (brace < 0) return out;
    const end = closing(template, brace);
    if (end < 0) return out + template.slice(brace);
    const body = template.slice(brace + 1, end - 1);
    const simple = /^\s*(\d+)\s*$/.exec(body);
    const head = simple ? null : PLURAL_HEAD.exec(body);
    const number = simple || head ? null : NUMBER.exec(body);
    if (simple) {
      const a = args[Number(simple[1])];
      out += a === undefined ? template.slice(brace, end) : String(a);
    } else if (number) {
      const a = args[Number(number[1])];
      out += a === undefined ? template.slice(brace, end) : typeof a === 'number' && Number.isFinite(a) ? formatNumber(locale, a) : String(a);
    } else if (head) {
      const a = args[Number(head[1])];
      const n = typeof a === 'number' ? a : Number(a);
      out += a === undefined || !Number.isFinite(n) ? template.slice(brace, end) : formatMessage(pluralBranch(body.slice(head[0].length), n, locale), args, locale, n);
    } else out += template.slice(brace, end);
    i = end;
  }
}

/** The branch of `options` (`one {…} other {…}`) for `n`. */
function pluralBranch(options: string, n: number, locale: string): string {
  const branches = new Map<string, string>();
  const re = /\s*(=\d+|zero|one|two|few|many|other)\s*\{/gy;
  let m: RegExpExecArray | null;
  while ((m = re.exec(options))) {
    const open = re.lastIndex - 1;
    const end = closing(options, open);
    if (end < 0) break;
    branches.set(m[1]!, options.slice(open + 1, end - 1));
    re.lastIndex = end;
  }
  return branches.get(`=${n}`) ?? branches.get(pluralCategory(locale, n)) ?? branches.get('other') ?? '';
}

/** The argument indices a template uses, sorted ("0,1"): translations must use the same. */
export function placeholdersOf(template: string): string {
  return [...new Set([...template.matchAll(/\{\s*(\d+)\s*[,}]/g)].map((m) => Number(m[1])))].sort((a, b) => a - b).join(',');
}

/** The language code of a BCP 47 tag among `known` ('de-AT' -> 'de'; nb/no read Danish; else 'en'). */
export function chooseLanguage(tag: string | null | undefined, known: readonly string[] = ['en', 'da', 'de']): string {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  // Norwegian Bokmål readers get Danish before English (the closest language we have)
  if ((base === 'nb' || base === 'no') && known.includes('da')) return 'da';
  return known.includes(base) ? base : 'en';
}
