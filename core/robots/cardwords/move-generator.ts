// The move generator: every legal laying move of a hand on a table, with its exact score.
// GADDAG generation (Gordon; macondo and wolges): for every anchor cell, read letters
// leftwards from the anchor through the GADDAG, then after the separator rightwards through
// the DAWG; cross-sets (the letters a free cell may take) come from the DAWG.
//
// Anchors: with cards on the table, the free cells next to one; on an empty table, the free
// cells that satisfy the start condition. A move is generated from its leftmost (topmost)
// anchor only: going left never lays a card on another anchor (the best move with a
// wildcard in hand: from its rightmost, going right never lays a card on another anchor;
// `rightmost` says why). One-card moves are
// generated across, and down only when the card has no across word.
//
// When cards lie right after the anchor (a hook in front of a word), the GADDAG is read
// from the last of those cards, leftwards through them to the anchor and on: the known
// letters come first and cut the search at once.
//
// Speed (docs/performance.md, "Move generator"): one generator object is kept per word
// store and reused; the table's cells, the board's letters, the anchors and the cross-sets
// (bitmasks per cell, both directions) are kept between calls and updated only around the
// cells that changed. The search runs on letters (one branch per letter: a natural card
// while the hand has one, else a wildcard) and adds the score parts that do not depend on
// the cards as it goes (cell points, cards already there, word-factor product, the cross
// words' old points); when a word is accepted, every way of giving its positions the hand's
// cards (kinds by points, natural or wildcard) is listed, the score linear in each card's
// points with integer coefficients. Branching over cards inside the search instead was
// measured slower with wildcards (docs/performance.md).
// Moves are written into a MoveList (typed arrays); objects are made only for the moves a
// caller takes. The best move alone is found with "shadow" pruning: an upper bound of the
// score of any move from each anchor, anchors searched best bound first, stopping when
// no bound reaches the best score found; with wildcards in hand (a letter tree as many
// times wider as the alphabet has letters), the bounds of each start and end of the anchor searched also cut the search
// itself (a start, or a step left or right, whose bound cannot reach the best score;
// without wildcards computing them cost more than they saved). On an empty table that is
// symmetric under transposition, only across moves are searched; the down moves are
// their transposes.
// The same search runs in WebAssembly (wasm-search.ts, assembly/search.ts: about twice as
// fast, and compiled before a fresh process's first call), which takes every call on a
// narrow graph; this one is the reference a test compares it with, and the fallback.
import type { CardTable } from '../../formats/types.js';
import type { Board, Card } from '../../games/cardwords/types.js';
import { layBonus } from '../../games/cardwords/scoring.js';
import { ACCEPT, END, LETTER_BITS, LETTER_SHIFT, SEP, targetMask, type WordGraph } from '../../words/graph.js';
import type { WordStore } from '../../words/store.js';
import { MoveList } from './move-list.js';
import { WasmSearch } from './wasm-search.js';

export interface GenContext {
  table: CardTable;
  bonus: ReadonlyMap<number, number>;
  store: WordStore;
}

export interface GenerateOptions {
  /** 'all': every distinct move; 'best': only the highest-scoring one(s) (faster). */
  mode: 'all' | 'best';
  /**
   * Filter on the main word (its length): for weaker robot levels. A function of the length
   * alone: the WebAssembly search asks it once per length up front.
   */
  acceptWord?: (length: number) => boolean;
  /** Lay at most this many cards (rounded down; negative or NaN: none): prunes the search (weaker robot levels). */
  maxTiles?: number;
}

/** Per table: cell attributes as arrays, and whether it is symmetric under transposition. */
interface TableData {
  table: CardTable;
  W: number;
  H: number;
  blocked: Uint8Array;
  cellPts: Float64Array;
  lf: Float64Array;
  wf: Float64Array;
  symmetric: boolean;
}

function tableData(table: CardTable): TableData {
  const W = table.width;
  const H = table.height;
  const N = W * H;
  const blocked = new Uint8Array(N);
  const cellPts = new Float64Array(N);
  const lf = new Float64Array(N);
  const wf = new Float64Array(N);
  for (let c = 0; c < N; c++) {
    const attr = table.cells[c];
    blocked[c] = attr?.blocked ? 1 : 0;
    cellPts[c] = attr?.points ?? 0;
    lf[c] = attr?.letterFactor ?? 1;
    wf[c] = attr?.wordFactor ?? 1;
  }
  let symmetric = W === H && table.start.touchColumn === table.start.touchRow;
  for (let r = 0; symmetric && r < H; r++) {
    for (let c = r + 1; c < W; c++) {
      const a = r * W + c;
      const b = c * W + r;
      if (blocked[a] !== blocked[b] || cellPts[a] !== cellPts[b] || lf[a] !== lf[b] || wf[a] !== wf[b]) {
        symmetric = false;
        break;
      }
    }
  }
  return { table, W, H, blocked, cellPts, lf, wf, symmetric };
}

/** How many cards a move may lay: the hand's, or maxTiles (whole, from 0) when fewer. */
function tileLimit(handSize: number, maxTiles: number | undefined): number {
  if (maxTiles === undefined) return handSize;
  const m = Math.floor(maxTiles);
  return m >= 0 ? Math.min(handSize, m) : 0; // NaN and negatives: none
}

/** The arc of `node` for `letter`, or -1 (`letters`: a wide graph's letters, else null). */
function findArcIn(arcs: Uint32Array, letters: Uint16Array | null, node: number, letter: number): number {
  if (node === 0) return -1;
  for (let a = node; ; a++) {
    const w = arcs[a]!;
    if ((letters === null ? (w >>> LETTER_SHIFT) & LETTER_BITS : letters[a]!) === letter) return a;
    if (w & END) return -1;
  }
}

const EMPTY = new Uint32Array(0);

/**
 * A reusable move generator for one word store (`generatorFor` keeps one per store). Not
 * re-entrant: a visitor must not call it again (the module's functions use a fresh one then).
 */
export class MoveGenerator {
  busy = false;
  /**
   * The WebAssembly search (wasm-search.ts), which takes the calls it can; null: this
   * generator's own search takes every call (tests compare the two).
   */
  wasm: WasmSearch | null;
  private wasmTd: TableData | null = null;

  constructor(opts: { wasm?: boolean } = {}) {
    this.wasm = opts.wasm === false ? null : new WasmSearch();
  }

  // table
  private td: TableData | null = null;
  private W = 0;
  private H = 0;
  private N = 0;
  private K = 0;
  /** uint32 words per letter mask */
  private mw = 1;
  // board (kept between calls; `changed` lists the cells that differ from the last board)
  private letter = new Int32Array(0);
  private pts = new Float64Array(0);
  private prevLetter = new Int32Array(0);
  private anchor = new Uint8Array(0);
  private empty = true;
  private boardValid = false;
  private changed = new Int32Array(0);
  private mark = new Uint8Array(0);
  private marked = new Int32Array(0);
  // cross-sets for moves along dir 0 (across: the cross word is down) and dir 1
  private crossMask: [Uint32Array, Uint32Array] = [EMPTY, EMPTY];
  private crossOld: [Float64Array, Float64Array] = [new Float64Array(0), new Float64Array(0)];
  private hasCross: [Uint8Array, Uint8Array] = [new Uint8Array(0), new Uint8Array(0)];
  private crossStore: WordStore | null = null;
  /** The store of the current call. */
  private storeRef: WordStore | null = null;
  private crossVersion = -1;
  // hand: natural kinds (letter, points) chained per letter, wildcard kinds by points
  private natCount = new Int32Array(0);
  private kindFirst = new Int32Array(0);
  private kindNext = new Int32Array(16);
  private kindPts = new Float64Array(16);
  private kindCnt = new Int32Array(16);
  private kinds = 0;
  private wildPts = new Float64Array(16);
  private wildCnt = new Int32Array(16);
  private wildKinds = 0;
  private wildLeft = 0;
  private remaining = 0;
  private simpleHand = false;
  /** Points of the hand's cards, highest first (for the shadow bound). */
  private handPts = new Float64Array(16);
  private handSize = 0;
  private layBonus = new Float64Array(0);
  // the line being searched: cell data copied along it
  private dir = 0;
  private lineLen = 0;
  private lCell = new Int32Array(0);
  private lLetter = new Int32Array(0);
  private lPts = new Float64Array(0);
  private lBlocked = new Uint8Array(0);
  private lAnchor = new Uint8Array(0);
  private lMask = new Uint32Array(0);
  private lHasCross = new Uint8Array(0);
  private lCrossOld = new Float64Array(0);
  private lCellPts = new Float64Array(0);
  private lLf = new Float64Array(0);
  private lWf = new Float64Array(0);
  // search state
  private arcs: Uint32Array = EMPTY;
  /** The graph's letters when it is wide, else null (the letter is in the arc). */
  private arcLetters: Uint16Array | null = null;
  private tmask = 0;
  private anchorPos = 0;
  private startPos = 0;
  private leftStart = 0;
  private nPlaced = 0;
  private pPos = new Int32Array(0);
  private tLetter = new Int32Array(0);
  private tPts = new Float64Array(0);
  private tWild = new Uint8Array(0);
  /** Running score parts: main word sum, product of the new cells' word factors, the rest. */
  private mainSum = 0;
  private wfProd = 1;
  private side = 0;
  private best = false;
  /**
   * A move is searched from its rightmost anchor (going left may cross other anchors, going
   * right may not lay a card on one) for the best move with a wildcard in hand, else from its
   * leftmost (going left never lays a card on another anchor). Leftmost keeps the GADDAG's
   * left parts short: most of a word is read rightwards through the DAWG, the narrower graph,
   * so all moves take 0.86 to 0.94 of the time. Rightmost reads a row of hooks beside a word
   * first, where few letters fit, where leftmost first went left over free cells, any letter
   * with a wildcard: the best move with wildcards took 0.85 to 0.99 of the time, one position
   * a fifth; without wildcards 1.14 times (docs/performance.md).
   */
  private rightmost = false;
  bestScore = -Infinity;
  /**
   * Words the last call reached (accepted by the graph at a place the search got to), kept
   * or not: what the best move's pruning saves, for tests; both searches count alike.
   */
  wordsReached = 0;
  private acceptWord: ((length: number) => boolean) | undefined = undefined;
  private filterRemoved = false;
  private out: MoveList = new MoveList();
  // shadow scratch
  private anchorList = new Int32Array(0);
  private anchorBound = new Float64Array(0);
  private order: number[] = [];
  private segCoef = new Float64Array(64);
  private segFree = new Int32Array(64);

  /**
   * Sets up the WebAssembly search for these words and table ahead of the first call
   * (compiling it, copying the graph in: milliseconds once, which a first call pays otherwise).
   * True when it holds them now; false when the JavaScript search takes these calls.
   */
  warmUp(ctx: GenContext, handSize = 0): boolean {
    if (!this.wasm || !WasmSearch.takes(ctx.store)) return false;
    if (!this.wasmTd || this.wasmTd.table !== ctx.table) this.wasmTd = tableData(ctx.table);
    return this.wasm.setup(this.wasmTd, ctx.store, handSize);
  }

  /** Whether the WebAssembly search holds these words and table (for hands of `handSize` cards) now. */
  isWarm(ctx: GenContext, handSize = 0): boolean {
    return this.wasm !== null && this.wasm.holds(ctx.table, ctx.store, handSize);
  }

  /**
   * Writes every legal move (mode 'all') or the best ones (mode 'best': all those that tie)
   * into `out` (cleared first). The board's card objects are taken as values that do not
   * change: the WebAssembly search skips a cell whose card is the object of the last call's
   * board (a new board shares the cards of the old one), so a card must be replaced, never
   * changed in place, between calls (nothing in the project changes one).
   */
  generate(ctx: GenContext, board: Board, hand: readonly Card[], opts: GenerateOptions, out: MoveList): void {
    this.busy = true;
    try {
      if (this.wasm && WasmSearch.takes(ctx.store)) {
        if (!this.wasmTd || this.wasmTd.table !== ctx.table) this.wasmTd = tableData(ctx.table);
        const td = this.wasmTd;
        out.clear();
        out.bind(ctx.store.alphabet, td.W * td.H);
        const limit = tileLimit(hand.length, opts.maxTiles);
        if (this.wasm.generate(td, ctx.bonus, ctx.store, board, hand, opts.mode === 'best', limit, opts.acceptWord, out)) {
          this.bestScore = this.wasm.bestScore;
          this.wordsReached = this.wasm.wordsReached;
          return;
        }
        // not available here, or failed part-way: this call is searched below
      }
      this.prepare(ctx, board);
      out.clear();
      out.bind(ctx.store.alphabet, this.N);
      this.out = out;
      this.setHand(ctx, hand, opts);
      this.best = opts.mode === 'best';
      this.rightmost = this.best && this.wildLeft > 0;
      this.bestScore = -Infinity;
      this.wordsReached = 0;
      this.acceptWord = opts.acceptWord;
      if (this.remaining === 0) return;
      const store = ctx.store;
      const graphs: WordGraph[] = [store.graph, ...store.overlays];
      const oneWay = this.empty && this.td!.symmetric;
      if (this.best) this.runBest(graphs, store.removedWords.size > 0, oneWay);
      else {
        for (let gi = 0; gi < graphs.length; gi++) this.runAll(graphs[gi]!, gi === 0 && store.removedWords.size > 0, oneWay);
      }
      if (oneWay) out.appendTransposes(this.W);
    } finally {
      this.prune = false;
      this.resetHand();
      this.busy = false;
    }
  }

  // ------------------------------------------------------------------ preparation

  private prepare(ctx: GenContext, board: Board): void {
    const { table, store } = ctx;
    this.storeRef = store;
    if (!this.td || this.td.table !== table) {
      this.td = tableData(table);
      this.W = table.width;
      this.H = table.height;
      this.N = this.W * this.H;
      this.boardValid = false;
      const N = this.N;
      this.letter = new Int32Array(N);
      this.prevLetter = new Int32Array(N);
      this.pts = new Float64Array(N);
      this.anchor = new Uint8Array(N);
      this.changed = new Int32Array(N);
      this.mark = new Uint8Array(N);
      this.marked = new Int32Array(N);
      const L = Math.max(this.W, this.H) + 2;
      this.lCell = new Int32Array(L);
      this.lLetter = new Int32Array(L);
      this.lPts = new Float64Array(L);
      this.lBlocked = new Uint8Array(L);
      this.lAnchor = new Uint8Array(L);
      this.lHasCross = new Uint8Array(L);
      this.lCrossOld = new Float64Array(L);
      this.lCellPts = new Float64Array(L);
      this.lLf = new Float64Array(L);
      this.lWf = new Float64Array(L);
      this.pPos = new Int32Array(L);
      this.tLetter = new Int32Array(L);
      this.tPts = new Float64Array(L);
      this.tWild = new Uint8Array(L);
      this.anchorList = new Int32Array(2 * N);
      this.anchorBound = new Float64Array(2 * N);
      if (this.segCoef.length < L) {
        this.segCoef = new Float64Array(L);
        this.segFree = new Int32Array(L);
      }
    }
    if (board.width !== this.W || board.height !== this.H) throw new RangeError(`the board is ${board.width}*${board.height}, the table ${this.W}*${this.H}`);
    const alpha = store.alphabet;
    const K = alpha.size;
    if (K !== this.K || this.natCount.length !== K + 1) {
      this.K = K;
      this.mw = (K + 1 + 31) >>> 5;
      this.natCount = new Int32Array(K + 1);
      this.kindFirst = new Int32Array(K + 1).fill(-1);
      this.crossStore = null;
    }
    const N = this.N;
    if (this.crossMask[0].length !== N * this.mw) {
      this.crossMask = [new Uint32Array(N * this.mw), new Uint32Array(N * this.mw)];
      this.crossOld = [new Float64Array(N), new Float64Array(N)];
      this.hasCross = [new Uint8Array(N), new Uint8Array(N)];
      this.crossStore = null;
      this.lMask = new Uint32Array((Math.max(this.W, this.H) + 2) * this.mw);
    }
    // the board: note the cells that changed
    const letter = this.letter;
    const pts = this.pts;
    const prev = this.prevLetter;
    prev.set(letter);
    let nChanged = 0;
    let empty = true;
    const valid = this.boardValid;
    for (let c = 0; c < N; c++) {
      const card = board.cells[c];
      let code = 0;
      let p = 0;
      if (card) {
        const ch = card.char ?? card.meaning;
        code = ch === undefined ? 0 : alpha.code(ch);
        if (code === 0) {
          this.boardValid = false;
          throw new RangeError(`the card on cell ${c % this.W},${Math.floor(c / this.W)} is not in the alphabet`);
        }
        p = card.points;
        empty = false;
      }
      if (!valid || letter[c] !== code || pts[c] !== p) {
        letter[c] = code;
        pts[c] = p;
        this.changed[nChanged++] = c;
      }
    }
    const wasEmpty = this.empty;
    this.empty = empty;
    this.boardValid = true;
    const full = !valid || this.crossStore !== store || this.crossVersion !== store.version || nChanged * 8 > N;
    // anchors
    if (!valid || wasEmpty !== empty || nChanged * 8 > N) this.computeAnchors(0, N, null);
    else if (nChanged) this.computeAnchors(0, nChanged, this.changed);
    // cross-sets
    if (full) {
      for (let c = 0; c < N; c++) {
        this.cross(0, c);
        this.cross(1, c);
      }
      this.crossStore = store;
      this.crossVersion = store.version;
    } else if (nChanged) this.updateCross(nChanged);
  }

  private computeAnchors(from: number, to: number, list: Int32Array | null): void {
    const { W, H } = this;
    const letter = this.letter;
    const blocked = this.td!.blocked;
    const { touchColumn: sc, touchRow: sr } = this.td!.table.start;
    const set = (i: number) => {
      const r = (i / W) | 0;
      const c = i - r * W;
      if (blocked[i] || letter[i]) this.anchor[i] = 0;
      else if (this.empty) this.anchor[i] = (sc === null || c === sc) && (sr === null || r === sr) ? 1 : 0;
      else this.anchor[i] = (c > 0 && letter[i - 1]) || (c < W - 1 && letter[i + 1]) || (r > 0 && letter[i - W]) || (r < H - 1 && letter[i + W]) ? 1 : 0;
    };
    if (list === null) {
      for (let i = from; i < to; i++) set(i);
      return;
    }
    for (let k = from; k < to; k++) {
      const i = list[k]!;
      const r = (i / W) | 0;
      const c = i - r * W;
      set(i);
      if (c > 0) set(i - 1);
      if (c < W - 1) set(i + 1);
      if (r > 0) set(i - W);
      if (r < H - 1) set(i + W);
    }
  }

  /**
   * Cross-sets around the changed cells: along each axis, the cells of the runs through a
   * changed cell (before or after the change) and the free cells that end them.
   */
  private updateCross(nChanged: number): void {
    const { W, H } = this;
    const letter = this.letter;
    const prev = this.prevLetter;
    const mark = this.mark;
    const marked = this.marked;
    for (let dir = 0; dir < 2; dir++) {
      // moves along dir have cross words along the other axis
      const step = dir === 0 ? W : 1;
      let nm = 0;
      for (let k = 0; k < nChanged; k++) {
        const c = this.changed[k]!;
        const r = (c / W) | 0;
        const col = c - r * W;
        if (!mark[c]) {
          mark[c] = 1;
          marked[nm++] = c;
        }
        for (let s = -1; s <= 1; s += 2) {
          let q = c;
          let i = dir === 0 ? r : col;
          const lim = dir === 0 ? H : W;
          for (;;) {
            i += s;
            if (i < 0 || i >= lim) break;
            q += s * step;
            if (!mark[q]) {
              mark[q] = 1;
              marked[nm++] = q;
            }
            if (letter[q] === 0 && prev[q] === 0) break;
          }
        }
      }
      for (let k = 0; k < nm; k++) {
        const q = marked[k]!;
        mark[q] = 0;
        this.cross(dir, q);
      }
    }
  }

  /** The cross-set of cell i for moves along `dir`, from the cards on either side across. */
  private cross(dir: number, i: number): void {
    const { W, H, mw, K } = this;
    const mask = this.crossMask[dir]!;
    const old = this.crossOld[dir]!;
    const has = this.hasCross[dir]!;
    const letter = this.letter;
    const base = i * mw;
    for (let k = 0; k < mw; k++) mask[base + k] = 0;
    has[i] = 0;
    old[i] = 0;
    if (this.td!.blocked[i] || letter[i]) return;
    const r = (i / W) | 0;
    const c = i - r * W;
    // the cross axis: down for across moves
    const step = dir === 0 ? W : 1;
    const pos = dir === 0 ? r : c;
    const lim = dir === 0 ? H : W;
    let first = pos;
    while (first > 0 && letter[i - (pos - first + 1) * step]) first--;
    let last = pos;
    while (last < lim - 1 && letter[i + (last - pos + 1) * step]) last++;
    if (first === pos && last === pos) {
      for (let k = 0; k < mw; k++) mask[base + k] = 0xffffffff;
      mask[base] = mask[base]! & ~1; // never the separator
      return;
    }
    has[i] = 1;
    let sum = 0;
    for (let p = first; p <= last; p++) if (p !== pos) sum += this.pts[i + (p - pos) * step]!;
    old[i] = sum;
    const st = this.storeRef!;
    if (st.hasOverlay) {
      const word: number[] = [];
      for (let p = first; p <= last; p++) word.push(p === pos ? 0 : letter[i + (p - pos) * step]!);
      for (let l = 1; l <= K; l++) {
        word[pos - first] = l;
        if (st.hasCodes(word)) mask[base + (l >>> 5)]! |= 1 << (l & 31);
      }
      return;
    }
    // the side read once is the longer one: the prefix through the DAWG, or the suffix
    // leftwards through the GADDAG (which ends in the cell's letter, then reads the prefix);
    // each letter of the cell then reads the shorter side
    const g = st.graph;
    const arcs = g.arcs;
    const letters = g.letters;
    const tm = targetMask(g);
    const left = last - pos > pos - first;
    const d = left ? -1 : 1; // both sides are read in this direction
    const far = left ? first : last; // where the shorter side ends
    let node = left ? g.gaddagRoot : g.dawgRoot;
    for (let p = left ? last : first; p !== pos; p += d) {
      const a = findArcIn(arcs, letters, node, letter[i + (p - pos) * step]!);
      if (a < 0) return;
      node = arcs[a]! & tm;
    }
    if (node === 0) return;
    for (let a = node; ; a++) {
      const info = arcs[a]!;
      const l = letters === null ? (info >>> LETTER_SHIFT) & LETTER_BITS : letters[a]!;
      let accepted: boolean;
      if (l === SEP) accepted = false;
      else if (far === pos) accepted = (info & ACCEPT) !== 0;
      else {
        let n = info & tm;
        let e = -1;
        for (let p = pos + d; p !== far + d; p += d) {
          e = findArcIn(arcs, letters, n, letter[i + (p - pos) * step]!);
          if (e < 0) break;
          n = arcs[e]! & tm;
        }
        accepted = e >= 0 && (arcs[e]! & ACCEPT) !== 0;
      }
      if (accepted) mask[base + (l >>> 5)]! |= 1 << (l & 31);
      if (info & END) break;
    }
  }

  // ------------------------------------------------------------------ the hand

  private kindLetter = new Int32Array(16);

  private setHand(ctx: GenContext, hand: readonly Card[], opts: GenerateOptions): void {
    const alpha = ctx.store.alphabet;
    const n = hand.length;
    if (this.kindPts.length < n) {
      this.kindNext = new Int32Array(n);
      this.kindPts = new Float64Array(n);
      this.kindCnt = new Int32Array(n);
      this.kindLetter = new Int32Array(n);
      this.wildPts = new Float64Array(n);
      this.wildCnt = new Int32Array(n);
      this.handPts = new Float64Array(n);
    }
    this.kinds = 0;
    this.wildKinds = 0;
    this.wildLeft = 0;
    this.handSize = 0;
    for (const card of hand) {
      const p = card.points;
      if (card.char === null) {
        let w = 0;
        while (w < this.wildKinds && this.wildPts[w] !== p) w++;
        if (w === this.wildKinds) {
          this.wildPts[w] = p;
          this.wildCnt[w] = 0;
          this.wildKinds++;
        }
        this.wildCnt[w]!++;
        this.wildLeft++;
      } else {
        const code = alpha.code(card.char);
        if (code === 0) throw new RangeError(`the hand card [${card.char} ${card.points}] is not in the alphabet`);
        let k = this.kindFirst[code]!;
        while (k >= 0 && this.kindPts[k] !== p) k = this.kindNext[k]!;
        if (k < 0) {
          k = this.kinds++;
          this.kindPts[k] = p;
          this.kindCnt[k] = 0;
          this.kindLetter[k] = code;
          this.kindNext[k] = this.kindFirst[code]!;
          this.kindFirst[code] = k;
        }
        this.kindCnt[k]!++;
        this.natCount[code]!++;
      }
      // highest first
      let j = this.handSize++;
      while (j > 0 && this.handPts[j - 1]! < p) {
        this.handPts[j] = this.handPts[j - 1]!;
        j--;
      }
      this.handPts[j] = p;
    }
    // one kind per letter and no wildcard: each move has one way to take its cards
    let simple = this.wildKinds === 0;
    for (let k = 0; k < this.kinds && simple; k++) simple = this.kindNext[k] === -1 && this.kindFirst[this.kindLetter[k]!] === k;
    this.simpleHand = simple;
    this.remaining = tileLimit(n, opts.maxTiles);
    if (this.layBonus.length < n + 1) this.layBonus = new Float64Array(n + 1);
    for (let k = 1; k <= n; k++) this.layBonus[k] = layBonus(ctx.bonus, k);
  }

  private resetHand(): void {
    for (let k = 0; k < this.kinds; k++) {
      const l = this.kindLetter[k]!;
      this.natCount[l] = 0;
      this.kindFirst[l] = -1;
    }
    this.kinds = 0;
    this.wildKinds = 0;
    this.wildLeft = 0;
  }

  // ------------------------------------------------------------------ lines

  private curLine = -1;

  /** Copies the cell data of one line (a row for dir 0, a column for dir 1). */
  private loadLine(dir: number, line: number): void {
    const key = dir * 65536 + line;
    if (this.curLine === key) return;
    this.curLine = key;
    this.dir = dir;
    const { W, mw } = this;
    const len = (this.lineLen = dir === 0 ? W : this.H);
    const td = this.td!;
    const mask = this.crossMask[dir]!;
    const has = this.hasCross[dir]!;
    const old = this.crossOld[dir]!;
    for (let pos = 0; pos < len; pos++) {
      const c = dir === 0 ? line * W + pos : pos * W + line;
      this.lCell[pos] = c;
      this.lLetter[pos] = this.letter[c]!;
      this.lPts[pos] = this.pts[c]!;
      this.lBlocked[pos] = td.blocked[c]!;
      this.lAnchor[pos] = this.anchor[c]!;
      this.lHasCross[pos] = has[c]!;
      this.lCrossOld[pos] = old[c]!;
      this.lCellPts[pos] = td.cellPts[c]!;
      this.lLf[pos] = td.lf[c]!;
      this.lWf[pos] = td.wf[c]!;
      if (mw === 1) this.lMask[pos] = mask[c]!;
      else for (let k = 0; k < mw; k++) this.lMask[pos * mw + k] = mask[c * mw + k]!;
    }
  }

  // ------------------------------------------------------------------ every move

  private runAll(g: WordGraph, filterRemoved: boolean, oneWay: boolean): void {
    if (g.gaddagRoot === 0) return;
    this.useGraph(g);
    this.filterRemoved = filterRemoved;
    this.curLine = -1;
    for (let dir = 0; dir < (oneWay ? 1 : 2); dir++) {
      const lines = dir === 0 ? this.H : this.W;
      const anchor = this.anchor;
      for (let line = 0; line < lines; line++) {
        // lines without an anchor are not even loaded
        let any = false;
        const len = dir === 0 ? this.W : this.H;
        for (let pos = 0; pos < len && !any; pos++) any = anchor[dir === 0 ? line * this.W + pos : pos * this.W + line] === 1;
        if (!any) continue;
        this.loadLine(dir, line);
        for (let pos = 0; pos < len; pos++) if (this.lAnchor[pos]) this.searchAnchor(pos, g.gaddagRoot);
      }
    }
  }

  private useGraph(g: WordGraph): void {
    this.arcs = g.arcs;
    this.arcLetters = g.letters;
    this.tmask = targetMask(g);
  }

  private searchAnchor(pos: number, root: number): void {
    this.anchorPos = pos;
    let start = pos;
    while (start + 1 < this.lineLen && this.lLetter[start + 1] !== 0) start++;
    this.startPos = start;
    this.mainSum = 0;
    this.wfProd = 1;
    this.side = 0;
    this.nPlaced = 0;
    this.goLeft(start, root);
  }

  /** Reads the letter of `pos` (leftwards phase) from GADDAG node `node`. */
  private goLeft(pos: number, node: number): void {
    const arcs = this.arcs;
    const letters = this.arcLetters;
    const l0 = this.lLetter[pos]!;
    if (l0 !== 0) {
      const a = findArcIn(arcs, letters, node, l0);
      if (a < 0) return;
      const ms = this.mainSum;
      this.mainSum = ms + this.lPts[pos]!;
      this.afterLeft(pos, a);
      this.mainSum = ms;
      return;
    }
    if (node === 0) return;
    const mask = this.lMask;
    const mb = pos * this.mw;
    const nat = this.natCount;
    for (let a = node; ; a++) {
      const info = arcs[a]!;
      const l = letters === null ? (info >>> LETTER_SHIFT) & LETTER_BITS : letters[a]!;
      if ((mask[mb + (l >>> 5)]! & (1 << (l & 31))) !== 0 && (nat[l]! > 0 || this.wildLeft > 0)) this.place(pos, a, l, false);
      if (info & END) break;
    }
  }

  /**
   * Lays letter `l` on `pos` and goes on from arc `a`: one branch per letter (a natural card
   * while the hand has one, else a wildcard); which cards the positions take is chosen when
   * the word is accepted (`record`), so the letter tree is searched once.
   */
  private place(pos: number, a: number, l: number, right: boolean): void {
    const wf = this.lWf[pos]!;
    const wp = this.wfProd;
    const sd = this.side;
    const n = this.nPlaced;
    this.pPos[n] = pos;
    this.nPlaced = n + 1;
    this.remaining--;
    this.tLetter[pos] = l;
    this.wfProd = wp * wf;
    this.side = this.lHasCross[pos] ? sd + this.lCellPts[pos]! + this.lCrossOld[pos]! * wf : sd + this.lCellPts[pos]!;
    if (this.natCount[l]! > 0) {
      this.natCount[l]!--;
      if (right) this.afterRight(pos, a);
      else this.afterLeft(pos, a);
      this.natCount[l]!++;
    } else {
      this.wildLeft--;
      if (right) this.afterRight(pos, a);
      else this.afterLeft(pos, a);
      this.wildLeft++;
    }
    this.wfProd = wp;
    this.side = sd;
    this.nPlaced = n;
    this.remaining++;
  }

  private afterLeft(pos: number, a: number): void {
    const arcs = this.arcs;
    const info = arcs[a]!;
    const next = info & this.tmask;
    const leftOcc = pos > 0 && this.lLetter[pos - 1] !== 0;
    const ap = this.anchorPos;
    // the word may begin here once the anchor is covered (the cell after startPos is free)
    if (!leftOcc && pos <= ap && !(this.prune && this.startBound[pos]! < this.bestScore)) {
      const sp = this.startPos;
      if (info & ACCEPT) this.record(pos, sp);
      // the separator, when there is one, is a node's first arc
      const letters = this.arcLetters;
      const sep = next !== 0 && (letters === null ? (arcs[next]! >>> LETTER_SHIFT) & LETTER_BITS : letters[next]!) === SEP;
      if (sep && sp + 1 < this.lineLen) {
        const saved = this.leftStart;
        this.leftStart = pos;
        this.goRight(sp + 1, arcs[next]! & this.tmask);
        this.leftStart = saved;
      }
    }
    // going left: the stops here are the ones shadow scans (leftBound relies on it)
    if (next !== 0 && pos > 0 && !(this.prune && this.leftBound[pos - 1]! < this.bestScore)) {
      if (leftOcc) this.goLeft(pos - 1, next);
      else if (this.remaining > 0 && (pos - 1 === ap || (pos - 1 < ap && !this.lBlocked[pos - 1] && (this.rightmost || !this.lAnchor[pos - 1])))) this.goLeft(pos - 1, next);
    }
  }

  /** Reads the letter of `pos` (rightwards phase) from DAWG node `node`. */
  private goRight(pos: number, node: number): void {
    if (node === 0 || this.lBlocked[pos]) return;
    if (this.prune && this.endBound[this.leftStart * this.lineLen + pos]! < this.bestScore) return;
    const arcs = this.arcs;
    const letters = this.arcLetters;
    const l0 = this.lLetter[pos]!;
    if (l0 !== 0) {
      const a = findArcIn(arcs, letters, node, l0);
      if (a < 0) return;
      const ms = this.mainSum;
      this.mainSum = ms + this.lPts[pos]!;
      this.afterRight(pos, a);
      this.mainSum = ms;
      return;
    }
    if (this.remaining === 0 || (this.rightmost && this.lAnchor[pos])) return;
    const mask = this.lMask;
    const mb = pos * this.mw;
    const nat = this.natCount;
    for (let a = node; ; a++) {
      const info = arcs[a]!;
      const l = letters === null ? (info >>> LETTER_SHIFT) & LETTER_BITS : letters[a]!;
      if ((mask[mb + (l >>> 5)]! & (1 << (l & 31))) !== 0 && (nat[l]! > 0 || this.wildLeft > 0)) this.place(pos, a, l, true);
      if (info & END) break;
    }
  }

  private afterRight(pos: number, a: number): void {
    const info = this.arcs[a]!;
    const rightOcc = pos + 1 < this.lineLen && this.lLetter[pos + 1] !== 0;
    if (info & ACCEPT && !rightOcc) this.record(this.leftStart, pos);
    const next = info & this.tmask;
    if (next !== 0 && pos + 1 < this.lineLen) this.goRight(pos + 1, next);
  }

  private recStart = 0;
  private recEnd = 0;
  private coef = new Float64Array(64);

  private record(start: number, end: number): void {
    this.wordsReached++;
    const n = this.nPlaced;
    if (n === 0) return;
    if (this.dir === 1 && n === 1 && this.lHasCross[this.pPos[0]!]) return; // listed across
    if (this.acceptWord && !this.acceptWord(end - start + 1)) return;
    if (this.filterRemoved) {
      const alpha = this.storeRef!.alphabet;
      let w = '';
      for (let p = start; p <= end; p++) w += alpha.char(this.lLetter[p] || this.tLetter[p]!);
      if (this.storeRef!.removedWords.has(w)) return;
    }
    // score = base + the sum over new cards of coefficient x points (linear in the points)
    const wp = this.wfProd;
    const base = this.mainSum * wp + this.side + this.layBonus[n]!;
    if (this.coef.length < n) this.coef = new Float64Array(2 * n);
    const coef = this.coef;
    for (let j = 0; j < n; j++) {
      const pos = this.pPos[j]!;
      const lf = this.lLf[pos]!;
      coef[j] = this.lHasCross[pos] ? lf * wp + lf * this.lWf[pos]! : lf * wp;
    }
    this.recStart = start;
    this.recEnd = end;
    if (this.best && !this.simpleHand) {
      // no way to give these positions cards can reach the best score found
      const hi = this.handPts[0]!;
      const lo = this.handPts[this.handSize - 1]!;
      let bound = base;
      for (let j = 0; j < n; j++) bound += coef[j]! >= 0 ? coef[j]! * hi : coef[j]! * lo;
      if (bound < this.bestScore) return;
    }
    if (this.simpleHand) {
      // one kind of card per letter, no wildcard: one move
      let score = base;
      for (let j = 0; j < n; j++) {
        const pos = this.pPos[j]!;
        const p = this.kindPts[this.kindFirst[this.tLetter[pos]!]!]!;
        this.tPts[pos] = p;
        this.tWild[pos] = 0;
        score += coef[j]! * p;
      }
      this.emit(score);
    } else this.assign(0, base);
  }

  /** Every way to give the positions j.. cards of the hand (kinds by points, natural or wildcard). */
  private assign(j: number, acc: number): void {
    if (j === this.nPlaced) {
      this.emit(acc);
      return;
    }
    const pos = this.pPos[j]!;
    const l = this.tLetter[pos]!;
    const c = this.coef[j]!;
    for (let k = this.kindFirst[l]!; k >= 0; k = this.kindNext[k]!) {
      if (this.kindCnt[k] === 0) continue;
      const p = this.kindPts[k]!;
      this.kindCnt[k]!--;
      this.tPts[pos] = p;
      this.tWild[pos] = 0;
      this.assign(j + 1, acc + c * p);
      this.kindCnt[k]!++;
    }
    for (let w = 0; w < this.wildKinds; w++) {
      if (this.wildCnt[w] === 0) continue;
      const p = this.wildPts[w]!;
      this.wildCnt[w]!--;
      this.tPts[pos] = p;
      this.tWild[pos] = 1;
      this.assign(j + 1, acc + c * p);
      this.wildCnt[w]!++;
    }
  }

  private emit(score: number): void {
    const out = this.out;
    if (this.best) {
      if (score < this.bestScore) return;
      if (score > this.bestScore) {
        this.bestScore = score;
        out.clear();
      }
    }
    const n = this.nPlaced;
    let t = out.begin(score, this.dir, n);
    const { cells, letters, points, wilds } = out;
    for (let p = this.recStart; p <= this.recEnd; p++) {
      if (this.lLetter[p] !== 0) continue;
      cells[t] = this.lCell[p]!;
      letters[t] = this.tLetter[p]!;
      points[t] = this.tPts[p]!;
      wilds[t] = this.tWild[p]!;
      t++;
    }
  }

  // ------------------------------------------------------------------ best move only

  private lMaxP = new Float64Array(0);
  private lMinP = new Float64Array(0);
  private lUse = new Uint8Array(0);
  /**
   * While an anchor is searched for the best move: the bound of the moves starting at `s`
   * and ending at `e` or after, at s * lineLen + e (+Infinity: not computed, no pruning);
   * `startBound[s]`: of all moves starting at s. The search skips a start, or a step left
   * or right, whose bound cannot reach the best score found (`prune`).
   */
  private endBound = new Float64Array(0);
  private startBound = new Float64Array(0);
  /** Of all moves starting at q or before (the search going leftwards). */
  private leftBound = new Float64Array(0);
  private prune = false;

  private runBest(graphs: WordGraph[], filterRemovedMain: boolean, oneWay: boolean): void {
    const { W, H, N } = this;
    if (this.lUse.length < Math.max(W, H) + 2) {
      const L = Math.max(W, H) + 2;
      this.lMaxP = new Float64Array(L);
      this.lMinP = new Float64Array(L);
      this.lUse = new Uint8Array(L);
    }
    this.curLine = -1;
    let na = 0;
    const anchor = this.anchor;
    for (let dir = 0; dir < (oneWay ? 1 : 2); dir++) {
      const lines = dir === 0 ? H : W;
      const len = dir === 0 ? W : H;
      for (let line = 0; line < lines; line++) {
        let any = false;
        for (let pos = 0; pos < len && !any; pos++) any = anchor[dir === 0 ? line * W + pos : pos * W + line] === 1;
        if (!any) continue;
        this.loadLine(dir, line);
        this.shadowLine();
        for (let pos = 0; pos < len; pos++) {
          if (!this.lAnchor[pos]) continue;
          const b = this.shadow(pos);
          if (b === -Infinity) continue;
          this.anchorList[na] = dir * N + this.lCell[pos]!;
          this.anchorBound[na] = b;
          na++;
        }
      }
    }
    const order = this.order;
    order.length = na;
    for (let i = 0; i < na; i++) order[i] = i;
    const bound = this.anchorBound;
    order.sort((x, y) => bound[y]! - bound[x]!);
    for (let k = 0; k < na; k++) {
      const i = order[k]!;
      if (bound[i]! < this.bestScore) break;
      const id = this.anchorList[i]!;
      const dir = id >= N ? 1 : 0;
      const cell = id - dir * N;
      const r = (cell / W) | 0;
      const c = cell - r * W;
      this.loadLine(dir, dir === 0 ? r : c);
      this.prune = this.wildKinds > 0;
      if (this.prune) {
        this.shadowLine();
        this.shadow(dir === 0 ? c : r, true);
      }
      for (let gi = 0; gi < graphs.length; gi++) {
        const g = graphs[gi]!;
        if (g.gaddagRoot === 0) continue;
        this.useGraph(g);
        this.filterRemoved = gi === 0 && filterRemovedMain;
        this.searchAnchor(dir === 0 ? c : r, g.gaddagRoot);
      }
    }
  }

  /** Per free cell of the line: the highest and lowest points of a hand card that fits its cross-set. */
  private shadowLine(): void {
    const len = this.lineLen;
    const mw = this.mw;
    const mask = this.lMask;
    for (let pos = 0; pos < len; pos++) {
      this.lUse[pos] = 0;
      if (this.lLetter[pos] !== 0 || this.lBlocked[pos]) continue;
      const mb = pos * mw;
      let hi = -Infinity;
      let lo = Infinity;
      for (let k = 0; k < this.kinds; k++) {
        const l = this.kindLetter[k]!;
        if ((mask[mb + (l >>> 5)]! & (1 << (l & 31))) === 0) continue;
        const p = this.kindPts[k]!;
        if (p > hi) hi = p;
        if (p < lo) lo = p;
      }
      if (this.wildKinds > 0) {
        let anyLetter = false;
        for (let k = 0; k < mw && !anyLetter; k++) anyLetter = mask[mb + k] !== 0;
        if (anyLetter) {
          for (let w = 0; w < this.wildKinds; w++) {
            const p = this.wildPts[w]!;
            if (p > hi) hi = p;
            if (p < lo) lo = p;
          }
        }
      }
      if (hi === -Infinity) continue;
      this.lUse[pos] = 1;
      this.lMaxP[pos] = hi;
      this.lMinP[pos] = lo;
    }
  }

  /**
   * An upper bound of the score of any move searched from the anchor at `ap` (-Infinity:
   * none; with `tables`, endBound, startBound and leftBound are filled for the search):
   * over every stretch of the line the move could cover, the cell points, bonus and
   * cards already there exactly, and for the new cards the better of two bounds: each cell
   * its best fitting card, or (coefficients not negative) the hand's highest points paired
   * with the highest coefficients (the rearrangement inequality). Words are not checked.
   */
  private shadow(ap: number, tables = false): number {
    const len = this.lineLen;
    if (tables) {
      // +Infinity where nothing is computed: no pruning there
      if (this.endBound.length < len * len) this.endBound = new Float64Array(len * len);
      if (this.startBound.length < len) {
        this.startBound = new Float64Array(len);
        this.leftBound = new Float64Array(len);
      }
      this.endBound.fill(Infinity, 0, len * len);
      this.startBound.fill(Infinity, 0, len);
      this.leftBound.fill(Infinity, 0, len);
    }
    if (!this.lUse[ap]) return -Infinity;
    const R = this.remaining;
    const lLetter = this.lLetter;
    let best = -Infinity;
    let s = ap;
    let nLeft = 0;
    for (;;) {
      if (s === 0 || lLetter[s - 1] === 0) {
        const row = tables ? s * len : -1;
        if (tables) this.endBound.fill(-Infinity, row, row + len);
        const b = this.shadowFrom(s, ap, len, R, row);
        if (b > best) best = b;
        if (tables) {
          for (let e = len - 1, m = -Infinity; e >= s; e--) {
            if (this.endBound[row + e]! > m) m = this.endBound[row + e]!;
            this.endBound[row + e] = m;
          }
          this.startBound[s] = b;
        }
      } else if (tables) this.startBound[s] = -Infinity; // no word starts after a card
      // the search's own stops going left (afterLeft): a blocked cell, another anchor, no
      // card that fits, no card left; leftBound relies on the two agreeing
      if (s === 0) break;
      const q = s - 1;
      if (this.lBlocked[q]) break;
      if (lLetter[q] === 0) {
        if ((!this.rightmost && this.lAnchor[q]) || !this.lUse[q] || nLeft + 2 > R) break;
        nLeft++;
      }
      s = q;
    }
    // the search goes no further left than this scan (the same stops)
    if (tables) {
      for (let q = s, m = -Infinity; q <= ap; q++) {
        if (this.startBound[q]! > m) m = this.startBound[q]!;
        this.leftBound[q] = m;
      }
    }
    return best;
  }

  /**
   * The bound over the stretches that begin at `s` (s <= ap) and end at or after the anchor;
   * with `row` >= 0 each stretch's bound is also written to endBound[row + end].
   * The new cards' part is kept as the stretch grows: a longer stretch adds its free cells'
   * coefficients to those of the shorter one (in cell order, so the sums are the same
   * floating-point operations as summing afresh), unless its word factor changed them all.
   */
  private shadowFrom(s: number, ap: number, len: number, R: number, row = -1): number {
    const lLetter = this.lLetter;
    const coef = this.segCoef;
    const free = this.segFree;
    let n = 0;
    let mainOld = 0;
    let wfProd = 1;
    let side = 0;
    let best = -Infinity;
    // the new cards' part for the first k free cells, for the word factor `partWf`
    let k = 0;
    let cap = 0;
    let nonNegative = true;
    let partWf = 1;
    for (let e = s; e < len; e++) {
      if (this.lBlocked[e]) break;
      if (lLetter[e] !== 0) mainOld += this.lPts[e]!;
      else {
        if (!this.lUse[e] || n === R || (this.rightmost && e > ap && this.lAnchor[e])) break;
        free[n++] = e;
        const wf = this.lWf[e]!;
        wfProd *= wf;
        side += this.lCellPts[e]!;
        if (this.lHasCross[e]) side += this.lCrossOld[e]! * wf;
      }
      if (e < ap || e === s || (e + 1 < len && lLetter[e + 1] !== 0) || n === 0) continue;
      // the new cards' part
      if (wfProd !== partWf) {
        k = 0;
        cap = 0;
        nonNegative = true;
        partWf = wfProd;
      }
      while (k < n) {
        const p = free[k]!;
        const lf = this.lLf[p]!;
        let c = lf * wfProd;
        if (this.lHasCross[p]) c += lf * this.lWf[p]!;
        cap += c >= 0 ? c * this.lMaxP[p]! : c * this.lMinP[p]!;
        if (c < 0) nonNegative = false;
        // insertion, highest first
        let j = k++;
        while (j > 0 && coef[j - 1]! < c) {
          coef[j] = coef[j - 1]!;
          j--;
        }
        coef[j] = c;
      }
      let part = cap;
      if (nonNegative) {
        let pair = 0;
        for (let j = 0; j < k; j++) pair += coef[j]! * this.handPts[j]!;
        if (pair < part) part = pair;
      }
      const b = this.layBonus[n]! + side + mainOld * wfProd + part;
      if (b > best) best = b;
      if (row >= 0) this.endBound[row + e] = b;
    }
    return best;
  }
}
