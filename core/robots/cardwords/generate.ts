// The move generator: every legal laying move of a hand on a table, with its exact score.
// GADDAG generation (Gordon; macondo and wolges): for every anchor cell, read letters
// leftwards from the anchor through the GADDAG, then after the separator rightwards through
// the DAWG; cross-checks (allowed letters per free cell) come from the DAWG.
//
// Anchors: with cards on the table, the free cells next to one; on an empty table, the free
// cells that satisfy the start condition. A move is generated from its leftmost (topmost)
// anchor only: going left never lays a card on another anchor. One-card moves are
// generated across, and down only when the card has no across word.
//
// When cards lie right after the anchor (a hook in front of a word), the GADDAG is read
// from the last of those cards, leftwards through them to the anchor and on: the known
// letters come first and cut the search at once, instead of after every left part has been
// tried (with the letter search below, a mid-game English position with two wildcards
// visits 87,000 graph nodes instead of 417,000).
//
// Cards, not letters: the search runs on letters (one branch per letter: it is available
// while the hand has a natural card of it or a wildcard left); when a word is found, every
// way of giving its positions natural cards or wildcards is tried, then each position gets
// a card. The score is linear in each card's points (coefficient: letter factor x main
// word factors, plus letter factor x word factor of the cross word if there is one), so for
// the best move each group of positions (the natural positions of one letter, or the
// wildcard positions) takes its best cards independently; for all moves, every distinct
// assignment of card kinds is listed.
import type { CardTable } from '../../formats/types.js';
import type { Board, Card } from '../../games/cardwords/types.js';
import { layBonus } from '../../games/cardwords/scoring.js';
import { ACCEPT, END, LETTER_MASK, SEP, type WordGraph } from '../../words/graph.js';
import type { WordStore } from '../../words/store.js';

export interface GenContext {
  table: CardTable;
  bonus: ReadonlyMap<number, number>;
  store: WordStore;
}

export interface Tile {
  /** row * width + col */
  cell: number;
  /** The card laid (wildcards with their meaning). */
  card: Card;
}

export interface GeneratedMove {
  score: number;
  direction: 'across' | 'down';
  tiles: Tile[];
}

interface CardKind {
  points: number;
  count: number;
}

export interface GenerateOptions {
  /** 'all': every distinct move; 'best': only the highest-scoring one(s) (faster). */
  mode: 'all' | 'best';
  /** Filter on the main word (letter codes, length): for weaker robot levels. */
  acceptWord?: (length: number) => boolean;
  /** Lay at most this many cards: prunes the search (weaker robot levels). */
  maxTiles?: number;
}

/** Prepared per (table, board, hand): the cell data, anchors and cross-checks. */
class Generator {
  readonly W: number;
  readonly H: number;
  readonly K: number;
  readonly mw: number; // uint32 words per letter mask
  readonly letter: Int32Array; // code of the card on the cell, 0 if free
  readonly pts: Int32Array;
  readonly blocked: Uint8Array;
  readonly cellPts: Int32Array;
  readonly lf: Int32Array;
  readonly wf: Int32Array;
  readonly anchor: Uint8Array;
  readonly crossMask: [Uint32Array, Uint32Array];
  readonly crossOld: [Int32Array, Int32Array];
  readonly hasCross: [Uint8Array, Uint8Array];
  // hand
  /** Natural cards left per letter during the search (negative: that many wildcards stand in). */
  readonly rack: Int32Array;
  /** Wildcards left during the search. */
  wild = 0;
  /** Wildcards in the hand. */
  wildTotal = 0;
  /** Natural cards per letter not yet given a position (for assignWild). */
  readonly natLeft: Int32Array;
  remaining = 0;
  readonly natKinds: CardKind[][];
  readonly wildKinds: CardKind[];
  // search state
  arcs: Uint32Array = new Uint32Array(0);
  dir = 0;
  line = 0;
  lineLen = 0;
  anchorPos = 0;
  /** Where the GADDAG read starts: the anchor, or the last card of the run right after it. */
  startPos = 0;
  leftStart = 0;
  nPlaced = 0;
  readonly pCell: Int32Array;
  /** The bonus for laying n cards, by n. */
  readonly layBonus: Float64Array;
  readonly pLetter: Int32Array;
  readonly pWild: Uint8Array;
  mainOld = 0;
  filterRemoved = false;
  // output
  readonly moves: GeneratedMove[] = [];
  bestScore = -Infinity;
  best: GeneratedMove[] = [];

  constructor(
    readonly ctx: GenContext,
    board: Board,
    hand: readonly Card[],
    readonly opts: GenerateOptions,
  ) {
    const { table, store } = ctx;
    const W = (this.W = table.width);
    const H = (this.H = table.height);
    const N = W * H;
    const alpha = store.alphabet;
    this.K = alpha.size;
    this.mw = (this.K + 1 + 31) >>> 5;
    this.letter = new Int32Array(N);
    this.pts = new Int32Array(N);
    this.blocked = new Uint8Array(N);
    this.cellPts = new Int32Array(N);
    this.lf = new Int32Array(N);
    this.wf = new Int32Array(N);
    let empty = true;
    for (let c = 0; c < N; c++) {
      const attr = table.cells[c];
      this.blocked[c] = attr?.blocked ? 1 : 0;
      this.cellPts[c] = attr?.points ?? 0;
      this.lf[c] = attr?.letterFactor ?? 1;
      this.wf[c] = attr?.wordFactor ?? 1;
      const card = board.cells[c];
      if (card) {
        const ch = card.char ?? card.meaning;
        const code = ch === undefined ? 0 : alpha.code(ch);
        if (code === 0) throw new RangeError(`the card on cell ${c % W},${Math.floor(c / W)} is not in the alphabet`);
        this.letter[c] = code;
        this.pts[c] = card.points;
        empty = false;
      }
    }
    // anchors
    this.anchor = new Uint8Array(N);
    const { touchColumn: sc, touchRow: sr } = table.start;
    for (let r = 0; r < H; r++) {
      for (let c = 0; c < W; c++) {
        const i = r * W + c;
        if (this.blocked[i] || this.letter[i]) continue;
        if (empty) {
          this.anchor[i] = (sc === null || c === sc) && (sr === null || r === sr) ? 1 : 0;
        } else {
          this.anchor[i] =
            (c > 0 && this.letter[i - 1]) || (c < W - 1 && this.letter[i + 1]) || (r > 0 && this.letter[i - W]) || (r < H - 1 && this.letter[i + W]) ? 1 : 0;
        }
      }
    }
    this.crossMask = [new Uint32Array(N * this.mw), new Uint32Array(N * this.mw)];
    this.crossOld = [new Int32Array(N), new Int32Array(N)];
    this.hasCross = [new Uint8Array(N), new Uint8Array(N)];
    this.computeCross(0);
    this.computeCross(1);
    // hand
    this.rack = new Int32Array(this.K + 1);
    const nat = new Map<number, Map<number, number>>();
    const wild = new Map<number, number>();
    for (const card of hand) {
      if (card.char === null) {
        wild.set(card.points, (wild.get(card.points) ?? 0) + 1);
        this.wild++;
      } else {
        const code = alpha.code(card.char);
        if (code === 0) throw new RangeError(`the hand card [${card.char} ${card.points}] is not in the alphabet`);
        this.rack[code]!++;
        let m = nat.get(code);
        if (!m) nat.set(code, (m = new Map()));
        m.set(card.points, (m.get(card.points) ?? 0) + 1);
      }
      this.remaining++;
    }
    if (opts.maxTiles !== undefined) this.remaining = Math.max(0, Math.min(this.remaining, opts.maxTiles));
    this.wildTotal = this.wild;
    this.natLeft = this.rack.slice();
    const kinds = (m: Map<number, number>) => [...m].map(([points, count]) => ({ points, count })).sort((a, b) => b.points - a.points);
    this.natKinds = [];
    for (let l = 0; l <= this.K; l++) this.natKinds.push(kinds(nat.get(l) ?? new Map()));
    this.wildKinds = kinds(wild);
    const maxLen = Math.max(W, H) + 1;
    this.pCell = new Int32Array(maxLen);
    this.layBonus = new Float64Array(maxLen + 1);
    for (let k = 1; k <= maxLen; k++) this.layBonus[k] = layBonus(ctx.bonus, k);
    this.pLetter = new Int32Array(maxLen);
    this.pWild = new Uint8Array(maxLen);
  }

  /**
   * Cross-checks for moves along `dir` (0 across, 1 down): the letters a free cell may take
   * given the cards on either side of it across `dir`.
   */
  private computeCross(dir: number): void {
    const { W, H, mw, K } = this;
    const store = this.ctx.store;
    const g = store.graph;
    const arcs = g.arcs;
    const mask = this.crossMask[dir]!;
    const old = this.crossOld[dir]!;
    const has = this.hasCross[dir]!;
    const dc = dir === 0 ? 0 : 1; // cross word direction: down for across moves
    const dr = 1 - dc;
    const overlay = store.hasOverlay;
    const before: number[] = [];
    const after: number[] = [];
    for (let r = 0; r < H; r++) {
      for (let c = 0; c < W; c++) {
        const i = r * W + c;
        if (this.blocked[i] || this.letter[i]) continue;
        before.length = 0;
        after.length = 0;
        let sum = 0;
        for (let cc = c - dc, rr = r - dr; cc >= 0 && rr >= 0 && this.letter[rr * W + cc]; cc -= dc, rr -= dr) {
          before.push(this.letter[rr * W + cc]!);
          sum += this.pts[rr * W + cc]!;
        }
        before.reverse();
        for (let cc = c + dc, rr = r + dr; cc < W && rr < H && this.letter[rr * W + cc]; cc += dc, rr += dr) {
          after.push(this.letter[rr * W + cc]!);
          sum += this.pts[rr * W + cc]!;
        }
        const base = i * mw;
        if (before.length === 0 && after.length === 0) {
          for (let k = 0; k < mw; k++) mask[base + k] = 0xffffffff;
          continue;
        }
        has[i] = 1;
        old[i] = sum;
        if (overlay) {
          const word = before.concat([0], after);
          const at = before.length;
          for (let l = 1; l <= K; l++) {
            word[at] = l;
            if (store.hasCodes(word)) mask[base + (l >>> 5)]! |= 1 << (l & 31);
          }
          continue;
        }
        // through the DAWG: the prefix, then each letter, then the suffix
        let node = g.dawgRoot;
        let ok = true;
        for (const l of before) {
          const a = findArcIn(arcs, node, l);
          if (a < 0) {
            ok = false;
            break;
          }
          node = arcs[2 * a]!;
        }
        if (!ok || node === 0) continue;
        for (let a = node; ; a++) {
          const info = arcs[2 * a + 1]!;
          const l = info & LETTER_MASK;
          let accepted: boolean;
          if (after.length === 0) accepted = (info & ACCEPT) !== 0;
          else {
            let n = arcs[2 * a]!;
            let last = -1;
            for (const x of after) {
              last = findArcIn(arcs, n, x);
              if (last < 0) break;
              n = arcs[2 * last]!;
            }
            accepted = last >= 0 && (arcs[2 * last + 1]! & ACCEPT) !== 0;
          }
          if (accepted) mask[base + (l >>> 5)]! |= 1 << (l & 31);
          if (info & END) break;
        }
      }
    }
  }

  run(): void {
    const store = this.ctx.store;
    this.runGraph(store.graph, store.removedWords.size > 0);
    for (const overlay of store.overlays) this.runGraph(overlay, false);
  }

  private runGraph(g: WordGraph, filterRemoved: boolean): void {
    if (g.gaddagRoot === 0 || this.remaining === 0) return;
    this.arcs = g.arcs;
    this.filterRemoved = filterRemoved;
    for (let dir = 0; dir < 2; dir++) {
      this.dir = dir;
      const lines = dir === 0 ? this.H : this.W;
      this.lineLen = dir === 0 ? this.W : this.H;
      for (let line = 0; line < lines; line++) {
        this.line = line;
        for (let pos = 0; pos < this.lineLen; pos++) {
          if (!this.anchor[this.cell(pos)]) continue;
          this.anchorPos = pos;
          let start = pos;
          while (start + 1 < this.lineLen && this.letter[this.cell(start + 1)] !== 0) start++;
          this.startPos = start;
          this.goLeft(start, g.gaddagRoot);
        }
      }
    }
  }

  private cell(pos: number): number {
    return this.dir === 0 ? this.line * this.W + pos : pos * this.W + this.line;
  }

  /** Reads the letter of cell `pos` (leftwards phase) from GADDAG node `node`. */
  private goLeft(pos: number, node: number): void {
    const c = this.cell(pos);
    const arcs = this.arcs;
    const l0 = this.letter[c]!;
    if (l0 !== 0) {
      const a = findArcIn(arcs, node, l0);
      if (a < 0) return;
      this.mainOld += this.pts[c]!;
      this.afterLeft(pos, a);
      this.mainOld -= this.pts[c]!;
      return;
    }
    const mask = this.crossMask[this.dir]!;
    const mb = c * this.mw;
    const rack = this.rack;
    for (let a = node; node !== 0; a++) {
      const info = arcs[2 * a + 1]!;
      const l = info & LETTER_MASK;
      if (l !== SEP && mask[mb + (l >>> 5)]! & (1 << (l & 31))) {
        // one branch per letter: a natural card while the hand has one, else a wildcard
        // (which positions take wildcards is decided when the move is recorded)
        if (rack[l]! > 0) {
          rack[l]!--;
          this.push(c, l);
          this.afterLeft(pos, a);
          this.nPlaced--;
          this.remaining++;
          rack[l]!++;
        } else if (this.wild > 0) {
          this.wild--;
          rack[l]!--;
          this.push(c, l);
          this.afterLeft(pos, a);
          this.nPlaced--;
          this.remaining++;
          rack[l]!++;
          this.wild++;
        }
      }
      if (info & END) break;
    }
  }

  private push(c: number, l: number): void {
    const n = this.nPlaced++;
    this.pCell[n] = c;
    this.pLetter[n] = l;
    this.remaining--;
  }

  private afterLeft(pos: number, a: number): void {
    const arcs = this.arcs;
    const info = arcs[2 * a + 1]!;
    const next = arcs[2 * a]!;
    const leftOcc = pos > 0 && this.letter[this.cell(pos - 1)] !== 0;
    const ap = this.anchorPos;
    // the word may begin here once the anchor is covered (the cell after startPos is free)
    if (!leftOcc && pos <= ap) {
      const sp = this.startPos;
      if (info & ACCEPT) this.record(pos, sp);
      if (next !== 0 && (arcs[2 * next + 1]! & LETTER_MASK) === SEP && sp + 1 < this.lineLen) {
        const saved = this.leftStart;
        this.leftStart = pos;
        this.goRight(sp + 1, arcs[2 * next]!);
        this.leftStart = saved;
      }
    }
    if (next !== 0 && pos > 0) {
      if (leftOcc) this.goLeft(pos - 1, next);
      else if (this.remaining > 0 && (pos - 1 === ap || (pos - 1 < ap && !this.blocked[this.cell(pos - 1)] && !this.anchor[this.cell(pos - 1)]))) this.goLeft(pos - 1, next);
    }
  }

  /** Reads the letter of cell `pos` (rightwards phase) from DAWG node `node`. */
  private goRight(pos: number, node: number): void {
    if (node === 0) return;
    const c = this.cell(pos);
    if (this.blocked[c]) return;
    const arcs = this.arcs;
    const l0 = this.letter[c]!;
    if (l0 !== 0) {
      const a = findArcIn(arcs, node, l0);
      if (a < 0) return;
      this.mainOld += this.pts[c]!;
      this.afterRight(pos, a);
      this.mainOld -= this.pts[c]!;
      return;
    }
    if (this.remaining === 0) return;
    const mask = this.crossMask[this.dir]!;
    const mb = c * this.mw;
    const rack = this.rack;
    for (let a = node; ; a++) {
      const info = arcs[2 * a + 1]!;
      const l = info & LETTER_MASK;
      if (mask[mb + (l >>> 5)]! & (1 << (l & 31))) {
        // one branch per letter: a natural card while the hand has one, else a wildcard
        // (which positions take wildcards is decided when the move is recorded)
        if (rack[l]! > 0) {
          rack[l]!--;
          this.push(c, l);
          this.afterRight(pos, a);
          this.nPlaced--;
          this.remaining++;
          rack[l]!++;
        } else if (this.wild > 0) {
          this.wild--;
          rack[l]!--;
          this.push(c, l);
          this.afterRight(pos, a);
          this.nPlaced--;
          this.remaining++;
          rack[l]!++;
          this.wild++;
        }
      }
      if (info & END) break;
    }
  }

  private afterRight(pos: number, a: number): void {
    const arcs = this.arcs;
    const info = arcs[2 * a + 1]!;
    const rightOcc = pos + 1 < this.lineLen && this.letter[this.cell(pos + 1)] !== 0;
    if (info & ACCEPT && !rightOcc) this.record(this.leftStart, pos);
    const next = arcs[2 * a]!;
    if (next !== 0 && pos + 1 < this.lineLen) this.goRight(pos + 1, next);
  }

  // scratch for record()
  private coef = new Float64Array(64);

  private record(start: number, end: number): void {
    const n = this.nPlaced;
    if (n === 0) return;
    const dir = this.dir;
    const hasCross = this.hasCross[dir]!;
    if (dir === 1 && n === 1 && this.hasCross[1][this.pCell[0]!]) return; // listed across
    if (this.opts.acceptWord && !this.opts.acceptWord(end - start + 1)) return;
    if (this.filterRemoved) {
      let w = '';
      for (let p = start; p <= end; p++) {
        const c = this.cell(p);
        let l = this.letter[c]!;
        if (l === 0) for (let i = 0; i < n; i++) if (this.pCell[i] === c) l = this.pLetter[i]!;
        w += this.ctx.store.alphabet.char(l);
      }
      if (this.ctx.store.removedWords.has(w)) return;
    }
    const crossOld = this.crossOld[dir]!;
    let mainWF = 1;
    for (let i = 0; i < n; i++) mainWF *= this.wf[this.pCell[i]!]!;
    let constant = this.layBonus[n]! + this.mainOld * mainWF;
    if (this.coef.length < n) this.coef = new Float64Array(n * 2);
    const coef = this.coef;
    for (let i = 0; i < n; i++) {
      const c = this.pCell[i]!;
      const lf = this.lf[c]!;
      constant += this.cellPts[c]!;
      let k = lf * mainWF;
      if (hasCross[c]) {
        const wf = this.wf[c]!;
        k += lf * wf;
        constant += crossOld[c]! * wf;
      }
      coef[i] = k;
    }
    if (this.wildTotal === 0) {
      if (this.opts.mode === 'best') this.recordBest(constant);
      else this.recordAll(constant);
    } else this.assignWild(0, this.wildTotal, constant);
  }

  /**
   * The search ran on letters; here every way to take wildcards for positions is tried: a
   * position takes a natural card of its letter while the hand has one left, or a wildcard.
   */
  private assignWild(i: number, wildLeft: number, constant: number): void {
    if (i === this.nPlaced) {
      if (this.opts.mode === 'best') this.recordBest(constant);
      else this.recordAll(constant);
      return;
    }
    const l = this.pLetter[i]!;
    const nat = this.natLeft;
    if (nat[l]! > 0) {
      nat[l]!--;
      this.pWild[i] = 0;
      this.assignWild(i + 1, wildLeft, constant);
      nat[l]!++;
    }
    if (wildLeft > 0) {
      this.pWild[i] = 1;
      this.assignWild(i + 1, wildLeft - 1, constant);
    }
  }

  /** Positions of each group: natural cards of a letter (by letter) and wildcards (key 0). */
  private groups(): Array<{ positions: number[]; kinds: CardKind[] }> {
    const n = this.nPlaced;
    const byLetter = new Map<number, number[]>();
    for (let i = 0; i < n; i++) {
      const key = this.pWild[i] ? 0 : this.pLetter[i]!;
      let g = byLetter.get(key);
      if (!g) byLetter.set(key, (g = []));
      g.push(i);
    }
    const out: Array<{ positions: number[]; kinds: CardKind[] }> = [];
    for (const [key, positions] of byLetter) out.push({ positions, kinds: key === 0 ? this.wildKinds : this.natKinds[key]! });
    return out;
  }

  private recordBest(constant: number): void {
    // fast path: every group has a single kind of card
    let score = constant;
    const n = this.nPlaced;
    const choice = this.choice;
    let simple = true;
    for (let i = 0; i < n; i++) {
      const kinds = this.pWild[i] ? this.wildKinds : this.natKinds[this.pLetter[i]!]!;
      if (kinds.length !== 1) {
        simple = false;
        break;
      }
      choice[i] = kinds[0]!.points;
      score += kinds[0]!.points * this.coef[i]!;
    }
    if (!simple) {
      score = constant;
      for (const g of this.groups()) {
        let bestV = -Infinity;
        let bestA: number[] = [];
        enumerate(g.positions, g.kinds, (assign) => {
          let v = 0;
          for (let j = 0; j < assign.length; j++) v += assign[j]! * this.coef[g.positions[j]!]!;
          if (v > bestV) {
            bestV = v;
            bestA = assign.slice();
          }
        });
        score += bestV;
        g.positions.forEach((p, j) => (choice[p] = bestA[j]!));
      }
    }
    if (score < this.bestScore) return;
    const move = this.makeMove(score, choice);
    if (score > this.bestScore) {
      this.bestScore = score;
      this.best = [move];
    } else this.best.push(move);
  }

  private recordAll(constant: number): void {
    const n = this.nPlaced;
    const coef = this.coef;
    const choice = this.choice;
    // fast path: every position has a single kind of card
    let score = constant;
    let simple = true;
    for (let i = 0; i < n; i++) {
      const kinds = this.pWild[i] ? this.wildKinds : this.natKinds[this.pLetter[i]!]!;
      if (kinds.length !== 1) {
        simple = false;
        break;
      }
      choice[i] = kinds[0]!.points;
      score += kinds[0]!.points * coef[i]!;
    }
    if (simple) {
      this.moves.push(this.makeMove(score, choice));
      return;
    }
    const groups = this.groups();
    const rec = (gi: number, score: number) => {
      if (gi === groups.length) {
        this.moves.push(this.makeMove(score, choice));
        return;
      }
      const g = groups[gi]!;
      enumerate(g.positions, g.kinds, (assign) => {
        let v = 0;
        for (let j = 0; j < assign.length; j++) {
          const p = g.positions[j]!;
          choice[p] = assign[j]!;
          v += assign[j]! * coef[p]!;
        }
        rec(gi + 1, score + v);
      });
    };
    rec(0, constant);
  }

  private readonly choice = new Float64Array(64);
  /**
   * Cards and tiles are shared between moves (treat them as read-only): one object per
   * distinct card, and one per distinct (cell, card), so that listing tens of thousands of
   * moves allocates little more than the moves and their tile lists.
   */
  private readonly cardIds = new Map<number, number>();
  private readonly cards: Card[] = [];
  private readonly tileCache: Array<Tile | undefined> = [];

  private tileFor(cell: number, letter: number, points: number, wild: number): Tile {
    const key = (points * 2 + wild) * 65536 + letter;
    let id = this.cardIds.get(key);
    if (id === undefined) {
      const ch = this.ctx.store.alphabet.char(letter);
      id = this.cards.length;
      this.cards.push(wild ? { char: null, points, meaning: ch } : { char: ch, points });
      this.cardIds.set(key, id);
    }
    const tk = id * this.W * this.H + cell;
    let t = this.tileCache[tk];
    if (t === undefined) {
      t = { cell, card: this.cards[id]! };
      this.tileCache[tk] = t;
    }
    return t;
  }

  private makeMove(score: number, points: Float64Array): GeneratedMove {
    const n = this.nPlaced;
    const tiles: Tile[] = new Array<Tile>(n);
    for (let i = 0; i < n; i++) {
      const t = this.tileFor(this.pCell[i]!, this.pLetter[i]!, points[i]!, this.pWild[i]!);
      let j = i - 1;
      while (j >= 0 && tiles[j]!.cell > t.cell) {
        tiles[j + 1] = tiles[j]!;
        j--;
      }
      tiles[j + 1] = t;
    }
    return { score, direction: this.dir === 0 ? 'across' : 'down', tiles };
  }
}

/** Every assignment of card kinds (points) to the positions, within the kinds' counts. */
function enumerate(positions: readonly number[], kinds: readonly CardKind[], visit: (assign: number[]) => void): void {
  const left = kinds.map((k) => k.count);
  const assign: number[] = new Array<number>(positions.length).fill(0);
  const rec = (j: number) => {
    if (j === positions.length) {
      visit(assign);
      return;
    }
    for (let k = 0; k < kinds.length; k++) {
      if (left[k]! === 0) continue;
      left[k]!--;
      assign[j] = kinds[k]!.points;
      rec(j + 1);
      left[k]!++;
    }
  };
  rec(0);
}

function findArcIn(arcs: Uint32Array, node: number, letter: number): number {
  if (node === 0) return -1;
  for (let a = node; ; a++) {
    const info = arcs[2 * a + 1]!;
    if ((info & LETTER_MASK) === letter) return a;
    if (info & END) return -1;
  }
}

/** Every legal laying move (each distinct (cell, card) set once), unsorted. */
export function generateMoves(ctx: GenContext, board: Board, hand: readonly Card[], opts: Partial<GenerateOptions> = {}): GeneratedMove[] {
  const g = new Generator(ctx, board, hand, { mode: 'all', ...opts });
  g.run();
  return g.moves;
}

/** The highest-scoring laying moves (all those that tie), or none. */
export function bestMoves(ctx: GenContext, board: Board, hand: readonly Card[], opts: Partial<GenerateOptions> = {}): GeneratedMove[] {
  const g = new Generator(ctx, board, hand, { ...opts, mode: 'best' });
  g.run();
  return g.best;
}

/** A stable key of a move: its cells and cards (for sorting ties and for comparing sets). */
export function moveKey(m: { tiles: readonly Tile[] }): string {
  return m.tiles.map((t) => `${t.cell}:${t.card.char ?? ' '}${t.card.meaning ?? ''}${t.card.points}`).join(' ');
}

/** Sorts moves best first, ties by key (deterministic). */
export function sortMoves<T extends GeneratedMove>(moves: T[]): T[] {
  const keys = new Map<T, string>();
  const key = (m: T) => {
    let k = keys.get(m);
    if (k === undefined) keys.set(m, (k = moveKey(m)));
    return k;
  };
  return moves.sort((a, b) => b.score - a.score || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
