// The independent, plain enumerator the robot is checked against: every segment of every
// row and column, every assignment of hand cards to its free cells (wildcards: every
// letter), each checked with its own plain rules against a plain word set. Shares no code
// with core/ (only the types).
import type { CardTable } from '../../../core/formats/types.js';
import type { Board, Card } from '../../../core/games/cardwords/types.js';

export interface RefMove {
  key: string;
  score: number;
  words: string[];
}

/** Key of a move: sorted "cell:card" entries (same format as the robot's moveKey). */
export function refKey(tiles: Array<{ cell: number; card: Card }>): string {
  return tiles
    .slice()
    .sort((a, b) => a.cell - b.cell)
    .map((t) => `${t.cell}:${t.card.char ?? ' '}${t.card.meaning ?? ''}${t.card.points}`)
    .join(' ');
}

export function enumerateAll(table: CardTable, bonus: ReadonlyMap<number, number>, board: Board, hand: readonly Card[], words: ReadonlySet<string>, letters: readonly string[]): Map<string, RefMove> {
  const W = table.width;
  const H = table.height;
  const out = new Map<string, RefMove>();
  const empty = board.cells.every((c) => c === null);
  const isBlocked = (c: number, r: number) => table.cells[r * W + c]!.blocked;
  for (const across of [true, false]) {
    const lines = across ? H : W;
    const len = across ? W : H;
    for (let line = 0; line < lines; line++) {
      const at = (p: number) => (across ? { c: p, r: line } : { c: line, r: p });
      for (let s = 0; s < len; s++) {
        for (let e = s; e < len; e++) {
          // the free cells of the segment; s and e must be free; no blocked cell inside
          let ok = true;
          const free: number[] = [];
          for (let p = s; p <= e; p++) {
            const { c, r } = at(p);
            if (isBlocked(c, r)) ok = false;
            else if (board.cells[r * W + c] === null) free.push(r * W + c);
          }
          if (!ok) break;
          const first = at(s);
          const last = at(e);
          if (board.cells[first.r * W + first.c] !== null || board.cells[last.r * W + last.c] !== null) continue;
          if (free.length > hand.length) break;
          assign(free);
        }
      }
    }
  }

  function assign(free: number[]): void {
    const used = new Array<boolean>(hand.length).fill(false);
    const chosen: Card[] = [];
    const rec = (i: number) => {
      if (i === free.length) {
        check(free.map((cell, j) => ({ cell, card: chosen[j]! })));
        return;
      }
      const tried = new Set<string>();
      for (let h = 0; h < hand.length; h++) {
        if (used[h]) continue;
        // identical cards give identical moves: try each distinct card once per cell
        const id = `${hand[h]!.char}/${hand[h]!.points}`;
        if (tried.has(id)) continue;
        tried.add(id);
        used[h] = true;
        const card = hand[h]!;
        if (card.char === null) {
          for (const m of letters) {
            chosen[i] = { char: null, points: card.points, meaning: m };
            rec(i + 1);
          }
        } else {
          chosen[i] = card;
          rec(i + 1);
        }
        used[h] = false;
      }
    };
    rec(0);
  }

  function check(tiles: Array<{ cell: number; card: Card }>): void {
    const key = refKey(tiles);
    if (out.has(key)) return;
    const fresh = new Map<number, Card>();
    for (const t of tiles) fresh.set(t.cell, t.card);
    const get = (c: number, r: number): Card | null => {
      if (c < 0 || r < 0 || c >= W || r >= H) return null;
      return board.cells[r * W + c] ?? fresh.get(r * W + c) ?? null;
    };
    // placement rule
    if (empty) {
      const { touchColumn, touchRow } = table.start;
      const okStart = tiles.some((t) => {
        const c = t.cell % W;
        const r = Math.floor(t.cell / W);
        return (touchColumn === null || c === touchColumn) && (touchRow === null || r === touchRow);
      });
      if (!okStart) return;
    } else {
      const touches = tiles.some((t) => {
        const c = t.cell % W;
        const r = Math.floor(t.cell / W);
        return [[c - 1, r], [c + 1, r], [c, r - 1], [c, r + 1]].some(([x, y]) => x! >= 0 && y! >= 0 && x! < W && y! < H && board.cells[y! * W + x!] !== null);
      });
      if (!touches) return;
    }
    // words: for each new card, the horizontal and vertical runs through it
    const runs = new Map<string, Array<[number, number]>>();
    for (const t of tiles) {
      const c0 = t.cell % W;
      const r0 = Math.floor(t.cell / W);
      for (const [dc, dr] of [[1, 0], [0, 1]] as const) {
        let c = c0;
        let r = r0;
        while (get(c - dc, r - dr) !== null) {
          c -= dc;
          r -= dr;
        }
        const cells: Array<[number, number]> = [];
        while (get(c, r) !== null) {
          cells.push([c, r]);
          c += dc;
          r += dr;
        }
        if (cells.length >= 2) runs.set(`${dc}:${cells[0]![0]},${cells[0]![1]}`, cells);
      }
    }
    if (runs.size === 0) return;
    let score = 0;
    for (const t of tiles) score += table.cells[t.cell]!.points;
    const made: string[] = [];
    for (const cells of runs.values()) {
      let word = '';
      let sum = 0;
      let factor = 1;
      for (const [c, r] of cells) {
        const cell = r * W + c;
        const f = fresh.get(cell);
        const cardHere = get(c, r)!;
        word += cardHere.char ?? cardHere.meaning;
        if (f) {
          sum += f.points * table.cells[cell]!.letterFactor;
          factor *= table.cells[cell]!.wordFactor;
        } else sum += cardHere.points;
      }
      if (!words.has(word)) return;
      made.push(word);
      score += sum * factor;
    }
    score += bonus.get(tiles.length) ?? 0;
    out.set(key, { key, score, words: made.sort() });
  }
  return out;
}
