// Static equity: a turn's score plus the value of the cards kept (the leave, leaves.ts), over
// every laying move, every distinct trade and the pass. The champion ranks with it, the
// hint answer and `cardwords moves --equity` show it, and self-play learns with it.
//
// When the turn empties the pile the learned values no longer apply (no fresh cards come):
// then going out is worth the unseen cards' points (the others lose them, the one who goes
// out gains them) and every card kept counts against its points (they may stay stuck).
import { passScore, tradeScore } from '../../games/cardwords/scoring.js';
import type { Board, Card } from '../../games/cardwords/types.js';
import { generateMoves, listMoves, moveKey, type GenContext, type GeneratedMove, type MoveList } from './generate.js';
import { withoutCards } from '../../games/cardwords/engine.js';
import { kindKey, type Leaves } from './leaves.js';
import type { RobotChoice } from './choice.js';

export interface RankedAction {
  choice: RobotChoice;
  /** Points the turn scores. */
  score: number;
  /** The value of what is kept. */
  leave: number;
  /** score + leave. */
  equity: number;
  /** The cards kept (before drawing). */
  kept: Card[];
}

export interface EquityOptions {
  /** Points of the cards the player cannot see (other hands and pile), for the end of the pile. */
  unseenPoints?: number;
  /** Hands larger than this trade only their lowest-valued cards (subsets grow as 2^n). */
  maxTradeEnumeration?: number;
}

/** The value of keeping `kept` after laying or trading `given` cards with `pile` cards left to draw. */
export function leaveValue(leaves: Leaves, kept: readonly Card[], given: number, pile: number | null, opts: EquityOptions = {}): number {
  if (pile === null || pile - given > 0) return leaves.value(kept);
  const keptPoints = kept.reduce((s, c) => s + c.points, 0);
  if (kept.length === 0 && pile <= given) return pile === 0 ? (opts.unseenPoints ?? 0) : 0;
  return -keptPoints;
}

/** The hand's cards by kind (kindKey: as leave values see them), kinds in hand order. */
function handKinds(hand: readonly Card[]): { index: Map<string, number>; kinds: Card[][] } {
  const index = new Map<string, number>();
  const kinds: Card[][] = [];
  for (const c of hand) {
    const k = kindKey(c);
    let i = index.get(k);
    if (i === undefined) {
      index.set(k, (i = kinds.length));
      kinds.push([]);
    }
    kinds[i]!.push(c);
  }
  return { index, kinds };
}

/** Every distinct sub-multiset of the hand of sizes 1..max (cards compared by kind). */
function tradeSets(hand: readonly Card[], max: number, leaves: Leaves, limit: number): Card[][] {
  if (max <= 0) return [];
  if (hand.length > limit) {
    // too many subsets: trade the cards worth least alone, 1..max of them
    const order = hand.slice().sort((a, b) => leaves.value([a]) - leaves.value([b]) || a.points - b.points);
    const out: Card[][] = [];
    for (let i = 1; i <= max; i++) out.push(order.slice(0, i));
    return out;
  }
  const { kinds } = handKinds(hand);
  const out: Card[][] = [];
  const pick: Card[] = [];
  const rec = (i: number) => {
    if (i === kinds.length) {
      if (pick.length >= 1 && pick.length <= max) out.push(pick.slice());
      return;
    }
    const g = kinds[i]!;
    for (let n = 0; n <= g.length && pick.length + n <= max; n++) {
      for (let j = 0; j < n; j++) pick.push(g[j]!);
      rec(i + 1);
      pick.length -= n;
    }
  };
  rec(0);
  return out;
}

/** A laying move as a ranked action. */
function moveAction(m: GeneratedMove, hand: readonly Card[], pile: number | null, leaves: Leaves, opts: EquityOptions): RankedAction {
  const kept = withoutCards(hand, m.tiles.map((t) => t.card));
  const leave = leaveValue(leaves, kept, m.tiles.length, pile, opts);
  return { choice: { kind: 'move', move: m, score: m.score }, score: m.score, leave, equity: m.score + leave, kept };
}

/** Every distinct trade, and the pass, as ranked actions. */
function otherActions(ctx: GenContext, hand: readonly Card[], pile: number | null, leaves: Leaves, opts: EquityOptions): RankedAction[] {
  const out: RankedAction[] = [];
  const maxTrade = Math.min(hand.length, pile ?? hand.length);
  for (const given of tradeSets(hand, maxTrade, leaves, opts.maxTradeEnumeration ?? 12)) {
    const s = tradeScore(ctx.bonus, given.length);
    const kept = withoutCards(hand, given);
    // the traded cards go back into the pile: the pile does not shrink
    const leave = pile === null || pile > 0 ? leaves.value(kept) : leaveValue(leaves, kept, 0, pile, opts);
    out.push({ choice: { kind: 'trade', cards: given, score: s }, score: s, leave, equity: s + leave, kept });
  }
  const ps = passScore(ctx.bonus);
  const passLeave = leaveValue(leaves, hand, 0, pile, opts);
  out.push({ choice: { kind: 'pass', score: ps }, score: ps, leave: passLeave, equity: ps + passLeave, kept: hand.slice() });
  return out;
}

/**
 * The ranking's order: higher equity, then higher score, then by key (keys made once each).
 * bestAction picks its moves by the first two before it asks this order.
 */
function actionOrder(): (a: RankedAction, b: RankedAction) => number {
  const keys = new Map<RankedAction, string>();
  const key = (a: RankedAction) => {
    let k = keys.get(a);
    if (k === undefined) {
      k = a.choice.kind === 'move' ? `m ${moveKey(a.choice.move)}` : a.choice.kind === 'trade' ? `t ${a.choice.cards.map(kindKey).join(',')}` : 'p';
      keys.set(a, k);
    }
    return k;
  };
  return (a, b) => b.equity - a.equity || b.score - a.score || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}

/** Moves, trades and the pass ranked by equity (best first; ties: higher score, then by key). */
export function rankActions(
  ctx: GenContext,
  board: Board,
  hand: readonly Card[],
  pile: number | null,
  leaves: Leaves,
  opts: EquityOptions = {},
  moves: readonly GeneratedMove[] = generateMoves(ctx, board, hand),
): RankedAction[] {
  const out = moves.map((m) => moveAction(m, hand, pile, leaves, opts));
  out.push(...otherActions(ctx, hand, pile, leaves, opts));
  return out.sort(actionOrder());
}

/**
 * The first of `rankActions` (the same action, the same numbers), without an object per
 * move: the moves are read from a MoveList, a leave valued once per distinct set of cards
 * kept, objects made for the best move only. The champion's look-ahead calls it for each
 * of its simulated turns; ranking every move as objects took most of that time.
 */
export function bestAction(
  ctx: GenContext,
  board: Board,
  hand: readonly Card[],
  pile: number | null,
  leaves: Leaves,
  opts: EquityOptions = {},
  list: MoveList = listMoves(ctx, board, hand),
): RankedAction {
  // the hand's kinds and a mixed-radix code of a kept subset (how many of each kind)
  const { index: kindOf, kinds } = handKinds(hand);
  const kindCount = kinds.map((k) => k.length);
  const K = kindCount.length;
  const radix: number[] = [];
  let full = 0;
  let span = 1;
  for (let i = 0; i < K; i++) {
    radix.push(span);
    full += kindCount[i]! * span;
    span *= kindCount[i]! + 1;
  }
  // past 2^53 the code is no longer exact (a hand of 50-odd kinds): rank the slow way
  if (span > Number.MAX_SAFE_INTEGER) return rankActions(ctx, board, hand, pile, leaves, opts)[0]!;
  // a tile's kind in the hand, per card object the list shares between tiles
  const kindOfCard = new Map<Card, number>();
  const kindOfTile = (t: number): number => {
    const card = list.cardAt(t);
    let i = kindOfCard.get(card);
    if (i === undefined) kindOfCard.set(card, (i = kindOf.get(kindKey(card)) ?? -1));
    return i;
  };
  const leaveOf = new Map<number, number>();
  const { scores, firsts, sizes } = list;
  let best = -1;
  let bestEquity = -Infinity;
  let bestScore = -Infinity;
  const ties: number[] = [];
  for (let m = 0; m < list.count; m++) {
    let code = full;
    const first = firsts[m]!;
    const n = sizes[m]!;
    for (let t = first; t < first + n; t++) {
      const i = kindOfTile(t);
      if (i >= 0) code -= radix[i]!;
    }
    let leave = leaveOf.get(code);
    if (leave === undefined) {
      const kept: Card[] = [];
      for (let i = 0; i < K; i++) {
        const keep = Math.floor(code / radix[i]!) % (kindCount[i]! + 1);
        // which copies does not matter: a leave's value depends on the kinds only
        for (let j = 0; j < keep; j++) kept.push(kinds[i]![j]!);
      }
      leave = leaveValue(leaves, kept, n, pile, opts);
      leaveOf.set(code, leave);
    }
    const equity = scores[m]! + leave;
    if (equity > bestEquity || (equity === bestEquity && scores[m]! > bestScore)) {
      best = m;
      bestEquity = equity;
      bestScore = scores[m]!;
      ties.length = 0;
    } else if (equity === bestEquity && scores[m] === bestScore) ties.push(m);
  }
  const candidates = otherActions(ctx, hand, pile, leaves, opts);
  if (best >= 0) {
    candidates.push(moveAction(list.move(best), hand, pile, leaves, opts));
    for (const m of ties) candidates.push(moveAction(list.move(m), hand, pile, leaves, opts));
  }
  return candidates.sort(actionOrder())[0]!;
}

/** One ranked action as plain data (the hint answer, `cardwords moves --equity`). */
export interface EquityHint {
  kind: 'move' | 'trade' | 'pass';
  score: number;
  leave: number;
  equity: number;
  /** A move's cards on the table, or a trade's cards (wildcards with their meaning on the table). */
  cards: Array<{ col: number; row: number; card: Card }> | Card[];
  /** The cards kept. */
  kept: Card[];
}

/** The top `n` actions (default 10) by static equity, as plain data. */
export function topByEquity(
  ctx: GenContext,
  board: Board,
  hand: readonly Card[],
  pile: number | null,
  leaves: Leaves,
  opts: EquityOptions & { n?: number } = {},
): EquityHint[] {
  return equityHints(rankActions(ctx, board, hand, pile, leaves, opts).slice(0, opts.n ?? 10), board.width);
}

/** Ranked actions as plain data (a table `W` cells wide). */
export function equityHints(ranked: readonly RankedAction[], W: number): EquityHint[] {
  const round = (x: number) => Math.round(x * 100) / 100;
  return ranked.map((a) => ({
    kind: a.choice.kind,
    score: a.score,
    leave: round(a.leave),
    equity: round(a.equity),
    cards:
      a.choice.kind === 'move'
        ? a.choice.move.tiles.map((t) => ({ col: t.cell % W, row: Math.floor(t.cell / W), card: t.card }))
        : a.choice.kind === 'trade'
          ? a.choice.cards.slice()
          : [],
    kept: a.kept,
  }));
}
