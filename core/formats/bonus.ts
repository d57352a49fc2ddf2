// The bonus file: lines `k:v` for every k in -N..N, each exactly once, in any order.
// -i scores trading i cards, 0 passing, i the bonus for laying i cards; N is the hand size.
import { DiagnosticSink, Line, ZERO_RANGE, isWhite, LineReader, quote, readInt, trimBounds } from './text.js';
import { msg } from '../l10n/message.js';
import type { Bonus, BonusEntry, ParseResult, Range } from './types.js';

/** How many missing keys a `bonus/missing-key` message names before it says "and k more". */
const NAMED_MISSING = 8;

/**
 * The `k:v` a line of two integers with another separator means (`4 = 3`, `4 3`, `4;3`, `4->3`:
 * `4:3`), or null. The invalid-line message and its quick fix.
 */
export function meantBonusLine(line: string): string | null {
  // (one way to match each space: `\s*(?:…|\s)\s*` backtracked over every split of a run of
  // spaces, which took minutes on a long line of them)
  const m = /^\s*(-?\d+)(?:\s*(?:=>|->|[=;,])\s*|\s+)(-?\d+)\s*$/.exec(line);
  return m ? `${m[1]}:${m[2]}` : null;
}

export function parseBonus(text: string): ParseResult<Bonus> {
  const sink = new DiagnosticSink();
  const reader = new LineReader(text);
  const entries: BonusEntry[] = [];
  const values = new Map<number, number>();
  const keyLine = new Map<number, number>();
  /** The key token of each entry, parallel to `entries`. */
  const keyRanges: Range[] = [];
  let sawContent = false;
  /** The keys of lines refused whose key reads (`4 = 3`): said there, not also as missing. */
  const refusedKeys = new Set<number>();

  for (let written = reader.next(); written !== null; written = reader.next()) {
    const n = reader.index;
    const line = new Line(n, written);
    const s = line.text;
    const [a, b] = trimBounds(s);
    if (a === b) continue;
    sawContent = true;
    const key = readInt(s, a);
    const bad = () => {
      if (key?.value !== null && key?.value !== undefined) refusedKeys.add(key.value);
      const meant = meantBonusLine(s.slice(a, b));
      sink.error(() => line.range(a, b), 'bonus/invalid-line', () => (meant ? msg('bonus/invalid-line.meant', quote(s.slice(a, b)), meant) : msg('bonus/invalid-line', quote(s.slice(a, b)))));
    };
    if (key === null) {
      bad();
      continue;
    }
    let i = key.end;
    while (i < b && isWhite(s.charCodeAt(i))) i++;
    if (s.charCodeAt(i) !== 0x3a) {
      bad();
      continue;
    }
    i++;
    while (i < b && isWhite(s.charCodeAt(i))) i++;
    const value = readInt(s, i);
    if (value === null || value.end !== b) {
      bad();
      continue;
    }
    const keyRange = line.range(a, key.end);
    if (key.value === null || value.value === null) {
      const [from, to] = key.value === null ? [a, key.end] : [i, value.end];
      sink.error(line.range(from, to), 'bonus/number-too-large', msg('bonus/number-too-large', quote(s.slice(from, to))));
      continue;
    }
    const k = key.value;
    const before = keyLine.get(k);
    if (before !== undefined) {
      sink.error(keyRange, 'bonus/duplicate-key', () => msg('bonus/duplicate-key', k, before + 1));
      continue;
    }
    keyLine.set(k, n);
    values.set(k, value.value);
    entries.push({ key: k, value: value.value, range: line.range(a, b) });
    keyRanges.push(keyRange);
  }

  let handSize = 0;
  for (const e of entries) handSize = Math.max(handSize, Math.abs(e.key));
  const widest = entries.findIndex((e) => Math.abs(e.key) === handSize);

  if (!sawContent) {
    sink.error(ZERO_RANGE, 'bonus/empty', msg('bonus/empty'));
  } else if (entries.length > 0) {
    const r = keyRanges[widest]!;
    const expected = 2 * handSize + 1;
    if (values.size < expected) {
      const missing: number[] = [];
      // a key on a refused line (`4 = 3`) is not missing: that line's error says what to write
      // (counted from the keys there, not over the range: a key of 10^9 makes it 2·10^9 wide)
      let there = values.size;
      for (const k of refusedKeys) if (!values.has(k) && Math.abs(k) <= handSize) there++;
      const count = expected - there;
      for (let k = -handSize; k <= handSize && missing.length < Math.min(NAMED_MISSING, count); k++) if (!values.has(k) && !refusedKeys.has(k)) missing.push(k);
      const list = missing.join(', ');
      if (count > 0) sink.error(r, 'bonus/missing-key', count > missing.length ? msg('bonus/missing-key.more', count - missing.length, list, handSize) : msg('bonus/missing-key', count, list, handSize));
    } else if (handSize === 0) {
      sink.error(r, 'bonus/zero-hand-size', msg('bonus/zero-hand-size'));
    }
  }
  // A pass or a trade that earns points (a sign typo, `0:2` for `0:-2`): robots then prefer
  // it to laying words (a playtest showed trades on 59 % of turns)
  for (const e of entries) {
    if (e.key <= 0 && e.value > 0) sink.warning(e.range, 'bonus/positive-pass', e.key === 0 ? msg('bonus/positive-pass', e.value) : msg('bonus/positive-trade', -e.key, e.value));
  }
  return { value: { handSize, values, entries }, diagnostics: sink.list };
}

/** Canonical form: one `key:value` line per entry, in file order, no spaces, `\n` endings. */
export function printBonus(bonus: Bonus): string {
  let out = '';
  for (const e of bonus.entries) out += `${e.key}:${e.value}\n`;
  return out;
}
