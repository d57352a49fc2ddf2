// Document symbols (the outline): charset characters, cards by character, the table's size,
// start condition, cell lines and end tag, the bonus keys. Dictionaries have none (too many).
import type { Charset } from '../formats/types.js';
import { bonusLine } from './hover.js';
import type { ParseCache, RulesetContext } from './context.js';
import { Coordinates, withIndices, type CoordinateOptions } from '../coordinates.js';
import type { Translate } from '../l10n/message.js';
import { bonusKeyName } from './inlay.js';
import { lineRange, type TextDocumentView } from './document.js';
import { SymbolKind, type DocumentSymbol, type Range } from './lsp.js';

/** At most this many symbols per document. */
export const MAX_SYMBOLS = 5000;

const sym = (name: string, detail: string, kind: DocumentSymbol['kind'], range: Range, children?: DocumentSymbol[]): DocumentSymbol => ({
  name: name || '?',
  detail,
  kind,
  range,
  selectionRange: range,
  ...(children ? { children } : {}),
});

function span(a: Range, b: Range): Range {
  return { start: a.start, end: b.end };
}

export function documentSymbols(doc: TextDocumentView, ctx: RulesetContext, cache: ParseCache, coords: CoordinateOptions, t: Translate): DocumentSymbol[] {
  switch (doc.kind) {
    case 'charset':
      return cache.get('charset', doc).value.entries.slice(0, MAX_SYMBOLS).map((e) => sym(e.canonical, e.equivalents.join(' '), SymbolKind.String, e.range));
    case 'cardset': {
      const charset: Charset | undefined = ctx.charset && ctx.charset.name !== doc.name ? cache.charsetOf(ctx) : undefined;
      const cards = cache.get('cardset', doc, charset).value.cards;
      const groups = new Map<string, typeof cards>();
      for (const c of cards) {
        const i = c.char === null ? undefined : charset?.index.get(c.char);
        const key = c.char === null ? 'wildcard' : i !== undefined ? (charset?.entries[i]?.canonical ?? c.char) : c.char;
        const g = groups.get(key);
        if (g) g.push(c);
        else groups.set(key, [c]);
      }
      return [...groups].map(([key, g]) => {
        // One child per card, unless the set is huge (an outline of millions helps no one).
        const children = cards.length <= MAX_SYMBOLS ? g.map((c) => sym(`${c.char ?? ' '} ${c.points}`, '', SymbolKind.Constant, c.range)) : [];
        return { ...sym(key, t('symbol.cards', g.length), key === 'wildcard' ? SymbolKind.Key : SymbolKind.Constant, span(g[0]!.range, g[g.length - 1]!.range), children), selectionRange: g[0]!.range };
      });
    }
    case 'cardtable': {
      const table = cache.get('cardtable', doc).value;
      const names = new Coordinates(table.width, table.height, coords);
      const out: DocumentSymbol[] = [];
      const size = /^\s*\d+\s*\*\s*\d+/.exec(doc.line(0));
      if (size) out.push(sym(`${table.width}*${table.height}`, t('symbol.tableSize'), SymbolKind.Struct, lineRange(0, 0, size[0].length)));
      for (const l of table.lines.slice(0, MAX_SYMBOLS)) {
        // worded as the hover, the preview and the playtest report word a cell ("A1 (0,0)")
        out.push(sym(withIndices(names.cellName(l.column, l.row), l.column, l.row), l.attributes.map((a) => (a.kind === 'B' ? 'B' : `${a.kind} ${a.value}`)).join(' '), SymbolKind.Field, l.range));
      }
      return out;
    }
    case 'bonus':
      return cache.get('bonus', doc).value.entries.slice(0, MAX_SYMBOLS).map((e) => sym(bonusKeyName(e.key, t), bonusLine(e.key, e.value, t), SymbolKind.Key, e.range));
    case 'dictionary':
      return [];
  }
}
