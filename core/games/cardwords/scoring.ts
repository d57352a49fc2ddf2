// The one scoring function of Cardwords (docs/rules.md#cardwords-scoring), used by the engine, the UI's
// preview and the robot (whose generator uses `cardCoefficient`/`wordScore` below and is
// checked move by move against `scoreMove`).
//
//   score = sum of the cell points of the newly covered cells
//         + for every word created (length >= 2, main word and cross words):
//             (sum of new card points x the cell's letter factor
//              + plain points of the cards already on the table in the word)
//             x the word factor of every newly occupied cell in the word
//         + the bonus for the number of cards laid.
import type { CardTable, CellAttributes } from '../../formats/types.js';
import { shownChar, type Board, type Card, type PlacedCard } from './types.js';

export interface ScoredWord {
  word: string;
  direction: 'across' | 'down';
  /** Cells of the word, in reading order: row * width + col. */
  cells: number[];
  score: number;
}

export interface MoveScore {
  total: number;
  /** Cell points of the newly covered cells. */
  cellPoints: number;
  words: ScoredWord[];
  /** The bonus for the number of cards laid. */
  bonus: number;
  laid: number;
}

/** The score of one word: (new points x letter factor + old points) x word factors. */
export function wordScore(newWeighted: number, oldPlain: number, wordFactor: number): number {
  return (newWeighted + oldPlain) * wordFactor;
}

/** The bonus for laying `laid` cards (0 when the bonus file has no such key). */
export function layBonus(bonus: ReadonlyMap<number, number>, laid: number): number {
  return laid > 0 ? (bonus.get(laid) ?? 0) : 0;
}

export function tradeScore(bonus: ReadonlyMap<number, number>, cards: number): number {
  return bonus.get(-cards) ?? 0;
}

export function passScore(bonus: ReadonlyMap<number, number>): number {
  return bonus.get(0) ?? 0;
}

/**
 * The words a placement creates: along each axis, the maximal run of cards through each
 * new card, length >= 2. Assumes the cells are on the table, free and not blocked.
 */
export function createdWords(table: CardTable, board: Board, placed: readonly PlacedCard[]): Array<{ direction: 'across' | 'down'; cells: number[] }> {
  const W = board.width;
  const H = board.height;
  const fresh = new Map<number, Card>();
  for (const p of placed) fresh.set(p.row * W + p.col, p.card);
  const at = (c: number) => board.cells[c] ?? fresh.get(c) ?? null;
  const out: Array<{ direction: 'across' | 'down'; cells: number[] }> = [];
  const seen = new Set<string>();
  for (const dir of ['across', 'down'] as const) {
    const dc = dir === 'across' ? 1 : 0;
    const dr = 1 - dc;
    for (const p of placed) {
      let c0 = p.col;
      let r0 = p.row;
      while (c0 - dc >= 0 && r0 - dr >= 0 && at((r0 - dr) * W + c0 - dc) !== null) {
        c0 -= dc;
        r0 -= dr;
      }
      const key = `${dir}${c0},${r0}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const cells: number[] = [];
      let c = c0;
      let r = r0;
      while (c < W && r < H && at(r * W + c) !== null) {
        cells.push(r * W + c);
        c += dc;
        r += dr;
      }
      if (cells.length >= 2) out.push({ direction: dir, cells });
    }
  }
  void table;
  return out;
}

/** Scores a placement that is structurally valid (cells free, in one line, no gap). */
export function scoreMove(table: CardTable, bonus: ReadonlyMap<number, number>, board: Board, placed: readonly PlacedCard[]): MoveScore {
  const W = board.width;
  const fresh = new Map<number, Card>();
  let cellPoints = 0;
  for (const p of placed) {
    const c = p.row * W + p.col;
    fresh.set(c, p.card);
    cellPoints += table.cells[c]?.points ?? 0;
  }
  const words: ScoredWord[] = [];
  for (const w of createdWords(table, board, placed)) {
    let newWeighted = 0;
    let oldPlain = 0;
    let factor = 1;
    let word = '';
    for (const c of w.cells) {
      const isNew = fresh.get(c);
      const card = isNew ?? board.cells[c]!;
      word += shownChar(card) ?? '?';
      if (isNew) {
        const attr = table.cells[c];
        newWeighted += card.points * (attr?.letterFactor ?? 1);
        factor *= attr?.wordFactor ?? 1;
      } else oldPlain += card.points;
    }
    words.push({ word, direction: w.direction, cells: w.cells, score: wordScore(newWeighted, oldPlain, factor) });
  }
  const b = layBonus(bonus, placed.length);
  const total = cellPoints + words.reduce((s, w) => s + w.score, 0) + b;
  return { total, cellPoints, words, bonus: b, laid: placed.length };
}

/**
 * The largest score a move could have, at most (ruleset/score-too-large): every cell of the
 * longest line a word, every card the largest points at the largest letter factor, the main
 * word under the product of the `handSize` largest word factors of one row or column, each
 * cross word under the largest factor, every covered cell's points, the largest bonus.
 */
export function moveScoreBound(table: CardTable, cardPoints: readonly number[], handSize: number, bonus: Iterable<number>): number {
  const { width: W, height: H, cells } = table;
  const n = Math.max(1, handSize);
  let card = 0;
  for (const p of cardPoints) card = Math.max(card, Math.abs(p));
  let letter = 1;
  let factor = 1;
  let cellPoints = 0;
  for (const c of cells) {
    letter = Math.max(letter, Math.abs(c.letterFactor));
    factor = Math.max(factor, Math.abs(c.wordFactor));
    cellPoints = Math.max(cellPoints, Math.abs(c.points));
  }
  // the product of the n largest word factors along one line (a main word's cards share it)
  let line = 1;
  const lineFactors = (at: (k: number) => CellAttributes | undefined, len: number) => {
    const fs: number[] = [];
    for (let k = 0; k < len; k++) fs.push(Math.max(1, Math.abs(at(k)?.wordFactor ?? 1)));
    fs.sort((a, b) => b - a);
    return fs.slice(0, n).reduce((a, b) => a * b, 1);
  };
  for (let r = 0; r < H; r++) line = Math.max(line, lineFactors((k) => cells[r * W + k], W));
  for (let c = 0; c < W; c++) line = Math.max(line, lineFactors((k) => cells[k * W + c], H));
  const word = Math.max(W, H) * card * letter;
  let most = 0;
  for (const b of bonus) most = Math.max(most, Math.abs(b));
  return n * cellPoints + word * line + n * word * factor + most;
}

/**
 * The words of a move as the game says them: its main word (along the laid cards; across for
 * one card) first, then the cross words in their order. One rule for the log and the review's
 * best move (the same move read "ST, EDS, ATT" there and "EDS, ATT, ST" here).
 */
export function mainWordFirst(words: ReadonlyArray<{ word: string; direction: 'across' | 'down' }>, laid: readonly Pick<PlacedCard, 'row'>[]): string[] {
  const main = laid.length > 1 && new Set(laid.map((p) => p.row)).size > 1 ? 'down' : 'across';
  return words
    .slice()
    .sort((x, y) => (x.direction === main ? 0 : 1) - (y.direction === main ? 0 : 1))
    .map((w) => w.word);
}
