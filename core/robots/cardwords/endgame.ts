// The endgame search: with the pile empty and two players, every card is known (the other
// hand is the unseen cards), so the champion plays the game out by alpha-beta search over
// the best-scoring moves of each side (moves that go out always considered) and the pass.
// The value is the score difference at the end of the game, or at the search horizon the
// difference as if the game ended there by passing (each side loses its hand's points).
// Iterative deepening keeps the best move of the deepest finished search; a node budget
// (generator calls) bounds the work and keeps the result reproducible.
import type { Rng } from '../../random.js';
import { passScore } from '../../games/cardwords/scoring.js';
import { generateMoves, moveKey, sortMoves, type GenContext } from './generate.js';
import type { RobotChoice } from './choice.js';
import { clonePosition, handPoints, playChoice, type SimPosition } from './simulate.js';

export interface EndgameOptions {
  /** Deepest search in turns (default 6). */
  maxDepth?: number;
  /** Most generator calls (default 3000). */
  maxNodes?: number;
  /** Moves tried per node at depth 0, 1, 2, ... (the last repeats; default 12, 6, 4). */
  widths?: readonly number[];
  /** Stop deepening after this time (ms; default none) with `now`. */
  deadline?: number;
  now?: () => number;
}

export interface EndgameResult {
  choice: RobotChoice;
  /** The score difference for the player to move at the end of the line found. */
  value: number;
  depth: number;
  nodes: number;
}

class OutOfBudget extends Error {}

const NO_RNG = {
  shuffle: <T>(x: T[]) => x,
} as unknown as Rng;

/** Searches the position (pile empty, two players) for the player to move. */
export function endgameSearch(ctx: GenContext, start: SimPosition, opts: EndgameOptions = {}): EndgameResult {
  if (start.hands.length !== 2 || start.pile.length !== 0) throw new RangeError('the endgame search needs two players and an empty pile');
  const maxDepth = opts.maxDepth ?? 6;
  const maxNodes = opts.maxNodes ?? 3000;
  const widths = opts.widths ?? [12, 6, 4];
  const me = start.turn;
  let nodes = 0;
  const pass: RobotChoice = { kind: 'pass', score: passScore(ctx.bonus) };

  const choices = (p: SimPosition, ply: number): RobotChoice[] => {
    if (++nodes > maxNodes) throw new OutOfBudget();
    if (opts.deadline !== undefined && opts.now && opts.now() > opts.deadline) throw new OutOfBudget();
    const hand = p.hands[p.turn]!;
    const moves = sortMoves(generateMoves(ctx, p.board, hand));
    const width = widths[Math.min(ply, widths.length - 1)]!;
    const out: RobotChoice[] = [];
    for (const m of moves) if (m.tiles.length === hand.length) out.push({ kind: 'move', move: m, score: m.score });
    for (const m of moves) {
      if (out.length >= width + 1) break;
      if (m.tiles.length !== hand.length) out.push({ kind: 'move', move: m, score: m.score });
    }
    out.push(pass);
    return out;
  };

  // value for the player to move in p
  const negamax = (p: SimPosition, depth: number, ply: number, alpha: number, beta: number): number => {
    const s = p.turn;
    if (p.over) return p.scores[s]! - p.scores[1 - s]!;
    if (depth === 0) return p.scores[s]! - handPoints(p.hands[s]!) - (p.scores[1 - s]! - handPoints(p.hands[1 - s]!));
    let best = -Infinity;
    for (const c of choices(p, ply)) {
      const q = clonePosition(p);
      playChoice(ctx, q, c, NO_RNG);
      const v = q.turn === s && !q.over ? negamax(q, depth - 1, ply + 1, alpha, beta) : -negamax(q, depth - 1, ply + 1, -beta, -alpha);
      if (v > best) best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    return best;
  };

  let result: EndgameResult | null = null;
  for (let depth = 1; depth <= maxDepth; depth++) {
    try {
      let bestV = -Infinity;
      let bestC: RobotChoice | null = null;
      const root = choices(start, 0);
      // the previous depth's best first: better pruning, and ties keep it
      if (result) {
        const prev = result.choice;
        root.sort((a, b) => (a === prev || same(a, prev) ? -1 : 0) - (b === prev || same(b, prev) ? -1 : 0));
      }
      for (const c of root) {
        const q = clonePosition(start);
        playChoice(ctx, q, c, NO_RNG);
        const v = -negamax(q, depth - 1, 1, -Infinity, -bestV);
        if (v > bestV) {
          bestV = v;
          bestC = c;
        }
      }
      result = { choice: bestC!, value: bestV, depth, nodes };
    } catch (e) {
      if (!(e instanceof OutOfBudget)) throw e;
      break;
    }
  }
  if (!result) {
    // not even depth 1 fitted: the highest score
    const moves = sortMoves(generateMoves(ctx, start.board, start.hands[me]!));
    const m = moves[0];
    const choice: RobotChoice = m && m.score >= pass.score ? { kind: 'move', move: m, score: m.score } : pass;
    return { choice, value: NaN, depth: 0, nodes };
  }
  return result;
}

function same(a: RobotChoice, b: RobotChoice): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'move' && b.kind === 'move') return moveKey(a.move) === moveKey(b.move);
  return a.kind === 'pass';
}
