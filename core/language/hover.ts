// Hover: what a card, a table cell, a bonus line, a charset line or a word means, in words.
import type { CardTable, CellAttributes, Charset } from '../formats/types.js';
import { makeFolder } from '../ruleset/load.js';
import type { ParseCache, RulesetContext } from './context.js';
import { cellName } from './coordinates.js';
import { contains, lineRange, type TextDocumentView } from './document.js';
import type { Hover, Position } from './lsp.js';
import type { CoordinateOptions } from '../protocol/language.js';

export function hover(doc: TextDocumentView, pos: Position, ctx: RulesetContext, cache: ParseCache, coords: CoordinateOptions): Hover | null {
  switch (doc.kind) {
    case 'cardset':
      return cardHover(doc, pos, ctx, cache);
    case 'cardtable':
      return tableHover(doc, pos, cache, coords);
    case 'bonus':
      return bonusHover(doc, pos, cache);
    case 'charset':
      return charsetHover(doc, pos, ctx, cache);
    case 'dictionary':
      return wordHover(doc, pos, ctx, cache);
  }
}

const md = (value: string) => ({ kind: 'markdown' as const, value });
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const code = (s: string) => '`' + (s.length > 80 ? `${s.slice(0, 80)}…` : s).replace(/`/g, 'ˋ') + '`';

function charsetOf(doc: TextDocumentView, ctx: RulesetContext, cache: ParseCache): Charset | undefined {
  return ctx.charset && ctx.charset.name !== doc.name ? cache.charsetOf(ctx) : undefined;
}

function cardHover(doc: TextDocumentView, pos: Position, ctx: RulesetContext, cache: ParseCache): Hover | null {
  const charset = charsetOf(doc, ctx, cache);
  const cardset = cache.get('cardset', doc, charset).value;
  const card = cardset.cards.find((c) => contains(c.range, pos));
  if (!card) {
    if (pos.line === 0 && cardset.declaredCount !== null) {
      return { contents: md(`**${plural(cardset.declaredCount, 'card')}** declared, ${cardset.cards.length} listed`), range: lineRange(0, 0, doc.line(0).length) };
    }
    return null;
  }
  if (card.char === null) {
    const wild = cardset.cards.filter((c) => c.char === null);
    return { contents: md(`**wildcard** worth ${card.points}: it stands for any character\n\n${plural(wild.length, 'wildcard')} in the card set: ${pointsBreakdown(wild.map((c) => c.points))}`), range: card.range };
  }
  const entryIndex = charset?.index.get(card.char) ?? charset?.index.get(card.char.normalize('NFC'));
  const entry = entryIndex === undefined ? undefined : charset?.entries[entryIndex];
  const same = cardset.cards.filter((c) => c.char !== null && (entryIndex === undefined ? c.char === card.char : charset?.index.get(c.char) === entryIndex));
  const lines = [`**${entry?.canonical ?? card.char}** worth ${card.points}`];
  if (entry) lines.push(`equivalents: ${entry.equivalents.map(code).join(' ')}`);
  else if (charset) lines.push(`${code(card.char)} is not in the charset`);
  lines.push(`${plural(same.length, 'card')} of ${entry?.canonical ?? card.char} in the set of ${cardset.cards.length}: ${pointsBreakdown(same.map((c) => c.points))}`);
  return { contents: md(lines.join('\n\n')), range: card.range };
}

function pointsBreakdown(points: number[]): string {
  const counts = new Map<number, number>();
  for (const p of points) counts.set(p, (counts.get(p) ?? 0) + 1);
  return [...counts].sort((a, b) => a[0] - b[0]).map(([p, n]) => `${n} × ${p} ${Math.abs(p) === 1 ? 'point' : 'points'}`).join(', ');
}

/** The attributes of a cell in words. */
export function describeCell(cell: CellAttributes | undefined): string {
  if (!cell) return 'outside the table';
  const parts: string[] = [];
  if (cell.blocked) parts.push('blocked');
  if (cell.points !== 0) parts.push(`${cell.points} cell points`);
  if (cell.letterFactor !== 1) parts.push(`letter factor ${cell.letterFactor}`);
  if (cell.wordFactor !== 1) parts.push(`word factor ${cell.wordFactor}`);
  return parts.length ? parts.join(', ') : 'a plain cell';
}

/** The start condition in words. */
export function describeStart(table: CardTable, coords: CoordinateOptions = {}): string {
  const { touchColumn, touchRow } = table.start;
  if (touchColumn !== null && touchRow !== null) return `the first move must cover ${cellName(touchColumn, touchRow, coords)} (${touchColumn},${touchRow})`;
  if (touchColumn !== null) return `the first move must touch column ${touchColumn} (${cellName(touchColumn, 0, coords).replace(/\d+$/, '') || touchColumn})`;
  if (touchRow !== null) return `the first move must touch row ${touchRow} (${coords.digitsForColumns ? cellName(0, touchRow, coords).replace(/\d+$/, '') : touchRow + 1})`;
  return 'no start condition: the first move may go anywhere';
}

const PAREN = /\(\s*([-+]?\d+)\s*,\s*([-+]?\d+)\s*\)/g;

function tableHover(doc: TextDocumentView, pos: Position, cache: ParseCache, coords: CoordinateOptions): Hover | null {
  const table = cache.get('cardtable', doc).value;
  const text = doc.line(pos.line);
  const cellLine = table.lines.find((l) => contains(l.range, pos));
  if (cellLine) {
    const { column, row } = cellLine;
    const inside = column >= 0 && row >= 0 && column < table.width && row < table.height;
    const cell = inside ? table.cells[row * table.width + column] : undefined;
    const written = cellLine.attributes.map((a) => (a.kind === 'B' ? 'B' : `${a.kind} ${a.value}`)).join(' ');
    const lines = [`**(${column},${row}) = ${cellName(column, row, coords)}**`, inside ? describeCell(cell) : 'outside the table'];
    const others = table.lines.filter((l) => l !== cellLine && l.column === column && l.row === row);
    if (others.length) lines.push(`this line sets ${written || 'nothing'}; the cell is set on ${plural(others.length + 1, 'line')} in all`);
    return { contents: md(lines.join('\n\n')), range: cellLine.range };
  }
  // The size, the start condition, the end tag.
  const size = /^\s*(\d+)\s*\*\s*(\d+)/.exec(text);
  if (size && pos.character <= size[0].length) {
    return { contents: md(`**${table.width} columns × ${table.height} rows** (${table.width * table.height} cells), columns ${cellName(0, 0, coords)}…${cellName(Math.max(0, table.width - 1), Math.max(0, table.height - 1), coords)}`), range: lineRange(pos.line, 0, size[0].length) };
  }
  for (const m of text.matchAll(PAREN)) {
    const start = m.index;
    if (pos.character < start || pos.character > start + m[0].length) continue;
    const c = Number(m[1]);
    const r = Number(m[2]);
    const range = lineRange(pos.line, start, start + m[0].length);
    const end = table.endTag;
    if (end && end.column === c && end.row === r && (c >= table.width || r >= table.height) && !isStartLine(doc, pos.line)) {
      return { contents: md('**end tag**: a cell outside the table ends the attribute lines'), range };
    }
    if (c === table.start.column && r === table.start.row) return { contents: md(`**start condition** (${c},${r}): ${describeStart(table, coords)}`), range };
  }
  return null;
}

/** True when `line` is the first line holding a parenthesised pair (the start condition). */
function isStartLine(doc: TextDocumentView, line: number): boolean {
  for (let l = 0; l < line; l++) if (/\(/.test(doc.line(l))) return false;
  return true;
}

function bonusHover(doc: TextDocumentView, pos: Position, cache: ParseCache): Hover | null {
  const bonus = cache.get('bonus', doc).value;
  const e = bonus.entries.find((x) => x.range.start.line === pos.line);
  if (!e) return null;
  return { contents: md(bonusLine(e.key, e.value)), range: e.range };
}

/** "trading 3 cards scores -5", "passing scores -1", "laying 5 cards adds a bonus of 5". */
export function bonusLine(key: number, value: number): string {
  if (key < 0) return `trading ${plural(-key, 'card')} scores ${value}`;
  if (key === 0) return `passing scores ${value}`;
  return `laying ${plural(key, 'card')} adds a bonus of ${value} to the move`;
}

function charsetHover(doc: TextDocumentView, pos: Position, ctx: RulesetContext, cache: ParseCache): Hover | null {
  const charset = cache.get('charset', doc).value;
  const i = charset.entries.findIndex((e) => e.range.start.line === pos.line);
  const entry = charset.entries[i];
  if (!entry) {
    if (pos.line === 0 && charset.declaredCount !== null) return { contents: md(`**${plural(charset.declaredCount, 'character')}** declared, ${charset.entries.length} listed`), range: lineRange(0, 0, doc.line(0).length) };
    return null;
  }
  const lines = [`**${entry.canonical}**: character ${i + 1} of ${charset.entries.length}`, `accepted as ${entry.equivalents.map(code).join(' ')}; printed as ${code(entry.canonical)}`];
  if (ctx.cardset) {
    const cards = cache.get('cardset', ctx.cardset, charset).value.cards.filter((c) => c.char !== null && charset.index.get(c.char) === i);
    lines.push(`${plural(cards.length, 'card')} in ${baseOf(ctx.cardset.name)}`);
  }
  return { contents: md(lines.join('\n\n')), range: entry.range };
}

function wordHover(doc: TextDocumentView, pos: Position, ctx: RulesetContext, cache: ParseCache): Hover | null {
  const word = doc.line(pos.line).trim();
  if (!word) return null;
  const charset = charsetOf(doc, ctx, cache);
  if (!charset) return null;
  const canon = makeFolder(charset).canonicalWord(word.normalize('NFC'));
  const value = canon === undefined ? `${code(word)} cannot be spelled with the charset` : `${code(word)} is played as **${canon}** (${plural([...canon].length, 'card')})`;
  return { contents: md(value), range: lineRange(pos.line, 0, doc.line(pos.line).length) };
}

function baseOf(name: string): string {
  return name.split(/[\\/]/).pop() ?? name;
}
