// Hover: what a card, a table cell, a bonus line, a charset line or a word means, in words.
import type { CardTable, CellAttributes, Charset } from '../formats/types.js';
import { makeFolder } from '../ruleset/load.js';
import type { ParseCache, RulesetContext } from './context.js';
import { Coordinates, withIndices, type CoordinateOptions } from '../coordinates.js';
import type { Translate } from '../l10n/message.js';
import { contains, lineRange, type TextDocumentView } from './document.js';
import { learnedHover, type LearnedValues } from './learned.js';
import type { Hover, Position } from './lsp.js';

/** `learned`: the learned card values of the ruleset, for a card set's hovers. */
export function hover(doc: TextDocumentView, pos: Position, ctx: RulesetContext, cache: ParseCache, coords: CoordinateOptions, t: Translate, locale: string, learned?: LearnedValues): Hover | null {
  switch (doc.kind) {
    case 'cardset':
      return cardHover(doc, pos, ctx, cache, t, locale, learned);
    case 'cardtable':
      return tableHover(doc, pos, cache, coords, t);
    case 'bonus':
      return bonusHover(doc, pos, cache, t);
    case 'charset':
      return charsetHover(doc, pos, ctx, cache, t);
    case 'dictionary':
      return wordHover(doc, pos, ctx, cache, t);
  }
}

const md = (value: string) => ({ kind: 'markdown' as const, value });
const code = (s: string) => '`' + (s.length > 80 ? `${s.slice(0, 80)}…` : s).replace(/`/g, 'ˋ') + '`';

function charsetOf(doc: TextDocumentView, ctx: RulesetContext, cache: ParseCache): Charset | undefined {
  return ctx.charset && ctx.charset.name !== doc.name ? cache.charsetOf(ctx) : undefined;
}

function cardHover(doc: TextDocumentView, pos: Position, ctx: RulesetContext, cache: ParseCache, t: Translate, locale: string, learned: LearnedValues | undefined): Hover | null {
  const charset = charsetOf(doc, ctx, cache);
  const cardset = cache.get('cardset', doc, charset).value;
  const card = cardset.cards.find((c) => contains(c.range, pos));
  if (!card) {
    if (pos.line === 0 && cardset.declaredCount !== null) {
      return { contents: md(t('hover.cardset.count', cardset.declaredCount, cardset.cards.length)), range: lineRange(0, 0, doc.line(0).length) };
    }
    return null;
  }
  if (card.char === null) {
    const wild = cardset.cards.filter((c) => c.char === null);
    const lines = [t('hover.card.wildcard', card.points), t('hover.card.wildcards', wild.length, pointsBreakdown(wild.map((c) => c.points), t)), ...learnedHover(card, charset, learned, t, locale)];
    return { contents: md(lines.join('\n\n')), range: card.range };
  }
  const entryIndex = charset?.index.get(card.char) ?? charset?.index.get(card.char.normalize('NFC'));
  const entry = entryIndex === undefined ? undefined : charset?.entries[entryIndex];
  const same = cardset.cards.filter((c) => c.char !== null && (entryIndex === undefined ? c.char === card.char : charset?.index.get(c.char) === entryIndex));
  const lines = [t('hover.card', entry?.canonical ?? card.char, card.points)];
  if (entry) lines.push(t('hover.card.equivalents', entry.equivalents.map(code).join(' ')));
  else if (charset) lines.push(t('hover.card.notInCharset', code(card.char)));
  lines.push(t('hover.card.same', same.length, entry?.canonical ?? card.char, cardset.cards.length, pointsBreakdown(same.map((c) => c.points), t)));
  lines.push(...learnedHover(card, charset, learned, t, locale));
  return { contents: md(lines.join('\n\n')), range: card.range };
}

function pointsBreakdown(points: number[], t: Translate): string {
  const counts = new Map<number, number>();
  for (const p of points) counts.set(p, (counts.get(p) ?? 0) + 1);
  return [...counts].sort((a, b) => a[0] - b[0]).map(([p, n]) => t('hover.points', n, p)).join(', ');
}

/** The attributes of a cell in words. */
export function describeCell(cell: CellAttributes | undefined, t: Translate): string {
  if (!cell) return t('hover.cell.outside');
  const parts: string[] = [];
  if (cell.blocked) parts.push(t('hover.cell.blocked'));
  if (cell.points !== 0) parts.push(t('hover.cell.points', cell.points));
  if (cell.letterFactor !== 1) parts.push(t('hover.cell.letterFactor', cell.letterFactor));
  if (cell.wordFactor !== 1) parts.push(t('hover.cell.wordFactor', cell.wordFactor));
  return parts.length ? parts.join(', ') : t('hover.cell.plain');
}

/** The start condition in words. */
export function describeStart(table: CardTable, coords: CoordinateOptions, t: Translate): string {
  const { touchColumn, touchRow } = table.start;
  const names = new Coordinates(table.width, table.height, coords);
  if (touchColumn !== null && touchRow !== null) return t('start.cover', names.cellName(touchColumn, touchRow), touchColumn, touchRow);
  if (touchColumn !== null) return t('start.column', touchColumn, names.columnLabel(touchColumn));
  if (touchRow !== null) return t('start.row', touchRow, names.rowLabel(touchRow));
  return t('start.none');
}

const PAREN = /\(\s*([-+]?\d+)\s*,\s*([-+]?\d+)\s*\)/g;

function tableHover(doc: TextDocumentView, pos: Position, cache: ParseCache, coords: CoordinateOptions, t: Translate): Hover | null {
  const table = cache.get('cardtable', doc).value;
  const names = new Coordinates(table.width, table.height, coords);
  const text = doc.line(pos.line);
  const cellLine = table.lines.find((l) => contains(l.range, pos));
  if (cellLine) {
    const { column, row } = cellLine;
    const inside = column >= 0 && row >= 0 && column < table.width && row < table.height;
    const cell = inside ? table.cells[row * table.width + column] : undefined;
    const written = cellLine.attributes.map((a) => (a.kind === 'B' ? 'B' : `${a.kind} ${a.value}`)).join(' ');
    // named as the preview and the playtest report name it (`C5 (2,4)`)
    const lines = [`**${withIndices(names.cellName(column, row), column, row)}**`, inside ? describeCell(cell, t) : t('hover.cell.outside')];
    const others = table.lines.filter((l) => l !== cellLine && l.column === column && l.row === row);
    if (others.length) lines.push(t('hover.cell.lines', written || t('hover.cell.nothing'), others.length + 1));
    return { contents: md(lines.join('\n\n')), range: cellLine.range };
  }
  // The size, the start condition, the end tag.
  const size = /^\s*(\d+)\s*\*\s*(\d+)/.exec(text);
  if (size && pos.character <= size[0].length) {
    return { contents: md(t('hover.table.size', table.width, table.height, table.width * table.height, names.columnLabel(0), names.columnLabel(Math.max(0, table.width - 1)), names.rowLabel(0), names.rowLabel(Math.max(0, table.height - 1)))), range: lineRange(pos.line, 0, size[0].length) };
  }
  for (const m of text.matchAll(PAREN)) {
    const start = m.index;
    if (pos.character < start || pos.character > start + m[0].length) continue;
    const c = Number(m[1]);
    const r = Number(m[2]);
    const range = lineRange(pos.line, start, start + m[0].length);
    const end = table.endTag;
    if (end && end.column === c && end.row === r && (c >= table.width || r >= table.height) && !isStartLine(doc, pos.line)) {
      return { contents: md(t('hover.table.endTag')), range };
    }
    if (c === table.start.column && r === table.start.row) return { contents: md(t('hover.table.start', c, r, describeStart(table, coords, t))), range };
    // an attribute line outside the table (cardtable/cell-outside: kept out of the model)
    if (table.width > 0 && table.height > 0 && (c < 0 || r < 0 || c >= table.width || r >= table.height)) {
      return { contents: md(t('hover.cell.outsideTable', c, r, table.width, table.height, table.width - 1, table.height - 1)), range };
    }
  }
  return null;
}

/** True when `line` is the first line holding a parenthesised pair (the start condition). */
function isStartLine(doc: TextDocumentView, line: number): boolean {
  for (let l = 0; l < line; l++) if (/\(/.test(doc.line(l))) return false;
  return true;
}

function bonusHover(doc: TextDocumentView, pos: Position, cache: ParseCache, t: Translate): Hover | null {
  const bonus = cache.get('bonus', doc).value;
  const e = bonus.entries.find((x) => x.range.start.line === pos.line);
  if (!e) return null;
  return { contents: md(bonusLine(e.key, e.value, t)), range: e.range };
}

/** "trading 3 cards scores -5", "passing scores -1", "laying 5 cards adds a bonus of 5". */
export function bonusLine(key: number, value: number, t: Translate): string {
  if (key < 0) return t('bonus.trade', -key, value);
  if (key === 0) return t('bonus.pass', value);
  return t('bonus.lay', key, value);
}

function charsetHover(doc: TextDocumentView, pos: Position, ctx: RulesetContext, cache: ParseCache, t: Translate): Hover | null {
  const charset = cache.get('charset', doc).value;
  const i = charset.entries.findIndex((e) => e.range.start.line === pos.line);
  const entry = charset.entries[i];
  if (!entry) {
    if (pos.line === 0 && charset.declaredCount !== null) return { contents: md(t('hover.charset.count', charset.declaredCount, charset.entries.length)), range: lineRange(0, 0, doc.line(0).length) };
    return null;
  }
  const lines = [t('hover.charset.entry', entry.canonical, i + 1, charset.entries.length), t('hover.charset.accepted', entry.equivalents.map(code).join(' '), code(entry.canonical))];
  if (ctx.cardset) {
    const cards = cache.get('cardset', ctx.cardset, charset).value.cards.filter((c) => c.char !== null && charset.index.get(c.char) === i);
    lines.push(t('hover.charset.cards', cards.length, baseOf(ctx.cardset.name)));
  }
  return { contents: md(lines.join('\n\n')), range: entry.range };
}

function wordHover(doc: TextDocumentView, pos: Position, ctx: RulesetContext, cache: ParseCache, t: Translate): Hover | null {
  const word = doc.line(pos.line).trim();
  if (!word) return null;
  const charset = charsetOf(doc, ctx, cache);
  if (!charset) return null;
  const canon = makeFolder(charset).canonicalWord(word.normalize('NFC'));
  const value = canon === undefined ? t('hover.word.unspellable', code(word)) : t('hover.word', code(word), canon, [...canon].length);
  return { contents: md(value), range: lineRange(pos.line, 0, doc.line(pos.line).length) };
}

function baseOf(name: string): string {
  return name.split(/[\\/]/).pop() ?? name;
}
