// The driver of the move generator's WebAssembly search (assembly/search.ts): one instance
// per MoveGenerator, holding a copy of the word graph, the table, and the board and
// cross-sets of its last call (updated around the cells that changed, as in
// move-generator.ts). It takes every call on narrow graphs (the main one and those of
// added words; the removed words go in as a graph of their own); `generate` returns false
// for the others, which move-generator.ts's own search runs. Where WebAssembly cannot be
// compiled (a browser's main thread refuses synchronous compiles of this size), or a call
// fails part-way (memory could not grow), the call falls back too.
import type { CardTable } from '../../formats/types.js';
import type { Board, Card } from '../../games/cardwords/types.js';
import { layBonus } from '../../games/cardwords/scoring.js';
import type { WordGraph } from '../../words/graph.js';
import { TierGraph } from '../../words/tier.js';
import type { WordStore } from '../../words/store.js';
import type { MemoryViews, MoveList } from './move-list.js';
import { SEARCH_WASM_BASE64 } from './search-wasm.js';

interface Exports {
  memory: WebAssembly.Memory;
  layout(w: number, h: number, k: number, hm: number, arcCount: number): void;
  ptr(id: number): number;
  prepare(valid: number, full: number, sc: number, sr: number, gaddag: number, dawg: number, given: number, empty: number): void;
  overlays(count: number, arcs: number): number;
  removed(arcs: number, dawg: number): number;
  run(n: number, maxTiles: number, bestOnly: number, oneWay: number, filtered: number): number;
}

// region ids of `ptr` (assembly/search.ts)
const ARCS = 0;
const BLOCKED = 1;
const CELL_PTS = 2;
const LF = 3;
const WF = 4;
const NEW_LETTER = 5;
const NEW_PTS = 6;
const HAND_CODE = 7;
const HAND_PTS = 8;
const LAY_BONUS = 9;
const GRAPHS = 20;
const ACCEPT_LENGTHS = 21;
const GIVEN = 22;
/** What a call found (assembly/search.ts `pInfo`): counts, the output regions, the best score, the words reached. */
const INFO = 23;

/** Where region `id` lies: pointers are unsigned (above 2 GiB they reach JavaScript as negative numbers). */
function ptrOf(ex: Exports, id: number): number {
  return ex.ptr(id) >>> 0;
}

/**
 * The first cell from `c` whose card is not the object of the last call's board there (N when
 * none): the same card (a game's next board shares its cards; MoveGenerator.generate says
 * cards are replaced, never changed in place). A loop of its own: within the driver's call
 * it took a sixth of a small position's time.
 */
function sameFrom(cells: ReadonlyArray<Card | null | undefined>, refs: ReadonlyArray<Card | null | undefined>, c: number, N: number): number {
  while (c < N) {
    const card = cells[c];
    if (card !== refs[c] || card === undefined) return c;
    c++;
  }
  return N;
}

/** Above this much memory after a call, the instance is dropped (it never shrinks). */
const KEPT_BYTES = 256 * 2 ** 20;

let compiled: WebAssembly.Module | null | undefined;

function searchModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      // a plain loop: Uint8Array.from with a mapping function took milliseconds in a fresh process
      const text = atob(SEARCH_WASM_BASE64);
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      compiled = new WebAssembly.Module(bytes);
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** What the table contributes, as the search reads it (move-generator.ts's TableData). */
export interface TableCells {
  table: CardTable;
  blocked: Uint8Array;
  cellPts: Float64Array;
  lf: Float64Array;
  wf: Float64Array;
  symmetric: boolean;
}

export class WasmSearch {
  private ex: Exports | null = null;
  private failed = false;
  private graph: WordGraph | null = null;
  private table: CardTable | null = null;
  private K = -1;
  private handMax = 0;
  /** Whether the instance holds the board of its last call (false after a new layout). */
  private valid = false;
  private store: WordStore | null = null;
  private version = -1;
  /** The best score of the last call in mode 'best'. */
  bestScore = -Infinity;
  /** Words the last call reached (MoveGenerator.wordsReached). */
  wordsReached = 0;
  /** Calls this search has run (tests check which search took a call). */
  calls = 0;
  /**
   * The board as the driver last wrote it into the instance (each cell's letter code, 0 when
   * free, -1 when not written; its points, and the card object read: `refs`), so that a call
   * writes only the cells that changed: the instance compares and copies only those. Null:
   * write every cell.
   */
  private written: { code: Int32Array; pts: Float64Array; cards: number; refs: Array<Card | null | undefined> } | null = null;

  /** Whether this search takes a call with these words and options. */
  static takes(store: WordStore): boolean {
    if (store.graph.letters !== null) return false;
    if (!store.hasOverlay) return true;
    const overlays = store.overlays;
    return overlays.length < 1024 && overlays.every((g) => g.letters === null);
  }

  /**
   * Lists the moves into `out` as MoveGenerator.generate does (the caller has cleared and
   * bound it; `maxTiles`: at most that many cards, 0 to the hand's size). False when this
   * search cannot take the call (WebAssembly not available here, or it failed part-way:
   * memory could not grow), which the JavaScript search then runs; a card outside the
   * alphabet throws as there.
   */
  generate(td: TableCells, bonusValues: ReadonlyMap<number, number>, store: WordStore, board: Board, hand: readonly Card[], best: boolean, maxTiles: number, accept: ((length: number) => boolean) | undefined, out: MoveList): boolean {
    const { table } = td;
    const W = table.width;
    const H = table.height;
    const N = W * H;
    if (board.width !== W || board.height !== H) throw new RangeError(`the board is ${board.width}*${board.height}, the table ${W}*${H}`);
    if (!this.setup(td, store, hand.length)) return false;
    const ex = this.ex!;
    const at = (id: number) => ptrOf(ex, id);
    const alpha = store.alphabet;
    const g = store.graph;
    // the board and hand as codes, into the instance's inputs: an unknown character throws
    // before anything the instance keeps has changed. Only the cells that differ from the
    // board written last are written and listed (the board was most of a call's fixed cost).
    let buf = ex.memory.buffer;
    const v = this.views(ex, N);
    const { letters, pts, given } = v;
    const fresh = !this.valid || store !== this.store || this.written === null;
    const w = fresh ? { code: new Int32Array(N).fill(-1), pts: new Float64Array(N), cards: 0, refs: new Array<Card | null | undefined>(N).fill(undefined) } : this.written!;
    this.written = null; // until every cell is read: a throw leaves a board half written
    let nGiven = 0;
    const cells = board.cells;
    const refs = w.refs;
    for (let c = sameFrom(cells, refs, 0, N); c < N; c = sameFrom(cells, refs, c + 1, N)) {
      const card = cells[c];
      refs[c] = card;
      let code = 0;
      let p = 0;
      if (card) {
        const ch = card.char ?? card.meaning;
        code = ch === undefined ? 0 : alpha.code(ch);
        if (code === 0) throw new RangeError(`the card on cell ${c % W},${Math.floor(c / W)} is not in the alphabet`);
        p = card.points;
      }
      const was = w.code[c]!;
      if (code === was && p === w.pts[c]) continue;
      letters[c] = code;
      pts[c] = p;
      given[nGiven++] = c;
      w.cards += (code !== 0 ? 1 : 0) - (was > 0 ? 1 : 0);
      w.code[c] = code;
      w.pts[c] = p;
    }
    const empty = w.cards === 0;
    const n = hand.length;
    const { codes, hpts, bonus } = v;
    for (let i = 0; i < n; i++) {
      const card = hand[i]!;
      let code = 0;
      if (card.char !== null) {
        code = alpha.code(card.char);
        if (code === 0) throw new RangeError(`the hand card [${card.char} ${card.points}] is not in the alphabet`);
      }
      codes[i] = code;
      hpts[i] = card.points;
    }
    for (let k = 1; k <= n; k++) bonus[k] = layBonus(bonusValues, k);
    // the word filter, asked once per length (it is a function of the length alone)
    if (accept) {
      const longest = Math.max(W, H);
      const lengths = new Uint8Array(buf, at(ACCEPT_LENGTHS), longest + 1);
      for (let len = 0; len <= longest; len++) lengths[len] = accept(len) ? 1 : 0;
    }
    // after a new layout too: it forgets the overlays
    const full = !this.valid || store !== this.store || store.version !== this.version;
    // the main graph's removed words as a graph of their own (their letters are the main
    // graph's, so it is narrow too)
    let removed: WordGraph | null = null;
    if (full && store.removedWords.size > 0) {
      const t = new TierGraph();
      for (const w of store.removedWords) t.add(alpha.encode(w)!);
      removed = t.graph();
      if (removed.letters !== null) return false;
    }
    const { touchColumn, touchRow } = table.start;
    try {
      if (full) {
        // the graphs of added words, after the main one (copied again on every change: small)
        const overlays = store.overlays;
        let arcs = 0;
        for (const o of overlays) arcs += o.arcs.length;
        const base = ex.overlays(overlays.length, arcs) >>> 0;
        buf = ex.memory.buffer;
        const entries = new Uint32Array(buf, at(GRAPHS), 3 * (overlays.length + 1));
        let offset = 0;
        for (let i = 0; i < overlays.length; i++) {
          const o = overlays[i]!;
          new Uint32Array(buf, base + 4 * offset, o.arcs.length).set(o.arcs);
          entries[3 * (i + 1)] = base + 4 * offset;
          entries[3 * (i + 1) + 1] = o.gaddagRoot;
          entries[3 * (i + 1) + 2] = o.dawgRoot;
          offset += o.arcs.length;
        }
        const rArcs = removed?.arcs ?? null;
        const rBase = ex.removed(rArcs?.length ?? 0, removed?.dawgRoot ?? 0) >>> 0;
        if (rArcs) new Uint32Array(ex.memory.buffer, rBase, rArcs.length).set(rArcs);
      }
      ex.prepare(this.valid ? 1 : 0, full ? 1 : 0, touchColumn ?? -1, touchRow ?? -1, g.gaddagRoot, g.dawgRoot, fresh ? -1 : nGiven, empty ? 1 : 0);
      this.written = w;
      this.valid = true;
      this.store = store;
      this.version = store.version;
      ex.run(n, maxTiles, best ? 1 : 0, empty && td.symmetric ? 1 : 0, accept ? 1 : 0);
      // read through views of the whole memory, made once per memory (it may have grown):
      // views made per call, and a call into the instance per figure, were half of a
      // small position's call
      const m = this.views(ex, N);
      const info = m.info >>> 2;
      const { i32, u32 } = m;
      out.copyFromMemory(i32[info]!, i32[info + 1]!, m, u32[info + 2]!, u32[info + 3]!, u32[info + 4]!, u32[info + 5]!, u32[info + 6]!, u32[info + 7]!, u32[info + 8]!, u32[info + 9]!);
      this.bestScore = m.f64[(m.info + 40) >>> 3]!;
      this.wordsReached = i32[info + 12]!;
    } catch {
      // a trap (memory could not grow) or a copy that failed leaves the instance half-way:
      // the JavaScript search runs this call and the next one here starts afresh
      this.drop();
      return false;
    }
    this.calls++;
    // memory is never given back: after a huge list, the next call starts afresh
    if (ex.memory.buffer.byteLength > KEPT_BYTES) this.drop();
    return true;
  }

  /** Whether the instance holds this graph and table, for hands of `handSize` cards, now (set up, not dropped since). */
  holds(table: CardTable, store: WordStore, handSize = 0): boolean {
    return this.ex !== null && this.graph === store.graph && this.table === table && this.K === store.alphabet.size && handSize <= this.handMax;
  }

  /**
   * Compiles the module (once per process), makes the instance and copies the graph and
   * table in (once per graph and table; the first call does it when this was not called).
   * False when WebAssembly is not available here.
   */
  setup(td: TableCells, store: WordStore, handSize = 0): boolean {
    const ex = this.instance();
    if (!ex) return false;
    const { table } = td;
    const N = table.width * table.height;
    const alpha = store.alphabet;
    const g = store.graph;
    if (g !== this.graph || table !== this.table || alpha.size !== this.K || handSize > this.handMax) {
      // a new layout: the graph, table and every derived array are written again
      this.drop();
      this.ex = ex;
      const handMax = Math.max(handSize, this.handMax, 16);
      try {
        ex.layout(table.width, table.height, alpha.size, handMax, g.arcs.length);
        const buf = ex.memory.buffer;
        new Uint32Array(buf, ptrOf(ex, ARCS), g.arcs.length).set(g.arcs);
        new Uint8Array(buf, ptrOf(ex, BLOCKED), N).set(td.blocked);
        new Float64Array(buf, ptrOf(ex, CELL_PTS), N).set(td.cellPts);
        new Float64Array(buf, ptrOf(ex, LF), N).set(td.lf);
        new Float64Array(buf, ptrOf(ex, WF), N).set(td.wf);
      } catch {
        this.drop();
        return false;
      }
      this.handMax = handMax;
      this.graph = g;
      this.table = table;
      this.K = alpha.size;
    }
    return true;
  }

  /**
   * The instance's input regions as views, made once per layout and memory (a view per region
   * per call was a quarter of a call's fixed cost); memory that grew detaches them.
   */
  private inputs: ({ buf: ArrayBuffer; letters: Int32Array; pts: Float64Array; given: Int32Array; codes: Int32Array; hpts: Float64Array; bonus: Float64Array; info: number; u32: Uint32Array } & MemoryViews) | null = null;

  /** The views of the instance's memory as it is now (made again once it has grown). */
  private views(ex: Exports, N: number): NonNullable<WasmSearch['inputs']> {
    return this.inputs?.buf === ex.memory.buffer ? this.inputs : (this.inputs = this.inputViews(ex, N));
  }

  private inputViews(ex: Exports, N: number): NonNullable<WasmSearch['inputs']> {
    const buf = ex.memory.buffer;
    const at = (id: number) => ptrOf(ex, id);
    return {
      buf,
      letters: new Int32Array(buf, at(NEW_LETTER), N),
      pts: new Float64Array(buf, at(NEW_PTS), N),
      given: new Int32Array(buf, at(GIVEN), N),
      codes: new Int32Array(buf, at(HAND_CODE), this.handMax),
      hpts: new Float64Array(buf, at(HAND_PTS), this.handMax),
      bonus: new Float64Array(buf, at(LAY_BONUS), this.handMax + 1),
      info: at(INFO),
      f64: new Float64Array(buf, 0, buf.byteLength >>> 3),
      i32: new Int32Array(buf),
      u32: new Uint32Array(buf),
      u8: new Uint8Array(buf),
    };
  }

  /** Forgets the instance and what it held (a new one is made by the next call). */
  private drop(): void {
    this.inputs = null;
    this.ex = null;
    this.graph = null;
    this.table = null;
    this.K = -1;
    this.valid = false;
    this.store = null;
  }

  private instance(): Exports | null {
    if (this.ex || this.failed) return this.ex;
    const mod = searchModule();
    if (!mod) {
      this.failed = true;
      return null;
    }
    try {
      this.ex = new WebAssembly.Instance(mod, {}).exports as unknown as Exports;
    } catch {
      // no memory for an instance here: the JavaScript search takes every call
      this.failed = true;
    }
    return this.ex;
  }
}
