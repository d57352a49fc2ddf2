// The card values the champion robot learned for a ruleset by self-play (the leave values of
// core/robots/cardwords/leaves.ts), shown to the ruleset's author on the card set: an inlay
// hint after the cards of each kind on a line, and a paragraph in the card's hover. The
// server reads the model from its cache (server/language/learned.ts); learning takes
// minutes, so it is never started here: the hover says which command does it.
import type { Card, CardsetCard, Charset } from '../formats/types.js';
import { kindKey, kindLabel, learnedNothing, type LeaveModel } from '../robots/cardwords/leaves.js';
import type { CardStats } from '../robots/cardwords/playtest.js';
import { cardFigures } from '../robots/cardwords/findings.js';
import type { Translate } from '../l10n/message.js';
import { InlayHintKind, type InlayHint, type Range } from './lsp.js';

/** What the server knows of the learned values of a document's ruleset (as saved on disk). */
export type LearnedValues =
  /**
   * The cached model of the saved ruleset; `playtest`: the last playtest this server ran of
   * the same saved ruleset (how often each card was laid), when there was one.
   */
  | { state: 'learned'; model: LeaveModel; playtest?: { games: number; cards: readonly CardStats[] } }
  /** Nothing cached for the saved ruleset: `cardwords playtest <folder>` learns it. */
  | { state: 'missing'; folder: string }
  /** Not a ruleset that can be learned (not saved in a ruleset folder, or unreadable): nothing to say. */
  | { state: 'unavailable' };

/** Pairs named in a hover, at each end. */
const PAIRS_SHOWN = 2;

/** A value in points with its sign and one decimal, in the client's language: "+3.4", "−0,8". */
export function formatValue(v: number, locale: string): string {
  const r = Math.round(v * 10) / 10;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(r === 0 ? 0 : r);
}

/** The model's kind of a card as written in a card set (its canonical character), or undefined when the charset lacks it. */
export function cardKind(card: Card, charset: Charset | undefined): string | undefined {
  if (card.char === null) return kindKey({ char: null, points: card.points });
  if (!charset) return kindKey(card);
  const i = charset.index.get(card.char) ?? charset.index.get(card.char.normalize('NFC'));
  const canonical = i === undefined ? undefined : charset.entries[i]?.canonical;
  return canonical === undefined ? undefined : kindKey({ char: canonical, points: card.points });
}

/** Per kind key: its index in the model. */
function indexOf(model: LeaveModel): Map<string, number> {
  return new Map(model.kinds.map((k, i) => [k, i]));
}

/**
 * One hint after the last card of each run of cards of one kind on a line ("+3.4 pts kept"):
 * a card set line usually lists the copies of one card, so one hint per line.
 */
export function learnedInlayHints(cards: readonly CardsetCard[], range: Range, model: LeaveModel, charset: Charset | undefined, t: Translate, locale: string, max: number): InlayHint[] {
  const out: InlayHint[] = [];
  if (learnedNothing(model)) return out;
  const index = indexOf(model);
  for (let i = 0; i < cards.length && out.length < max; i++) {
    const card = cards[i]!;
    const line = card.range.end.line;
    if (line < range.start.line || line > range.end.line) continue;
    const kind = cardKind(card, charset);
    const next = cards[i + 1];
    if (next && next.range.start.line === line && cardKind(next, charset) === kind) continue;
    const k = kind === undefined ? undefined : index.get(kind);
    if (k === undefined) continue;
    out.push({
      position: card.range.end,
      label: t('inlay.kept', formatValue(model.single[k]!, locale)),
      kind: InlayHintKind.Type,
      paddingLeft: true,
      tooltip: t('inlay.kept.tooltip', kindLabel(kind!), model.games),
    });
  }
  return out;
}

/** The hover's paragraphs on a card: its learned value and what it means, or how to learn it. */
export function learnedHover(card: Card, charset: Charset | undefined, learned: LearnedValues | undefined, t: Translate, locale: string): string[] {
  if (!learned || learned.state === 'unavailable') return [];
  if (learned.state === 'missing') return [t('hover.learned.missing', '`' + `cardwords playtest ${shellWord(learned.folder)}` + '`')];
  const { model } = learned;
  if (learnedNothing(model)) return [t('hover.learned.none', model.games)];
  const kind = cardKind(card, charset);
  const i = kind === undefined ? undefined : indexOf(model).get(kind);
  if (i === undefined) return [t('hover.learned.unknown')];
  const label = kindLabel(kind!);
  const lines = [t('hover.learned', formatValue(model.single[i]!, locale), code(label), model.games)];
  const withIt: Array<{ other: string; value: number }> = [];
  for (const [a, b, v] of model.pairs) {
    // a pair of the kind with itself: a second copy kept
    if (a === i || b === i) withIt.push({ other: a === b ? t('hover.learned.another', code(label)) : code(kindLabel(model.kinds[a === i ? b : a]!)), value: v });
  }
  withIt.sort((x, y) => y.value - x.value || (x.other < y.other ? -1 : 1));
  const named = (ps: typeof withIt) => ps.map((p) => `${p.other} ${formatValue(p.value, locale)}`).join(', ');
  const best = withIt.filter((p) => p.value > 0).slice(0, PAIRS_SHOWN);
  const worst = withIt.filter((p) => p.value < 0).slice(-PAIRS_SHOWN).reverse();
  if (best.length) lines.push(t('hover.learned.best', named(best)));
  if (worst.length) lines.push(t('hover.learned.worst', named(worst)));
  // three or more copies kept: what a third adds beyond the pairs (often a cost)
  const triple = model.triples.find(([k]) => k === i);
  if (triple && Math.round(triple[1] * 10) !== 0) lines.push(t('hover.learned.triple', code(label), formatValue(triple[1], locale)));
  // how the card played in the last playtest of this ruleset as saved
  const played = learned.playtest?.cards.find((c) => c.card === label);
  if (played) {
    const one = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const share = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const shown = cardFigures(played); // laid plus stuck never more than the copies
    lines.push(t('hover.playtest', code(label), share.format(played.laidShare), one.format(shown.laid), one.format(played.traded), one.format(shown.stuck), learned.playtest!.games));
  }
  return lines;
}

const code = (s: string) => '`' + s.replace(/`/g, 'ˋ') + '`';

/** A folder as one shell word (quoted when it needs it). */
function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
