// The card-table file: `W*H`, the start condition `(c,r)`, attribute lines
// `(c,r) B | C points | L factor | W factor ... ;`, and the end tag `(c,r)` outside the
// table. Read as a stream of tokens (line breaks are white space), so one item may span
// lines or share one; the printer writes one item per line.
import { DiagnosticSink, Line, ZERO_RANGE, charAt, isDigit, isWhite, LineReader, quote, readInt } from './text.js';
import { msg, type Message } from '../l10n/message.js';
import type { CardTable, CellAttributes, CellLine, ParseResult, Range, StartCondition } from './types.js';

/** Width and height are each 1..MAX_TABLE_SIDE. */
export const MAX_TABLE_SIDE = 1000;

type Kind = 'int' | 'word' | '(' | ')' | ',' | '*' | ';' | 'other';

interface Token {
  kind: Kind;
  line: Line;
  start: number;
  end: number;
  /** For `int`: the value, or null when too large. */
  value: number | null;
}

function isLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function punct(c: number): Kind | null {
  switch (c) {
    case 0x28: return '(';
    case 0x29: return ')';
    case 0x2c: return ',';
    case 0x2a: return '*';
    case 0x3b: return ';';
    default: return null;
  }
}

/** A lazy tokenizer: memory stays small on huge files, time is linear. */
class Tokens {
  private readonly reader: LineReader;
  private line: Line | null = null;
  private i = 0;
  private peeked: Token | null | undefined = undefined;
  /** The last token consumed by `next`. */
  last: Token | null = null;

  constructor(text: string) {
    this.reader = new LineReader(text);
  }

  peek(): Token | null {
    if (this.peeked === undefined) this.peeked = this.scan();
    return this.peeked;
  }

  next(): Token | null {
    const t = this.peek();
    this.peeked = undefined;
    if (t !== null) this.last = t;
    return t;
  }

  private scan(): Token | null {
    for (;;) {
      const line = this.line;
      if (line === null || this.i >= line.text.length) {
        const written = this.reader.next();
        if (written === null) return null;
        this.line = new Line(this.reader.index, written);
        this.i = 0;
        continue;
      }
      const s = line.text;
      const start = this.i;
      const c = s.charCodeAt(start);
      if (isWhite(c)) {
        this.i++;
        continue;
      }
      const p = punct(c);
      let kind: Kind;
      let value: number | null = null;
      let end = start + 1;
      if (p !== null) kind = p;
      else if (isDigit(c) || (c === 0x2d && isDigit(s.charCodeAt(start + 1)))) {
        const int = readInt(s, start)!;
        kind = 'int';
        value = int.value;
        end = int.end;
      } else if (isLetter(c)) {
        kind = 'word';
        while (end < s.length && isLetter(s.charCodeAt(end))) end++;
      } else {
        kind = 'other';
        end = start + charAt(s, start).length;
        for (;;) {
          const d = s.charCodeAt(end);
          if (end >= s.length || isWhite(d) || isDigit(d) || isLetter(d) || punct(d) !== null || d === 0x2d) break;
          end += charAt(s, end).length;
        }
      }
      this.i = end;
      return { kind, line, start, end, value };
    }
  }
}

function attributeStarts(t: Token): boolean {
  if (t.kind === ';') return true;
  if (t.kind !== 'word') return false;
  const w = t.line.text.slice(t.start, t.end);
  return w === 'B' || w === 'C' || w === 'L' || w === 'W';
}

function tokRange(t: Token): Range {
  return t.line.range(t.start, t.end);
}

function span(a: Token, b: Token): Range {
  return { start: tokRange(a).start, end: tokRange(b).end };
}

function tokText(t: Token): string {
  return t.line.text.slice(t.start, t.end);
}

interface Pair {
  column: number;
  row: number;
  open: Token;
  close: Token;
  /** False when a number was too large (reported): the item is read but has no effect. */
  valid: boolean;
}

const ATTRIBUTE_HELP = msg('cardtable/attributeHelp');

export function parseCardTable(text: string): ParseResult<CardTable> {
  const sink = new DiagnosticSink();
  const tz = new Tokens(text);
  const endOfLast = (): Range => {
    const t = tz.last;
    if (t === null) return ZERO_RANGE;
    const e = tokRange(t).end;
    return { start: e, end: e };
  };

  /** Consumes tokens up to (not including) the next `(`; returns the last one consumed. */
  const skipToOpen = (): Token | null => {
    let last: Token | null = null;
    for (let t = tz.peek(); t !== null && t.kind !== '('; t = tz.peek()) last = tz.next();
    return last;
  };
  const unexpected = (first: Token, help: Message) => {
    const last = skipToOpen() ?? first;
    sink.error(() => span(first, last), 'cardtable/unexpected-text', () => msg('cardtable/unexpected-text', quote(tokText(first)), help));
  };

  // ---- dimensions
  let width = 0;
  let height = 0;
  let dimsOk = false;
  const first = tz.peek();
  if (first === null) {
    sink.error(ZERO_RANGE, 'cardtable/invalid-dimensions', msg('cardtable/invalid-dimensions.empty'));
  } else {
    const a = first.kind === 'int' ? tz.next() : null;
    // `15x15` (or `15 x 15`, `15×15`): read as meant, so that the rest is checked against
    // the table, and said with the spelling to write
    const sep = a !== null ? tz.peek() : null;
    const cross = sep !== null && (sep.kind === 'word' || sep.kind === 'other') && /^[xX×]$/.test(tokText(sep));
    const star = a !== null && (sep?.kind === '*' || cross) ? tz.next() : null;
    const b = star !== null && tz.peek()?.kind === 'int' ? tz.next() : null;
    if (cross && b !== null && a !== null) {
      sink.error(() => span(a, b), 'cardtable/invalid-dimensions', () => msg('cardtable/invalid-dimensions.cross', quote(a.line === b.line ? a.line.text.slice(a.start, b.end) : `${tokText(a)} ${tokText(star!)} ${tokText(b)}`), `${tokText(a)}*${tokText(b)}`));
    }
    if (a === null || b === null) {
      skipToOpen();
      const r = first.kind === '(' ? tokRange(first) : span(first, tz.last ?? first);
      sink.error(r, 'cardtable/invalid-dimensions', msg('cardtable/invalid-dimensions'));
    } else {
      dimsOk = true;
      for (const t of [a, b]) {
        if (t.value === null || t.value < 1 || t.value > MAX_TABLE_SIDE) {
          dimsOk = false;
          sink.error(() => tokRange(t), 'cardtable/dimensions-range', msg(t === a ? 'cardtable/dimensions-range.width' : 'cardtable/dimensions-range.height', quote(tokText(t)), MAX_TABLE_SIDE));
        }
      }
      if (dimsOk) {
        width = a.value!;
        height = b.value!;
      }
    }
  }
  const cells: CellAttributes[] = [];
  for (let k = 0; k < width * height; k++) cells.push({ blocked: false, points: 0, letterFactor: 1, wordFactor: 1 });

  // ---- coordinates
  const parsePair = (): Pair | null => {
    const open = tz.next()!; // the caller saw `(`
    let ok = true;
    const nums: number[] = [];
    const fail = (at: Token | null): null => {
      const end = at !== null && at.kind !== '(' ? at : tz.last ?? open;
      sink.error(() => span(open, end), 'cardtable/invalid-coordinates', msg('cardtable/invalid-coordinates'));
      if (at !== null && at.kind !== '(') {
        tz.next();
        if (at.kind === ';') return null;
      }
      for (let t = tz.peek(); t !== null && t.kind !== '('; t = tz.peek()) {
        tz.next();
        if (t.kind === ';') break;
      }
      return null;
    };
    for (const want of ['int', ',', 'int', ')'] as const) {
      const t = tz.peek();
      if (t === null || t.kind !== want) return fail(t);
      tz.next();
      if (want === 'int') {
        if (t.value === null) {
          ok = false;
          sink.error(() => tokRange(t), 'cardtable/number-too-large', () => msg('cardtable/number-too-large', quote(tokText(t))));
        } else nums.push(t.value);
      }
    }
    return { column: nums[0] ?? 0, row: nums[1] ?? 0, open, close: tz.last!, valid: ok };
  };
  const pairRange = (p: Pair) => span(p.open, p.close);

  const lines: CellLine[] = [];
  const cellLine = new Map<number, number>(); // cell index -> 0-based line of its attribute line

  const parseAttributes = (pair: Pair | null) => {
    const attributes: CellLine['attributes'] = [];
    const seen = new Set<string>();
    let ended = false;
    // an item written but refused (`w 2`, `W` alone): its own error names the mistake, so
    // the line is not also said to have no attributes
    let refused = false;
    for (;;) {
      const t = tz.peek();
      if (t === null || t.kind === '(') {
        sink.error(endOfLast, 'cardtable/missing-semicolon', msg('cardtable/missing-semicolon'));
        break;
      }
      tz.next();
      if (t.kind === ';') {
        ended = true;
        break;
      }
      if (t.kind !== 'word') {
        sink.error(() => tokRange(t), 'cardtable/unexpected-text', () => msg('cardtable/unexpected-text.attribute', quote(tokText(t)), ATTRIBUTE_HELP));
        refused = true;
        continue;
      }
      const name = tokText(t);
      if (name !== 'B' && name !== 'C' && name !== 'L' && name !== 'W') {
        const v = tz.peek();
        const last = v !== null && v.kind === 'int' ? tz.next()! : t;
        // `w 2`: an attribute in lower case, said so with the line to write (`W 2`)
        const upper = /^[bclw]$/.test(name) ? `${name.toUpperCase()}${last === t ? '' : ` ${tokText(last)}`}` : null;
        sink.error(() => span(t, last), 'cardtable/unknown-attribute', () => (upper ? msg('cardtable/unknown-attribute.case', quote(name), upper) : msg('cardtable/unknown-attribute', quote(name), ATTRIBUTE_HELP)));
        refused = true;
        continue;
      }
      let attr: CellLine['attributes'][number];
      let last = t;
      if (name === 'B') attr = { kind: 'B' };
      else {
        const v = tz.peek();
        if (v === null || v.kind !== 'int') {
          sink.error(() => tokRange(t), 'cardtable/missing-value', name === 'C' ? msg('cardtable/missing-value.points') : msg('cardtable/missing-value', name));
          refused = true;
          continue;
        }
        tz.next();
        last = v;
        if (v.value === null) {
          sink.error(() => tokRange(v), 'cardtable/number-too-large', () => msg('cardtable/number-too-large', quote(tokText(v))));
          refused = true;
          continue;
        }
        if (name !== 'C' && v.value < 1) {
          sink.error(() => tokRange(v), 'cardtable/factor-range', msg(name === 'L' ? 'cardtable/factor-range.letter' : 'cardtable/factor-range.word', v.value));
        }
        attr = { kind: name, value: v.value };
      }
      if (seen.has(name)) {
        sink.error(() => span(t, last), 'cardtable/duplicate-attribute', msg('cardtable/duplicate-attribute', name));
        continue;
      }
      seen.add(name);
      attributes.push(attr);
    }
    if (pair === null || !pair.valid) return;
    if (attributes.length === 0) {
      if (ended && !refused) sink.error(() => pairRange(pair), 'cardtable/missing-attributes', msg('cardtable/missing-attributes', pair.column, pair.row, ATTRIBUTE_HELP));
      return;
    }
    const { column, row } = pair;
    const line: CellLine = { column, row, attributes, range: { start: tokRange(pair.open).start, end: tokRange(tz.last!).end } };
    if (seen.has('B') && seen.size > 1) {
      sink.warning(line.range, 'cardtable/blocked-attributes', msg('cardtable/blocked-attributes'));
    }
    // Lines outside the table or for a cell already set have no effect and stay out of
    // the model (a 50 MB file of repeats would otherwise keep millions of them).
    if (!dimsOk) {
      lines.push(line);
      return;
    }
    if (column < 0 || row < 0 || column >= width || row >= height) {
      sink.error(() => pairRange(pair), 'cardtable/cell-outside', () => msg('cardtable/cell-outside', column, row, width, height, width - 1, height - 1));
      return;
    }
    const idx = row * width + column;
    const before = cellLine.get(idx);
    if (before !== undefined) {
      // both on one line: "line 3" would name the duplicate's own line
      const sameLine = before === pair.open.line.index;
      sink.error(() => pairRange(pair), 'cardtable/duplicate-cell', () => (sameLine ? msg('cardtable/duplicate-cell.sameLine', column, row) : msg('cardtable/duplicate-cell', column, row, before + 1)));
      return;
    }
    cellLine.set(idx, pair.open.line.index);
    lines.push(line);
    const cell = cells[idx]!;
    for (const a of attributes) {
      if (a.kind === 'B') cell.blocked = true;
      else if (a.kind === 'C') cell.points = a.value;
      else if (a.kind === 'L') cell.letterFactor = a.value;
      else cell.wordFactor = a.value;
    }
  };
  const attributesFollow = () => {
    const t = tz.peek();
    return t !== null && t.kind !== '(';
  };

  // ---- start condition
  let start: StartCondition = { column: -1, row: -1, touchColumn: null, touchRow: null };
  let startRange: Range | null = null;
  for (let t = tz.peek(); t !== null && t.kind !== '('; t = tz.peek()) unexpected(t, msg('cardtable/help.start'));
  const reachedStart = tz.peek() !== null;
  if (!reachedStart) {
    if (first !== null) sink.error(endOfLast, 'cardtable/missing-start', msg('cardtable/missing-start'));
  } else {
    const pair = parsePair();
    if (pair !== null && attributesFollow() && attributeStarts(tz.peek()!)) {
      sink.error(() => pairRange(pair), 'cardtable/missing-start', msg('cardtable/missing-start.beforeLine'));
      parseAttributes(pair);
    } else if (pair !== null && pair.valid) {
      start = { column: pair.column, row: pair.row, touchColumn: null, touchRow: null };
      startRange = pairRange(pair);
    }
  }

  // ---- attribute lines and the end tag
  let endTag: CardTable['endTag'] = null;
  /** The file ends with a pair inside the table: said as the end tag written wrong, once. */
  let lastInside = false;
  while (endTag === null) {
    const t = tz.peek();
    if (t === null) break;
    if (t.kind !== '(') {
      unexpected(t, msg('cardtable/help.line'));
      continue;
    }
    const pair = parsePair();
    if (pair === null) continue;
    const { column, row } = pair;
    if (!pair.valid) {
      if (attributesFollow()) parseAttributes(pair);
      continue;
    }
    const outside = !dimsOk || column >= width || row >= height;
    // After a pair outside the table, only a real attribute makes it an attribute line
    // (reported as outside); anything else is the end tag followed by stray text. With the
    // dimensions unknown no pair is known to be outside: whatever follows a pair is its
    // attributes (`(6,6) l 2;` gets its unknown attribute, not "text after the end tag"
    // over the rest of the file), and only a pair that ends the file is the end tag.
    if (attributesFollow() && (!outside || !dimsOk || attributeStarts(tz.peek()!))) {
      parseAttributes(pair);
      continue;
    }
    if (!dimsOk && tz.peek() !== null) continue;
    if (outside) {
      endTag = { column, row };
      const rest = tz.peek();
      if (rest !== null) {
        while (tz.next() !== null);
        sink.error({ start: tokRange(rest).start, end: tokRange(tz.last!).end }, 'cardtable/text-after-end', msg('cardtable/text-after-end'));
      }
    } else {
      // the last item (`(9,9)` ending a 10*10 table): the end tag written too small, not also
      // "the table has no end tag"
      lastInside = tz.peek() === null;
      sink.error(
        pairRange(pair),
        'cardtable/invalid-end-tag',
        lastInside ? msg('cardtable/invalid-end-tag.last', column, row, width, height) : msg('cardtable/invalid-end-tag', column, row, width, height),
      );
    }
  }
  if (endTag === null && reachedStart && !lastInside) {
    sink.error(endOfLast, 'cardtable/missing-end-tag', msg('cardtable/missing-end-tag', Math.max(width, 1), Math.max(height, 1)));
  }

  // ---- the start condition, checked against the blocked cells
  if (dimsOk && startRange !== null) {
    const c = start.column;
    const r = start.row;
    start.touchColumn = c >= 0 && c < width ? c : null;
    start.touchRow = r >= 0 && r < height ? r : null;
    // Neither in range is the format's "no condition" (the seed's own (18,10) in 18*10), but
    // read as a cell it looks like one (a typo, a table made smaller): what it means is said,
    // as information, not a warning: the seed's way of writing it is no mistake. One in range
    // is the documented way to ask for a column or a row, as the seed's (10,11).
    if (start.touchColumn === null && start.touchRow === null) {
      sink.information(startRange, 'cardtable/start-outside', msg('cardtable/start-outside', c, r, width, height, width - 1, height - 1));
    }
    if (start.touchColumn !== null && start.touchRow !== null && cells[r * width + c]!.blocked) {
      sink.error(startRange, 'cardtable/start-blocked', msg('cardtable/start-blocked', c, r));
    } else if (!hasFirstMove(cells, width, height, start)) {
      const why =
        start.touchColumn !== null && start.touchRow !== null ? msg('cardtable/no-first-move.cell', c, r)
          : start.touchColumn !== null ? msg('cardtable/no-first-move.column', c)
            : start.touchRow !== null ? msg('cardtable/no-first-move.row', r) : msg('cardtable/no-first-move');
      sink.error(startRange, 'cardtable/no-first-move', why);
    } else {
      // free cells no move can ever cover: blocked cells wall them off from where games start
      const never = unreachableCells(cells, width, height, start);
      if (never.length > 0) {
        const named = never.slice(0, UNREACHABLE_NAMED).map((i) => `(${i % width},${Math.floor(i / width)})`).join(' ') + (never.length > UNREACHABLE_NAMED ? ' …' : '');
        sink.warning(startRange, 'cardtable/unreachable-cells', msg('cardtable/unreachable-cells', never.length, named));
      }
    }
  }
  return { value: { width, height, start, endTag, cells, lines }, diagnostics: sink.list };
}

/** True if two adjacent free cells in a row or column satisfy the start condition. */
export function hasFirstMove(cells: CellAttributes[], width: number, height: number, start: StartCondition): boolean {
  const free = (x: number, y: number) => !cells[y * width + x]!.blocked;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!free(x, y)) continue;
      if (x + 1 < width && free(x + 1, y) && (meetsStart(start, x, y) || meetsStart(start, x + 1, y))) return true;
      if (y + 1 < height && free(x, y + 1) && (meetsStart(start, x, y) || meetsStart(start, x, y + 1))) return true;
    }
  }
  return false;
}

/** A run of free cells: its first cell (0-based), its length, across a row or down a column. */
export interface FirstRun {
  length: number;
  column: number;
  row: number;
  across: boolean;
}

/**
 * The longest run of free cells (side by side in a row or a column) in which a first move
 * can lie: one that meets the start condition. A word longer than it can never be the first
 * move, so if every word is, no move is ever possible. Null when the table has no free cell.
 */
export function longestFirstRun(cells: CellAttributes[], width: number, height: number, start: StartCondition): FirstRun | null {
  let best: FirstRun | null = null;
  const free = (x: number, y: number) => !cells[y * width + x]!.blocked;
  const consider = (across: boolean, x0: number, y0: number, length: number) => {
    // some cell of the run meets the start condition: a word as long as the run can cover it
    let meets = false;
    for (let k = 0; k < length && !meets; k++) meets = meetsStart(start, across ? x0 + k : x0, across ? y0 : y0 + k);
    if (meets && (best === null || length > best.length)) best = { length, column: x0, row: y0, across };
  };
  // each row's runs, then each column's: `line` across them, `at` along them
  for (const across of [true, false]) {
    const lines = across ? height : width;
    const len = across ? width : height;
    const cell = (line: number, at: number) => (across ? free(at, line) : free(line, at));
    for (let line = 0; line < lines; line++) {
      for (let at = 0; at < len; ) {
        if (!cell(line, at)) { at++; continue; }
        let e = at;
        while (e < len && cell(line, e)) e++;
        consider(across, across ? at : line, across ? line : at, e - at);
        at = e;
      }
    }
  }
  return best;
}

/**
 * Whether a card on (col, row) meets the start condition: on the column and the row it
 * names, either of them alone, or anywhere when it names neither.
 */
export function meetsStart(start: Pick<StartCondition, 'touchColumn' | 'touchRow'>, col: number, row: number): boolean {
  return (start.touchColumn === null || start.touchColumn === col) && (start.touchRow === null || start.touchRow === row);
}

/** At most this many unreachable cells are named in the warning. */
const UNREACHABLE_NAMED = 8;

/**
 * The free cells no move can ever cover (row-major indices, in order). The cards on the table
 * always form one run of free cells joined side by side: the first move lays two or more
 * adjacent cards meeting the start condition, and every later move touches a card. So only
 * the groups of free cells (joined side by side) that hold such a first move can be covered.
 */
export function unreachableCells(cells: CellAttributes[], width: number, height: number, start: StartCondition): number[] {
  const n = width * height;
  const group = new Int32Array(n).fill(-1);
  const playable: boolean[] = [];
  const queue = new Int32Array(n);
  for (let s = 0; s < n; s++) {
    if (cells[s]!.blocked || group[s] !== -1) continue;
    const g = playable.length;
    let head = 0;
    let tail = 0;
    let startsHere = false;
    group[s] = g;
    queue[tail++] = s;
    while (head < tail) {
      const i = queue[head++]!;
      const x = i % width;
      const y = (i - x) / width;
      for (const j of [x > 0 ? i - 1 : -1, x + 1 < width ? i + 1 : -1, y > 0 ? i - width : -1, y + 1 < height ? i + width : -1]) {
        if (j < 0 || cells[j]!.blocked) continue;
        // a first move: this cell and a free neighbour, one of them meeting the condition
        if (meetsStart(start, x, y) || meetsStart(start, j % width, Math.floor(j / width))) startsHere = true;
        if (group[j] === -1) {
          group[j] = g;
          queue[tail++] = j;
        }
      }
    }
    playable.push(startsHere);
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (!cells[i]!.blocked && !playable[group[i]!]) out.push(i);
  return out;
}

function attributeText(a: CellLine['attributes'][number]): string {
  return a.kind === 'B' ? 'B' : `${a.kind} ${a.value}`;
}

/**
 * Canonical form: `W*H`; the start condition `(c,r)`; the attribute lines in file order,
 * `(c,r)` then the attributes as written, one space apart, then `;`; the end tag. One line
 * after another, as the shipped samples are written; no spaces inside parentheses; `\n`
 * endings.
 */
export function printCardTable(table: CardTable): string {
  let out = `${table.width}*${table.height}\n(${table.start.column},${table.start.row})\n`;
  for (const l of table.lines) out += `(${l.column},${l.row}) ${l.attributes.map(attributeText).join(' ')};\n`;
  if (table.endTag !== null) out += `(${table.endTag.column},${table.endTag.row})\n`;
  return out;
}
