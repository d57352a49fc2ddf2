// The independent, plain enumerator the robot is checked against: every segment of every
// row and column, every assignment of hand cards to its free cells (wildcards: every
// letter), each checked with its own plain rules against a plain word set. Shares no code
// with core/ (only the types). Two plain prunings keep it quick: the placement rule is tested
// on the segment's cells before any card, and a branch ends as soon as a card's cross word is
// unknown or the main word's beginning starts no word (the full check still follows).
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
  // every beginning of a word, to stop an assignment as soon as its main word cannot become one
  const prefixes = new Set<string>();
  for (const w of words) for (let i = 1; i <= w.length; i++) prefixes.add(w.slice(0, i));
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
          // the placement rule depends on the cells only: test it before any card
          if (!placementOk(free)) continue;
          assign(free, across, at, s, e);
        }
      }
    }
  }

  function placementOk(free: number[]): boolean {
    if (empty) {
      const { touchColumn, touchRow } = table.start;
      return free.some((cell) => (touchColumn === null || cell % W === touchColumn) && (touchRow === null || Math.floor(cell / W) === touchRow));
    }
    return free.some((cell) => {
      const c = cell % W;
      const r = Math.floor(cell / W);
      return [[c - 1, r], [c + 1, r], [c, r - 1], [c, r + 1]].some(([x, y]) => x! >= 0 && y! >= 0 && x! < W && y! < H && board.cells[y! * W + x!] !== null);
    });
  }

  /** The word across the line through a single new card (only table cards beside it), or null when none. */
  function crossWord(cell: number, letter: string, across: boolean): string | null {
    const [dc, dr] = across ? [0, 1] : [1, 0];
    const at = (c: number, r: number) => (c < 0 || r < 0 || c >= W || r >= H ? null : board.cells[r * W + c]);
    const c = cell % W;
    const r = Math.floor(cell / W);
    let before = '';
    for (let x = c - dc, y = r - dr, k = at(x, y); k; x -= dc, y -= dr, k = at(x, y)) before = (k.char ?? k.meaning) + before;
    let after = '';
    for (let x = c + dc, y = r + dr, k = at(x, y); k; x += dc, y += dr, k = at(x, y)) after += k.char ?? k.meaning;
    return before || after ? before + letter + after : null;
  }

  function assign(free: number[], across: boolean, at: (p: number) => { c: number; r: number }, s: number, e: number): void {
    const len = across ? W : H;
    const chosen: Card[] = [];
    const letterAt = (p: number) => {
      const { c, r } = at(p);
      const k = board.cells[r * W + c];
      return k ? (k.char ?? k.meaning)! : null;
    };
    let before = '';
    for (let p = s - 1; p >= 0 && letterAt(p) !== null; p--) before = letterAt(p)! + before;
    let afterLen = 0;
    for (let p = e + 1; p < len && letterAt(p) !== null; p++) afterLen++;
    // the main word (the run through the segment) must be a word when it is 2 or more long
    const mainIsWord = before.length + (e - s + 1) + afterLen >= 2;
    const posOf = (cell: number) => (across ? cell % W : Math.floor(cell / W));
    /** The main word from its start up to and including free cell i, with the letters chosen so far. */
    const mainPrefix = (i: number, letter: string) => {
      let w = before;
      let j = 0;
      for (let p = s; p <= posOf(free[i]!); p++) {
        const l = letterAt(p);
        if (l !== null) w += l;
        else {
          w += j === i ? letter : (chosen[j]!.char ?? chosen[j]!.meaning);
          j++;
        }
      }
      return w;
    };
    const used = new Array<boolean>(hand.length).fill(false);
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
        // a card whose cross word is unknown ends this branch early (the full check follows)
        const fits = (letter: string) => {
          if (mainIsWord && !prefixes.has(mainPrefix(i, letter))) return false;
          const w = crossWord(free[i]!, letter, across);
          return w === null || words.has(w);
        };
        if (card.char === null) {
          for (const m of letters) {
            if (!fits(m)) continue;
            chosen[i] = { char: null, points: card.points, meaning: m };
            rec(i + 1);
          }
        } else if (fits(card.char)) {
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
