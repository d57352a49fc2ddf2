// Folding: groups of card-table attribute lines (separated by blank lines, as the seed's
// example writes them), and the card lines of a card set.
import type { ParseCache } from './context.js';
import type { TextDocumentView } from './document.js';
import type { FoldingRange } from './lsp.js';

export function foldingRanges(doc: TextDocumentView, cache: ParseCache): FoldingRange[] {
  const out: FoldingRange[] = [];
  if (doc.kind === 'cardtable') {
    const lines = [...new Set(cache.get('cardtable', doc).value.lines.map((l) => l.range.start.line))].sort((a, b) => a - b);
    if (lines.length >= 2) out.push({ startLine: lines[0]!, endLine: lines[lines.length - 1]!, kind: 'region' });
    let start = -1;
    let prev = -1;
    for (const l of [...lines, Infinity]) {
      if (l !== prev + 1) {
        if (start >= 0 && prev > start) out.push({ startLine: start, endLine: prev });
        start = l;
      }
      prev = l;
    }
  } else if (doc.kind === 'cardset') {
    const cards = cache.get('cardset', doc, undefined, true).value.cards;
    const first = cards[0]?.range.start.line;
    const last = cards[cards.length - 1]?.range.end.line;
    if (first !== undefined && last !== undefined && last > first) out.push({ startLine: first, endLine: last, kind: 'region' });
  }
  return out;
}
