// Inlay hints: the running card count at the end of each card-set line (and the learned
// value of its cards, learned.ts), the cell name after each card-table coordinate pair, the
// meaning of each bonus line.
import type { ParseCache, RulesetContext } from './context.js';
import { Coordinates, type CoordinateOptions } from '../coordinates.js';
import type { Translate } from '../l10n/message.js';
import type { TextDocumentView } from './document.js';
import { learnedInlayHints, type LearnedValues } from './learned.js';
import { InlayHintKind, type InlayHint, type Range } from './lsp.js';

const MAX_HINTS = 5000;

/** `learned` (with the ruleset's context, for its charset) adds the learned card values to a card set. */
export function inlayHints(doc: TextDocumentView, range: Range, cache: ParseCache, coords: CoordinateOptions, t: Translate, locale: string, ruleset?: RulesetContext, learned?: LearnedValues): InlayHint[] {
  const out: InlayHint[] = [];
  const inRange = (line: number) => line >= range.start.line && line <= range.end.line;
  if (doc.kind === 'cardset') {
    const cards = cache.get('cardset', doc, undefined, true).value.cards;
    if (learned?.state === 'learned') {
      const charset = ruleset?.charset && ruleset.charset.name !== doc.name ? cache.charsetOf(ruleset) : undefined;
      out.push(...learnedInlayHints(cards, range, learned.model, charset, t, locale, MAX_HINTS));
    }
    let running = 0;
    for (let i = 0; i < cards.length && out.length < MAX_HINTS; i++) {
      running++;
      const line = cards[i]!.range.end.line;
      const next = cards[i + 1];
      if (next && next.range.start.line === line) continue;
      if (!inRange(line)) continue;
      out.push({ position: { line, character: doc.line(line).length }, label: t('inlay.cards', running), kind: InlayHintKind.Type, paddingLeft: true });
    }
  } else if (doc.kind === 'cardtable') {
    const table = cache.get('cardtable', doc).value;
    const names = new Coordinates(table.width, table.height, coords);
    for (const l of table.lines) {
      if (out.length >= MAX_HINTS) break;
      if (!inRange(l.range.start.line)) continue;
      const text = doc.line(l.range.start.line);
      const close = text.indexOf(')', l.range.start.character);
      if (close < 0) continue;
      out.push({ position: { line: l.range.start.line, character: close + 1 }, label: names.cellName(l.column, l.row), kind: InlayHintKind.Parameter, paddingLeft: true });
    }
  } else if (doc.kind === 'bonus') {
    for (const e of cache.get('bonus', doc).value.entries) {
      if (!inRange(e.range.end.line)) continue;
      out.push({ position: e.range.end, label: bonusKeyName(e.key, t), kind: InlayHintKind.Parameter, paddingLeft: true });
    }
  }
  return out;
}

/** A bonus key in words: "trade 3", "pass", "lay 5" (inlay hints and the outline). */
export function bonusKeyName(key: number, t: Translate): string {
  return key < 0 ? t('inlay.trade', -key) : key === 0 ? t('inlay.pass') : t('inlay.lay', key);
}
