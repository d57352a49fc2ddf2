// Static equity: a turn's score plus the value of the cards kept (the leave, leaves.ts), over
// every laying move, every distinct trade and the pass. The champion ranks with it, the
// hint answer and `cardwords moves --equity` show it, and self-play learns with it.
//
// When the turn empties the pile the learned values no longer apply (no fresh cards come):
// then going out is worth the unseen cards' points (the others lose them, the one who goes
// out gains them) and every card kept counts against its points (they may stay stuck).
import { passScore, tradeScore } from '../../games/cardwords/scoring.js';
import type { Board, Card } from '../../games/cardwords/types.js';
import { generateMoves, moveKey, type GenContext, type GeneratedMove } from './generate.js';
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
  const groups = new Map<string, Card[]>();
  for (const c of hand) {
    const k = kindKey(c);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = []));
    g.push(c);
  }
  const kinds = [...groups.values()];
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
  const out: RankedAction[] = [];
  for (const m of moves) {
    const kept = withoutCards(hand, m.tiles.map((t) => t.card));
    const leave = leaveValue(leaves, kept, m.tiles.length, pile, opts);
    out.push({ choice: { kind: 'move', move: m, score: m.score }, score: m.score, leave, equity: m.score + leave, kept });
  }
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
  const keys = new Map<RankedAction, string>();
  const key = (a: RankedAction) => {
    let k = keys.get(a);
    if (k === undefined) {
      k = a.choice.kind === 'move' ? `m ${moveKey(a.choice.move)}` : a.choice.kind === 'trade' ? `t ${a.choice.cards.map(kindKey).join(',')}` : 'p';
      keys.set(a, k);
    }
    return k;
  };
  return out.sort((a, b) => b.equity - a.equity || b.score - a.score || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** The best action by static equity. */
export function bestByEquity(ctx: GenContext, board: Board, hand: readonly Card[], pile: number | null, leaves: Leaves, opts: EquityOptions = {}): RankedAction {
  return rankActions(ctx, board, hand, pile, leaves, opts)[0]!;
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
  const W = board.width;
  const round = (x: number) => Math.round(x * 100) / 100;
  return rankActions(ctx, board, hand, pile, leaves, opts)
    .slice(0, opts.n ?? 10)
    .map((a) => ({
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
