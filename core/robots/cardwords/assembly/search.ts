// The move generator's search in WebAssembly (AssemblyScript): the same algorithm, the same
// order of floating-point operations and the same moves as move-generator.ts, which stays
// the reference and the path for what this one does not take (a wide graph). Why: a fresh process runs JavaScript in V8's interpreter
// for its first calls (milliseconds a position); WebAssembly is compiled before it runs.
// Built by scripts/make-movegen-wasm.mjs into ../search-wasm.ts; test/cardwords checks
// that the committed module is current and that both generators list the same moves.
//
// No allocation: every array is a region of linear memory laid out by `layout` (the
// driver, search-wasm-driver.ts, writes the table, board and hand there and reads the
// moves back). Names follow move-generator.ts; comments there say why.

const ACCEPT: u32 = 0x80000000;
const END: u32 = 0x40000000;
const TMASK: u32 = 0x3fffff;
const LSHIFT: u32 = 22;
const LBITS: u32 = 0xff;
const SEP: u32 = 0;
const BASE: usize = 65536;

// ---------------------------------------------------------------------- memory

@inline function i32at(p: usize, i: i32): i32 { return load<i32>(p + (<usize>i << 2)); }
@inline function i32set(p: usize, i: i32, v: i32): void { store<i32>(p + (<usize>i << 2), v); }
@inline function u32at(p: usize, i: i32): u32 { return load<u32>(p + (<usize>i << 2)); }
@inline function u32set(p: usize, i: i32, v: u32): void { store<u32>(p + (<usize>i << 2), v); }
@inline function f64at(p: usize, i: i32): f64 { return load<f64>(p + (<usize>i << 3)); }
@inline function f64set(p: usize, i: i32, v: f64): void { store<f64>(p + (<usize>i << 3), v); }
@inline function u8at(p: usize, i: i32): i32 { return <i32>load<u8>(p + <usize>i); }
@inline function u8set(p: usize, i: i32, v: i32): void { store<u8>(p + <usize>i, <u8>v); }

function ensure(end: usize): void {
  const have = <usize>memory.size() << 16;
  if (end > have) {
    if (memory.grow(<i32>((end - have + 65535) >> 16)) < 0) unreachable();
  }
}

let top: usize = BASE;
function take(bytes: usize): usize {
  const at = top;
  top = (top + bytes + 7) & ~(<usize>7);
  return at;
}

// sizes
let W = 0;
let H = 0;
let N = 0;
let K = 0;
let MW = 1;
let LL = 0;
let HM = 0;
// table
let pBlocked: usize = 0;
let pCellPts: usize = 0;
let pLf: usize = 0;
let pWf: usize = 0;
// board
let pNewLetter: usize = 0;
let pNewPts: usize = 0;
let pLetter: usize = 0;
let pPts: usize = 0;
let pPrev: usize = 0;
let pAnchor: usize = 0;
let pChanged: usize = 0;
/** The cells the driver wrote anew (`prepare`'s `given`). */
let pGiven: usize = 0;
let pMark: usize = 0;
let pMarked: usize = 0;
let pMask0: usize = 0;
let pMask1: usize = 0;
let pOld0: usize = 0;
let pOld1: usize = 0;
let pHas0: usize = 0;
let pHas1: usize = 0;
// line: the line being read, a slot of the lines below
let pLCell: usize = 0;
let pLLetter: usize = 0;
let pLPts: usize = 0;
let pLBlocked: usize = 0;
let pLAnchor: usize = 0;
let pLMask: usize = 0;
let pLHas: usize = 0;
let pLOld: usize = 0;
let pLCellPts: usize = 0;
let pLLf: usize = 0;
let pLWf: usize = 0;
// every line's slot (rows, then columns), kept from call to call and copied again only when
// a cell of the line changed since (its card, anchor or cross-set: `dirtyCell`): a call on
// the board of the last one copies no line, the next turn's board a few; and the best move,
// which visits anchors by bound from line to line, copies none twice
let bLCell: usize = 0;
let bLLetter: usize = 0;
let bLPts: usize = 0;
let bLBlocked: usize = 0;
let bLAnchor: usize = 0;
let bLMask: usize = 0;
let bLHas: usize = 0;
let bLOld: usize = 0;
let bLCellPts: usize = 0;
let bLLf: usize = 0;
let bLWf: usize = 0;
/** Per line slot, 1 while it is not a copy of the board's line (rows, then columns). */
let pLineDirty: usize = 0;
let pPPos: usize = 0;
let pTLetter: usize = 0;
let pTPts: usize = 0;
let pTWild: usize = 0;
let pCoef: usize = 0;
/** The best move with a one-kind hand: per laid letter from j on, the most its cards can add (assignOne's bound). */
let pRest: usize = 0;
let pJKind: usize = 0;
let pSegCoef: usize = 0;
let pSegFree: usize = 0;
let pMaxP: usize = 0;
let pMinP: usize = 0;
let pUse: usize = 0;
let pEndB: usize = 0;
let pStartB: usize = 0;
let pLeftB: usize = 0;
// hand: the driver writes (letter code, 0 for a wildcard) and points per card
let pHandCode: usize = 0;
let pHandCardPts: usize = 0;
let pNat: usize = 0;
let pKindFirst: usize = 0;
let pKindNext: usize = 0;
let pKindPts: usize = 0;
let pKindCnt: usize = 0;
let pKindLetter: usize = 0;
let pWildPts: usize = 0;
let pWildCnt: usize = 0;
let pHandPts: usize = 0;
let pLayBonus: usize = 0;
/** Per main-word length: 1 when a word of that length may be laid (with a filter). */
let pAccept: usize = 0;
let filter = false;
// best move
let pAnchorList: usize = 0;
let pAnchorBound: usize = 0;
let pOrder: usize = 0;
// graphs: the main one (its arcs laid out with the rest), then the overlays of added words
// (their arcs one after another in a region of their own); pArcs: the graph being read
let pArcs: usize = 0;
let pMainArcs: usize = 0;
const MAX_GRAPHS = 1024;
let pGraphs: usize = 0; // per graph: arcs pointer, GADDAG root, DAWG root (3 x u32)
let nGraphs = 1;
let pOverlayArcs: usize = 0;
let overlayCap: usize = 0;
/** The graph being read (0: the main one, whose removed words are not words). */
let curGraph = 0;
// the removed words of the main graph, as a graph of their own (its DAWG is read)
let pRemovedArcs: usize = 0;
let removedCap: usize = 0;
let removedDawg = 0;
let hasRemoved = false;
// moves out: per move score, dir, first tile, size; per tile cell, letter, points, wildcard
let pOutScores: usize = 0;
let pOutDirs: usize = 0;
let pOutFirsts: usize = 0;
let pOutSizes: usize = 0;
let pOutCells: usize = 0;
let pOutLetters: usize = 0;
let pOutPoints: usize = 0;
let pOutWilds: usize = 0;
let moveCap = 0;
let tileCap = 0;
let outCount = 0;
/**
 * What the driver reads after a call, in one region (`ptr(23)`): the moves' and tiles'
 * counts (i32 at 0, 4), the eight output regions (u32 at 8..36, in `ptr(10..17)`'s order),
 * the best score (f64 at 40) and the words reached (i32 at 48). A call into the instance per
 * figure cost more than a small position's search.
 */
let pInfo: usize = 0;
let outTiles = 0;
let outBase: usize = 0;
/**
 * Where regions that grow (the moves out, the overlays) are taken from: a new one starts
 * here and the old one is left unused; `layout` starts again from the bottom, so the
 * memory only grows to the largest use of one layout.
 */
let dynTop: usize = 0;

/**
 * Lays out every region for a w*h table, an alphabet of k letters, hands of at most hm
 * cards and a graph of arcCount arcs (the graph's region is returned by `ptr(0)`).
 */
export function layout(w: i32, h: i32, k: i32, hm: i32, arcCount: i32): void {
  W = w;
  H = h;
  N = w * h;
  K = k;
  MW = (k + 1 + 31) >>> 5;
  LL = max(w, h) + 2;
  HM = max(hm, 1);
  top = BASE;
  const n = <usize>N;
  const mw = <usize>MW;
  const l = <usize>LL;
  const hmu = <usize>HM;
  const ku = <usize>(k + 1);
  pBlocked = take(n);
  pCellPts = take(n * 8);
  pLf = take(n * 8);
  pWf = take(n * 8);
  pNewLetter = take(n * 4);
  pNewPts = take(n * 8);
  pLetter = take(n * 4);
  pPts = take(n * 8);
  pPrev = take(n * 4);
  pAnchor = take(n);
  pChanged = take(n * 4);
  pGiven = take(n * 4);
  pMark = take(n);
  pMarked = take(n * 4);
  pMask0 = take(n * mw * 4);
  pMask1 = take(n * mw * 4);
  pOld0 = take(n * 8);
  pOld1 = take(n * 8);
  pHas0 = take(n);
  pHas1 = take(n);
  const lines = <usize>(w + h);
  bLCell = take(lines * l * 4);
  bLLetter = take(lines * l * 4);
  bLPts = take(lines * l * 8);
  bLBlocked = take(lines * l);
  bLAnchor = take(lines * l);
  bLMask = take(lines * l * mw * 4);
  bLHas = take(lines * l);
  bLOld = take(lines * l * 8);
  bLCellPts = take(lines * l * 8);
  bLLf = take(lines * l * 8);
  bLWf = take(lines * l * 8);
  pLineDirty = take(lines);
  pPPos = take(l * 4);
  pTLetter = take(l * 4);
  pTPts = take(l * 8);
  pTWild = take(l);
  pCoef = take(l * 8);
  pRest = take((l + 1) * 8);
  pJKind = take(l * 4);
  pSegCoef = take(l * 8);
  pSegFree = take(l * 4);
  pMaxP = take(l * 8);
  pMinP = take(l * 8);
  pUse = take(l);
  pEndB = take(l * l * 8);
  pStartB = take(l * 8);
  pLeftB = take(l * 8);
  pHandCode = take(hmu * 4);
  pHandCardPts = take(hmu * 8);
  pNat = take(ku * 4);
  pKindFirst = take(ku * 4);
  pKindNext = take(hmu * 4);
  pKindPts = take(hmu * 8);
  pKindCnt = take(hmu * 4);
  pKindLetter = take(hmu * 4);
  pWildPts = take(hmu * 8);
  pWildCnt = take(hmu * 4);
  pHandPts = take(hmu * 8);
  pLayBonus = take((hmu + 1) * 8);
  pAccept = take(l + 1);
  pAnchorList = take(2 * n * 4);
  pAnchorBound = take(2 * n * 8);
  pOrder = take(2 * n * 4);
  pGraphs = take(MAX_GRAPHS * 12);
  pInfo = take(56);
  pMainArcs = take(<usize>arcCount * 4);
  pArcs = pMainArcs;
  nGraphs = 1;
  pOverlayArcs = 0;
  overlayCap = 0;
  pRemovedArcs = 0;
  removedCap = 0;
  removedDawg = 0;
  hasRemoved = false;
  outBase = top;
  ensure(top);
  // the state regions start zeroed (not the graph's: the driver writes it, and zeroing
  // 5 MB of fresh pages cost milliseconds in a fresh process)
  memory.fill(BASE, 0, pMainArcs - BASE);
  // no line copied yet (the memory may hold an earlier layout's): after the zeroing above
  memory.fill(pLineDirty, 1, <usize>(W + H));
  for (let i = 0; i <= k; i++) i32set(pKindFirst, i, -1);
  moveCap = 0;
  tileCap = 0;
  outCount = 0;
  outTiles = 0;
  // room for most positions' moves from the start: growing copies the moves held into a
  // new region and leaves the old one, and each page is a fault when first written (15 us
  // a page on the machine measured: the setup's search wrote 2 to 3 times its moves'
  // bytes); memory.grow itself writes no page, so room never written costs nothing
  reserveOut(65536, 393216);
  gEmpty = 1;
}

/** Where the driver reads and writes (ids in search-wasm-driver.ts). */
export function ptr(id: i32): usize {
  switch (id) {
    case 0: return pMainArcs;
    case 1: return pBlocked;
    case 2: return pCellPts;
    case 3: return pLf;
    case 4: return pWf;
    case 5: return pNewLetter;
    case 6: return pNewPts;
    case 7: return pHandCode;
    case 8: return pHandCardPts;
    case 9: return pLayBonus;
    case 10: return pOutScores;
    case 11: return pOutDirs;
    case 12: return pOutFirsts;
    case 13: return pOutSizes;
    case 14: return pOutCells;
    case 15: return pOutLetters;
    case 16: return pOutPoints;
    case 17: return pOutWilds;
    case 18: return <usize>outCount;
    case 19: return <usize>outTiles;
    case 20: return pGraphs;
    case 21: return pAccept;
    case 22: return pGiven;
    case 23: return pInfo;
    default: return 0;
  }
}

/**
 * Room for `count` overlay graphs of `arcs` arcs in all (the driver writes their arcs one
 * after another from the returned pointer, and their entries in the graph table after the
 * main graph's); at most MAX_GRAPHS - 1 (returns 0 beyond).
 */
export function overlays(count: i32, arcs: i32): usize {
  if (count + 1 > MAX_GRAPHS) return 0;
  nGraphs = count + 1;
  const bytes = <usize>arcs * 4;
  if (bytes > overlayCap) {
    // a new region at dynTop (the old one is left unused; overlays are small)
    let cap = max(overlayCap * 2, <usize>65536);
    while (cap < bytes) cap *= 2;
    const at = (dynTop + 7) & ~(<usize>7);
    ensure(at + cap);
    dynTop = at + cap;
    pOverlayArcs = at;
    overlayCap = cap;
  }
  return pOverlayArcs;
}

/**
 * Room for the graph of the main graph's removed words (`arcs` arcs, 0: none; the driver
 * writes them from the returned pointer), whose DAWG starts at `dawg`.
 */
export function removed(arcs: i32, dawg: i32): usize {
  hasRemoved = arcs > 0 && dawg !== 0;
  removedDawg = dawg;
  const bytes = <usize>arcs * 4;
  if (bytes > removedCap) {
    let cap = max(removedCap * 2, <usize>65536);
    while (cap < bytes) cap *= 2;
    const at = (dynTop + 7) & ~(<usize>7);
    ensure(at + cap);
    dynTop = at + cap;
    pRemovedArcs = at;
    removedCap = cap;
  }
  return pRemovedArcs;
}

/** The arc of `node` for `letter` in the removed words' graph, or -1. */
@inline function removedArc(node: i32, letter: u32): i32 {
  return arcIn(pRemovedArcs, node, letter);
}

/**
 * Whether a cross word was removed: n letters of the board from `from`, `step` apart, with
 * letter `l` at the hole (the free cell's index among them).
 */
function isRemoved(from: i32, step: i32, n: i32, hole: i32, l: i32): bool {
  let node = removedDawg;
  let a = -1;
  for (let k = 0; k < n; k++) {
    a = removedArc(node, <u32>(k === hole ? l : i32at(pLetter, from + k * step)));
    if (a < 0) return false;
    node = <i32>(u32at(pRemovedArcs, a) & tmask);
  }
  return a >= 0 && (u32at(pRemovedArcs, a) & ACCEPT) !== 0;
}

/** Room for `moves` moves and `tiles` tiles past what is held (moved up when it grows). */
function reserveOut(moves: i32, tiles: i32): void {
  if (moveCap >= outCount + moves && tileCap >= outTiles + tiles) return;
  let mc = max(moveCap, 4096);
  while (mc < outCount + moves) mc *= 2;
  let tc = max(tileCap, 16384);
  while (tc < outTiles + tiles) tc *= 2;
  // the new regions start at dynTop, the old ones are copied and left unused: the output
  // only ever grows to the largest position's moves (at most twice that in all)
  let at = moveCap === 0 ? outBase : dynTop;
  at = (at + 7) & ~(<usize>7);
  const scores = at;
  const firsts = scores + <usize>mc * 8;
  const sizes = firsts + <usize>mc * 4;
  const cells = sizes + <usize>mc * 4;
  const letters = cells + <usize>tc * 4;
  const points = (letters + <usize>tc * 4 + 7) & ~(<usize>7);
  const dirs = points + <usize>tc * 8;
  const wilds = dirs + <usize>mc;
  ensure(wilds + <usize>tc);
  dynTop = wilds + <usize>tc;
  if (moveCap !== 0) {
    memory.copy(scores, pOutScores, <usize>outCount * 8);
    memory.copy(firsts, pOutFirsts, <usize>outCount * 4);
    memory.copy(sizes, pOutSizes, <usize>outCount * 4);
    memory.copy(dirs, pOutDirs, <usize>outCount);
    memory.copy(cells, pOutCells, <usize>outTiles * 4);
    memory.copy(letters, pOutLetters, <usize>outTiles * 4);
    memory.copy(points, pOutPoints, <usize>outTiles * 8);
    memory.copy(wilds, pOutWilds, <usize>outTiles);
  }
  pOutScores = scores;
  pOutFirsts = firsts;
  pOutSizes = sizes;
  pOutCells = cells;
  pOutLetters = letters;
  pOutPoints = points;
  pOutDirs = dirs;
  pOutWilds = wilds;
  moveCap = mc;
  tileCap = tc;
}

// ---------------------------------------------------------------------- the board

let gEmpty = 1;
let tmask: u32 = TMASK;
let gaddagRoot = 0;
let dawgRoot = 0;

/** Reads graph g from now on. */
function useGraph(g: i32): void {
  curGraph = g;
  const e = pGraphs + <usize>g * 12;
  pArcs = <usize>load<u32>(e);
  gaddagRoot = <i32>load<u32>(e + 4);
  dawgRoot = <i32>load<u32>(e + 8);
}

/** The arc of `node` for `letter` in the graph read now, or -1. */
@inline function findArc(node: i32, letter: u32): i32 {
  return arcIn(pArcs, node, letter);
}

/** The arc of `node` for `letter` in the graph whose arcs start at `arcs`, or -1. */
@inline function arcIn(arcs: usize, node: i32, letter: u32): i32 {
  if (node === 0) return -1;
  let a = node;
  for (;;) {
    const w = u32at(arcs, a);
    if (((w >>> LSHIFT) & LBITS) === letter) return a;
    if (w & END) return -1;
    a++;
  }
  return -1;
}

/**
 * Takes the board the driver wrote (new letters and points), notes the cells that changed,
 * updates anchors and cross-sets (all of them when `full`: the graph or table changed).
 * `given` >= 0: the driver wrote only the cells listed at `ptr(22)` (those that differ from
 * its previous call's board; the others are as the instance holds them) and says whether the
 * board is `empty`; -1: it wrote every cell, read them all.
 */
export function prepare(valid: i32, full: i32, sc: i32, sr: i32, gaddag: i32, dawg: i32, given: i32, emptyIn: i32): void {
  store<u32>(pGraphs, <u32>pMainArcs);
  store<u32>(pGraphs + 4, <u32>gaddag);
  store<u32>(pGraphs + 8, <u32>dawg);
  // pPrev equals pLetter between calls (each call sets its changed cells back below): only the
  // changed cells keep their letter of the last call there, which updateCross reads
  let nChanged = 0;
  let empty = 1;
  if (valid && given >= 0) {
    empty = emptyIn;
    for (let k = 0; k < given; k++) {
      const c = i32at(pGiven, k);
      const code = i32at(pNewLetter, c);
      const p = f64at(pNewPts, c);
      if (i32at(pLetter, c) !== code || f64at(pPts, c) !== p) {
        i32set(pLetter, c, code);
        f64set(pPts, c, p);
        i32set(pChanged, nChanged++, c);
      }
    }
  } else {
    memory.copy(pPrev, pLetter, <usize>N << 2);
    for (let c = 0; c < N; c++) {
      const code = i32at(pNewLetter, c);
      const p = f64at(pNewPts, c);
      if (code !== 0) empty = 0;
      if (!valid || i32at(pLetter, c) !== code || f64at(pPts, c) !== p) {
        i32set(pLetter, c, code);
        f64set(pPts, c, p);
        i32set(pChanged, nChanged++, c);
      }
    }
  }
  const wasEmpty = gEmpty;
  gEmpty = empty;
  const fullCross = full || !valid || nChanged * 8 > N;
  if (!valid || wasEmpty !== empty || nChanged * 8 > N) {
    for (let i = 0; i < N; i++) setAnchor(i, sc, sr);
  } else {
    for (let k = 0; k < nChanged; k++) {
      const i = i32at(pChanged, k);
      const r = i / W;
      const c = i - r * W;
      setAnchor(i, sc, sr);
      if (c > 0) setAnchor(i - 1, sc, sr);
      if (c < W - 1) setAnchor(i + 1, sc, sr);
      if (r > 0) setAnchor(i - W, sc, sr);
      if (r < H - 1) setAnchor(i + W, sc, sr);
    }
  }
  if (fullCross) {
    crossAll(0);
    crossAll(1);
    memory.fill(pLineDirty, 1, <usize>(W + H));
  } else if (nChanged) updateCross(nChanged);
  for (let k = 0; k < nChanged; k++) {
    const c = i32at(pChanged, k);
    i32set(pPrev, c, i32at(pLetter, c));
  }
}

/**
 * Every cell's cross-set for direction d, along the lines of its cross words: a free cell
 * with no card on either side of it there takes every letter without reading the graph
 * (most cells of a board), the others as `cross` reads them.
 */
function crossAll(d: i32): void {
  const step = d === 0 ? W : 1; // along a cross word
  const len = d === 0 ? H : W;
  const lines = d === 0 ? W : H;
  const next = d === 0 ? 1 : W; // from one line to the next
  const mask = d === 0 ? pMask0 : pMask1;
  const has = d === 0 ? pHas0 : pHas1;
  const old = d === 0 ? pOld0 : pOld1;
  for (let line = 0; line < lines; line++) {
    let i = line * next;
    let before = false;
    let on = i32at(pLetter, i) !== 0;
    for (let p = 0; p < len; p++) {
      const after = p + 1 < len && i32at(pLetter, i + step) !== 0;
      if (!on && !before && !after && !u8at(pBlocked, i)) {
        openCell(mask, i * MW);
        u8set(has, i, 0);
        f64set(old, i, 0);
      } else cross(d, i);
      before = on;
      on = after;
      i += step;
    }
  }
}

/** The mask at `base` of a free cell with no cross word: every letter, not the separator. */
@inline function openCell(mask: usize, base: i32): void {
  for (let k = 0; k < MW; k++) u32set(mask, base + k, 0xffffffff);
  u32set(mask, base, u32at(mask, base) & ~1);
}

function setAnchor(i: i32, sc: i32, sr: i32): void {
  const r = i / W;
  const c = i - r * W;
  let v = 0;
  if (u8at(pBlocked, i) || i32at(pLetter, i)) v = 0;
  else if (gEmpty) v = (sc < 0 || c === sc) && (sr < 0 || r === sr) ? 1 : 0;
  else v = (c > 0 && i32at(pLetter, i - 1) !== 0) || (c < W - 1 && i32at(pLetter, i + 1) !== 0) || (r > 0 && i32at(pLetter, i - W) !== 0) || (r < H - 1 && i32at(pLetter, i + W) !== 0) ? 1 : 0;
  if (u8at(pAnchor, i) === v) return;
  u8set(pAnchor, i, v);
  dirtyCell(i);
}

/** The lines through cell i (its row and its column) are no longer copies of the board. */
@inline function dirtyCell(i: i32): void {
  const r = i / W;
  u8set(pLineDirty, r, 1);
  u8set(pLineDirty, H + i - r * W, 1);
}

function updateCross(nChanged: i32): void {
  for (let dir = 0; dir < 2; dir++) {
    const step = dir === 0 ? W : 1;
    let nm = 0;
    for (let k = 0; k < nChanged; k++) {
      const c = i32at(pChanged, k);
      const r = c / W;
      const col = c - r * W;
      if (!u8at(pMark, c)) {
        u8set(pMark, c, 1);
        i32set(pMarked, nm++, c);
      }
      for (let s = -1; s <= 1; s += 2) {
        let q = c;
        let i = dir === 0 ? r : col;
        const lim = dir === 0 ? H : W;
        for (;;) {
          i += s;
          if (i < 0 || i >= lim) break;
          q += s * step;
          if (!u8at(pMark, q)) {
            u8set(pMark, q, 1);
            i32set(pMarked, nm++, q);
          }
          if (i32at(pLetter, q) === 0 && i32at(pPrev, q) === 0) break;
        }
      }
    }
    for (let k = 0; k < nm; k++) {
      const q = i32at(pMarked, k);
      u8set(pMark, q, 0);
      cross(dir, q);
      // its cross-set for dir is read by the line of direction dir through it (a changed cell
      // is among these in both directions: its row and column are marked here too; a full
      // prepare marks every line at once)
      const qr = q / W;
      u8set(pLineDirty, dir === 0 ? qr : H + q - qr * W, 1);
    }
  }
}

function cross(dir: i32, i: i32): void {
  const mask = dir === 0 ? pMask0 : pMask1;
  const base = i * MW;
  for (let k = 0; k < MW; k++) u32set(mask, base + k, 0);
  const has = dir === 0 ? pHas0 : pHas1;
  const old = dir === 0 ? pOld0 : pOld1;
  u8set(has, i, 0);
  f64set(old, i, 0);
  if (u8at(pBlocked, i) || i32at(pLetter, i)) return;
  const r = i / W;
  const c = i - r * W;
  const step = dir === 0 ? W : 1;
  const pos = dir === 0 ? r : c;
  const lim = dir === 0 ? H : W;
  let first = pos;
  while (first > 0 && i32at(pLetter, i - (pos - first + 1) * step)) first--;
  let last = pos;
  while (last < lim - 1 && i32at(pLetter, i + (last - pos + 1) * step)) last++;
  if (first === pos && last === pos) {
    openCell(mask, base);
    return;
  }
  u8set(has, i, 1);
  let sum: f64 = 0;
  for (let p = first; p <= last; p++) if (p !== pos) sum += f64at(pPts, i + (p - pos) * step);
  f64set(old, i, sum);
  // every graph (a word is in exactly one): the letters that make a word in any of them
  for (let g = 0; g < nGraphs; g++) {
    useGraph(g);
    crossIn(mask, base, i, step, pos, first, last);
  }
}

/** Adds to the mask at `base` the letters of cell i that make a word in the graph read now. */
function crossIn(mask: usize, base: i32, i: i32, step: i32, pos: i32, first: i32, last: i32): void {
  // the side read once is the longer one: the prefix through the DAWG, or the suffix
  // leftwards through the GADDAG (which ends in the cell's letter, then reads the prefix);
  // each letter of the cell then reads the shorter side
  const left = last - pos > pos - first;
  const d = left ? -1 : 1; // both sides are read in this direction
  const far = left ? first : last; // where the shorter side ends
  let node = left ? gaddagRoot : dawgRoot;
  for (let p = left ? last : first; p !== pos; p += d) {
    const a = findArc(node, <u32>i32at(pLetter, i + (p - pos) * step));
    if (a < 0) return;
    node = <i32>(u32at(pArcs, a) & tmask);
  }
  if (node === 0) return;
  for (let a = node; ; a++) {
    const info = u32at(pArcs, a);
    const l = <i32>((info >>> LSHIFT) & LBITS);
    let accepted = false;
    if (l === 0) accepted = false; // the separator is no letter
    else if (far === pos) accepted = (info & ACCEPT) !== 0;
    else {
      let n = <i32>(info & tmask);
      let e = -1;
      for (let p = pos + d; p !== far + d; p += d) {
        e = findArc(n, <u32>i32at(pLetter, i + (p - pos) * step));
        if (e < 0) break;
        n = <i32>(u32at(pArcs, e) & tmask);
      }
      accepted = e >= 0 && (u32at(pArcs, e) & ACCEPT) !== 0;
    }
    if (accepted && hasRemoved && curGraph === 0) {
      // a word of the main graph that was removed is no word
      accepted = !isRemoved(i - (pos - first) * step, step, last - first + 1, pos - first, l);
    }
    if (accepted) u32set(mask, base + (l >>> 5), u32at(mask, base + (l >>> 5)) | (<u32>1 << <u32>(l & 31)));
    if (info & END) break;
  }
}

// ---------------------------------------------------------------------- the hand

let kinds = 0;
let wildKinds = 0;
/**
 * The letters of the hand's natural cards left (for alphabets of up to 31 letters; a letter's
 * bit goes while its last card is laid): with no wildcard left, a cell tries only these.
 */
let handMask: u32 = 0;
let wildLeft = 0;
let remaining = 0;
let simpleHand = false;
/** One kind of wildcard and one kind of card per letter: `assignOne` gives the cards. */
let oneKind = false;
let handSize = 0;

/** The hand the driver wrote (n cards); `maxTiles` < 0: no limit. */
function setHand(n: i32, maxTiles: i32): void {
  handMask = 0;
  kinds = 0;
  wildKinds = 0;
  wildLeft = 0;
  handSize = 0;
  for (let i = 0; i < n; i++) {
    const code = i32at(pHandCode, i);
    const p = f64at(pHandCardPts, i);
    if (code === 0) {
      let w = 0;
      while (w < wildKinds && f64at(pWildPts, w) !== p) w++;
      if (w === wildKinds) {
        f64set(pWildPts, w, p);
        i32set(pWildCnt, w, 0);
        wildKinds++;
      }
      i32set(pWildCnt, w, i32at(pWildCnt, w) + 1);
      wildLeft++;
    } else {
      let k = i32at(pKindFirst, code);
      while (k >= 0 && f64at(pKindPts, k) !== p) k = i32at(pKindNext, k);
      if (k < 0) {
        k = kinds++;
        f64set(pKindPts, k, p);
        i32set(pKindCnt, k, 0);
        i32set(pKindLetter, k, code);
        i32set(pKindNext, k, i32at(pKindFirst, code));
        i32set(pKindFirst, code, k);
      }
      i32set(pKindCnt, k, i32at(pKindCnt, k) + 1);
      i32set(pNat, code, i32at(pNat, code) + 1);
      if (code < 32) handMask |= <u32>1 << <u32>code;
    }
    let j = handSize++;
    while (j > 0 && f64at(pHandPts, j - 1) < p) {
      f64set(pHandPts, j, f64at(pHandPts, j - 1));
      j--;
    }
    f64set(pHandPts, j, p);
  }
  let simple = true;
  for (let k = 0; k < kinds && simple; k++) simple = i32at(pKindNext, k) === -1 && i32at(pKindFirst, i32at(pKindLetter, k)) === k;
  simpleHand = simple && wildKinds === 0;
  oneKind = simple && wildKinds === 1;
  remaining = maxTiles < 0 ? n : max(0, min(n, maxTiles));
}

function resetHand(): void {
  for (let k = 0; k < kinds; k++) {
    const l = i32at(pKindLetter, k);
    i32set(pNat, l, 0);
    i32set(pKindFirst, l, -1);
  }
  kinds = 0;
  wildKinds = 0;
  wildLeft = 0;
}

// ---------------------------------------------------------------------- lines

let dir = 0;
let lineLen = 0;
let curLine = -1;

function loadLine(d: i32, line: i32): void {
  const key = d * 65536 + line;
  if (curLine === key) return;
  curLine = key;
  dir = d;
  const len = (lineLen = d === 0 ? W : H);
  const id = d === 0 ? line : H + line;
  const slot = <usize>id * <usize>LL;
  pLCell = bLCell + slot * 4;
  pLLetter = bLLetter + slot * 4;
  pLPts = bLPts + slot * 8;
  pLBlocked = bLBlocked + slot;
  pLAnchor = bLAnchor + slot;
  pLMask = bLMask + slot * <usize>MW * 4;
  pLHas = bLHas + slot;
  pLOld = bLOld + slot * 8;
  pLCellPts = bLCellPts + slot * 8;
  pLLf = bLLf + slot * 8;
  pLWf = bLWf + slot * 8;
  if (!u8at(pLineDirty, id)) return;
  u8set(pLineDirty, id, 0);
  const mask = d === 0 ? pMask0 : pMask1;
  const has = d === 0 ? pHas0 : pHas1;
  const old = d === 0 ? pOld0 : pOld1;
  for (let pos = 0; pos < len; pos++) {
    const c = d === 0 ? line * W + pos : pos * W + line;
    i32set(pLCell, pos, c);
    i32set(pLLetter, pos, i32at(pLetter, c));
    f64set(pLPts, pos, f64at(pPts, c));
    u8set(pLBlocked, pos, u8at(pBlocked, c));
    u8set(pLAnchor, pos, u8at(pAnchor, c));
    u8set(pLHas, pos, u8at(has, c));
    f64set(pLOld, pos, f64at(old, c));
    f64set(pLCellPts, pos, f64at(pCellPts, c));
    f64set(pLLf, pos, f64at(pLf, c));
    f64set(pLWf, pos, f64at(pWf, c));
    for (let k = 0; k < MW; k++) u32set(pLMask, pos * MW + k, u32at(mask, c * MW + k));
  }
}

// ---------------------------------------------------------------------- the search

let best = false;
/**
 * Which anchor a move is searched from (move-generator.ts says why): its rightmost (the best
 * move with a wildcard in hand), else its leftmost.
 */
let rightmost = false;
let bestScore: f64 = -Infinity;
let reached = 0;
let prune = false;
let anchorPos = 0;
let startPos = 0;
let leftStart = 0;
let nPlaced = 0;
let mainSum: f64 = 0;
let wfProd: f64 = 1;
let side: f64 = 0;

/**
 * Lists the moves of the hand the driver wrote (n cards) into the output regions: every
 * move, or with `bestOnly` the best ones; `oneWay`: across only, then the transposes;
 * `filtered`: only main words of the lengths the driver marked (`ptr(21)`).
 * Returns the number of moves (the rest of what it found: `ptr(23)`, `pInfo`).
 */
export function run(n: i32, maxTiles: i32, bestOnly: i32, oneWay: i32, filtered: i32): i32 {
  filter = filtered !== 0;
  reached = 0;
  curLine = -1;
  outCount = 0;
  outTiles = 0;
  setHand(n, maxTiles);
  best = bestOnly !== 0;
  rightmost = best && wildKinds > 0;
  bestScore = -Infinity;
  if (remaining > 0) {
    curLine = -1;
    if (best) runBest(oneWay);
    else {
      for (let g = 0; g < nGraphs; g++) {
        useGraph(g);
        if (gaddagRoot !== 0) runAll(oneWay);
      }
    }
    if (oneWay) appendTransposes();
  }
  prune = false;
  resetHand();
  store<i32>(pInfo, outCount);
  store<i32>(pInfo + 4, outTiles);
  store<u32>(pInfo + 8, <u32>pOutScores);
  store<u32>(pInfo + 12, <u32>pOutDirs);
  store<u32>(pInfo + 16, <u32>pOutFirsts);
  store<u32>(pInfo + 20, <u32>pOutSizes);
  store<u32>(pInfo + 24, <u32>pOutCells);
  store<u32>(pInfo + 28, <u32>pOutLetters);
  store<u32>(pInfo + 32, <u32>pOutPoints);
  store<u32>(pInfo + 36, <u32>pOutWilds);
  // the best score of mode best, and the words reached (accepted by the graph), kept or
  // not: what pruning saves
  store<f64>(pInfo + 40, bestScore);
  store<i32>(pInfo + 48, reached);
  return outCount;
}

function runAll(oneWay: i32): void {
  const dirs = oneWay !== 0 ? 1 : 2;
  for (let d = 0; d < dirs; d++) {
    const lines = d === 0 ? H : W;
    const len = d === 0 ? W : H;
    for (let line = 0; line < lines; line++) {
      let any = false;
      for (let pos = 0; pos < len && !any; pos++) any = u8at(pAnchor, d === 0 ? line * W + pos : pos * W + line) === 1;
      if (!any) continue;
      loadLine(d, line);
      for (let pos = 0; pos < len; pos++) if (u8at(pLAnchor, pos)) searchAnchor(pos);
    }
  }
}

function searchAnchor(pos: i32): void {
  anchorPos = pos;
  let start = pos;
  while (start + 1 < lineLen && i32at(pLLetter, start + 1) !== 0) start++;
  startPos = start;
  mainSum = 0;
  wfProd = 1;
  side = 0;
  nPlaced = 0;
  goLeft(start, gaddagRoot);
}

// The leftward and rightward steps: the same steps as move-generator.ts's goLeft/place/
// afterLeft and goRight/place/afterRight, with what does not change between the letters
// tried on a cell (its factors, whether the word may stop or go on there) read once per cell,
// and the state of a laid tile (count, word factor, side words) set once per cell: every
// letter tried restores what it changes below it.

function goLeft(pos: i32, node: i32): void {
  const l0 = i32at(pLLetter, pos);
  if (l0 !== 0) {
    const a = findArc(node, <u32>l0);
    if (a < 0) return;
    const ms = mainSum;
    mainSum = ms + f64at(pLPts, pos);
    afterLeft(pos, u32at(pArcs, a), canStopLeft(pos), canGoLeft(pos));
    mainSum = ms;
    return;
  }
  if (node === 0) return;
  const wp = wfProd;
  const sd = side;
  const n = nPlaced;
  layCell(pos);
  eachLetter(pos, node, false, canStopLeft(pos), canGoLeft(pos));
  unlayCell(wp, sd, n);
}

/** The laid tile's count, word factor and side words, for a card laid on the empty cell pos. */
@inline function layCell(pos: i32): void {
  const wf = f64at(pLWf, pos);
  const cp = f64at(pLCellPts, pos);
  const sd = side;
  i32set(pPPos, nPlaced, pos);
  nPlaced++;
  remaining--;
  wfProd = wfProd * wf;
  side = u8at(pLHas, pos) ? sd + cp + f64at(pLOld, pos) * wf : sd + cp;
}

/** Takes back what layCell set (the values before it: a product is not undone by division). */
@inline function unlayCell(wp: f64, sd: f64, n: i32): void {
  wfProd = wp;
  side = sd;
  nPlaced = n;
  remaining++;
}

/**
 * Tries every letter of node's arcs that the cell allows and the hand holds (a natural card
 * while there is one, else a wildcard), going on leftwards or rightwards (`right`, a
 * constant at each call: the step is inlined); `stop` and `go` as afterLeft and afterRight
 * take them.
 */
@inline function eachLetter(pos: i32, node: i32, right: bool, stop: bool, go: bool): void {
  const mb = pos * MW;
  if (MW === 1) {
    // one mask word (alphabets of up to 31 letters): the cell's letters that the hand has
    // left (any, with a wildcard left) in a register; a node's arcs go up by letter, so the
    // scan ends after the highest of them
    const allowed = u32at(pLMask, mb) & (wildLeft > 0 ? 0xfffffffe : handMask);
    if (allowed === 0) return;
    const lmax = <i32>(31 - clz(allowed));
    for (let a = node; ; a++) {
      const info = u32at(pArcs, a);
      const l = <i32>((info >>> LSHIFT) & LBITS);
      if (l > lmax) break;
      if ((allowed & (<u32>1 << <u32>l)) !== 0) tryLetter(pos, info, l, right, stop, go);
      if (info & END) break;
    }
    return;
  }
  for (let a = node; ; a++) {
    const info = u32at(pArcs, a);
    const l = <i32>((info >>> LSHIFT) & LBITS);
    if ((u32at(pLMask, mb + (l >>> 5)) & (<u32>1 << <u32>(l & 31))) !== 0) tryLetter(pos, info, l, right, stop, go);
    if (info & END) break;
  }
}

/** Lays letter l (arc `info`) on pos with a natural card while the hand has one, else a wildcard, and goes on. */
@inline function tryLetter(pos: i32, info: u32, l: i32, right: bool, stop: bool, go: bool): void {
  const nat = i32at(pNat, l);
  if (nat > 0) {
    i32set(pTLetter, pos, l);
    i32set(pNat, l, nat - 1);
    const hm = handMask;
    if (nat === 1 && l < 32) handMask = hm & ~(<u32>1 << <u32>l);
    goOn(pos, info, right, stop, go);
    handMask = hm;
    i32set(pNat, l, nat);
  } else if (wildLeft > 0) {
    i32set(pTLetter, pos, l);
    wildLeft--;
    goOn(pos, info, right, stop, go);
    wildLeft++;
  }
}

@inline function goOn(pos: i32, info: u32, right: bool, stop: bool, go: bool): void {
  if (right) afterRight(pos, info, stop, go);
  else afterLeft(pos, info, stop, go);
}

/**
 * Whether a word may start at pos (reached going left): nothing on its left, not past the
 * anchor. (The pruning bounds are read in afterLeft, for each letter: the best score found
 * rises while the letters of a cell are tried.)
 */
@inline function canStopLeft(pos: i32): bool {
  return !(pos > 0 && i32at(pLLetter, pos - 1) !== 0) && pos <= anchorPos;
}

/** Whether the search may go on left of pos (with the tiles left now), bounds aside. */
@inline function canGoLeft(pos: i32): bool {
  if (pos === 0) return false;
  if (i32at(pLLetter, pos - 1) !== 0) return true;
  const ap = anchorPos;
  return remaining > 0 && (pos - 1 === ap || (pos - 1 < ap && !u8at(pLBlocked, pos - 1) && (rightmost || !u8at(pLAnchor, pos - 1))));
}

@inline function afterLeft(pos: i32, info: u32, stop: bool, left: bool): void {
  const next = <i32>(info & tmask);
  if (stop && !(prune && f64at(pStartB, pos) < bestScore)) {
    const sp = startPos;
    if (info & ACCEPT) record(pos, sp);
    const sep = next !== 0 && ((u32at(pArcs, next) >>> LSHIFT) & LBITS) === SEP;
    if (sep && sp + 1 < lineLen) {
      const saved = leftStart;
      leftStart = pos;
      goRight(sp + 1, <i32>(u32at(pArcs, next) & tmask));
      leftStart = saved;
    }
  }
  if (next !== 0 && left && !(prune && f64at(pLeftB, pos - 1) < bestScore)) goLeft(pos - 1, next);
}

function goRight(pos: i32, node: i32): void {
  if (node === 0 || u8at(pLBlocked, pos)) return;
  if (prune && f64at(pEndB, leftStart * lineLen + pos) < bestScore) return;
  const more = pos + 1 < lineLen;
  const stop = !(more && i32at(pLLetter, pos + 1) !== 0);
  const l0 = i32at(pLLetter, pos);
  if (l0 !== 0) {
    const a = findArc(node, <u32>l0);
    if (a < 0) return;
    const ms = mainSum;
    mainSum = ms + f64at(pLPts, pos);
    afterRight(pos, u32at(pArcs, a), stop, more);
    mainSum = ms;
    return;
  }
  if (remaining === 0 || (rightmost && u8at(pLAnchor, pos))) return;
  const wp = wfProd;
  const sd = side;
  const n = nPlaced;
  layCell(pos);
  eachLetter(pos, node, true, stop, more);
  unlayCell(wp, sd, n);
}

@inline function afterRight(pos: i32, info: u32, stop: bool, more: bool): void {
  if (info & ACCEPT && stop) record(leftStart, pos);
  const next = <i32>(info & tmask);
  if (next !== 0 && more) goRight(pos + 1, next);
}

let recStart = 0;
let recEnd = 0;

/** Whether the main word from start to end of the line (cards there, else those laid) was removed. */
function removedMain(start: i32, end: i32): bool {
  let node = removedDawg;
  let a = -1;
  for (let p = start; p <= end; p++) {
    const on = i32at(pLLetter, p);
    a = removedArc(node, <u32>(on !== 0 ? on : i32at(pTLetter, p)));
    if (a < 0) return false;
    node = <i32>(u32at(pRemovedArcs, a) & tmask);
  }
  return a >= 0 && (u32at(pRemovedArcs, a) & ACCEPT) !== 0;
}

function record(start: i32, end: i32): void {
  reached++;
  const n = nPlaced;
  if (n === 0) return;
  if (dir === 1 && n === 1 && u8at(pLHas, i32at(pPPos, 0)) !== 0) return;
  if (filter && u8at(pAccept, end - start + 1) === 0) return;
  if (hasRemoved && curGraph === 0 && removedMain(start, end)) return;
  const wp = wfProd;
  const base = mainSum * wp + side + f64at(pLayBonus, n);
  recStart = start;
  recEnd = end;
  if (simpleHand) {
    // one pass: each tile's factor and card (its letter's only points)
    let score = base;
    for (let j = 0; j < n; j++) {
      const pos = i32at(pPPos, j);
      const p = f64at(pKindPts, i32at(pKindFirst, i32at(pTLetter, pos)));
      f64set(pTPts, pos, p);
      u8set(pTWild, pos, 0);
      score += coefAt(pos, wp) * p;
    }
    emit(score);
    return;
  }
  for (let j = 0; j < n; j++) f64set(pCoef, j, coefAt(i32at(pPPos, j), wp));
  if (best && oneKind) {
    // each letter's own card or the wildcard, whichever adds more (counts aside): the most
    // the cards from j on can add, summed from the last
    const wpts = f64at(pWildPts, 0);
    let rest = 0.0;
    f64set(pRest, n, 0);
    for (let j = n - 1; j >= 0; j--) {
      const c = f64at(pCoef, j);
      const k = i32at(pKindFirst, i32at(pTLetter, i32at(pPPos, j)));
      i32set(pJKind, j, k);
      let hi = wpts;
      let lo = wpts;
      if (k >= 0) {
        const p = f64at(pKindPts, k);
        hi = max(hi, p);
        lo = min(lo, p);
      }
      rest += c >= 0 ? c * hi : c * lo;
      f64set(pRest, j, rest);
    }
    if (base + rest + SLACK < bestScore) return;
    assignOne(0, base);
    return;
  }
  if (best) {
    const hi = f64at(pHandPts, 0);
    const lo = f64at(pHandPts, handSize - 1);
    let bound = base;
    for (let j = 0; j < n; j++) {
      const c = f64at(pCoef, j);
      bound += c >= 0 ? c * hi : c * lo;
    }
    if (bound < bestScore) return;
  }
  if (oneKind) {
    for (let j = 0; j < n; j++) i32set(pJKind, j, i32at(pKindFirst, i32at(pTLetter, i32at(pPPos, j))));
    assignOne(0, base);
  } else assign(0, base);
}

/** What a card's points count for on the empty cell pos of the main word (word factor wp), its cross word included. */
@inline function coefAt(pos: i32, wp: f64): f64 {
  const lf = f64at(pLLf, pos);
  return u8at(pLHas, pos) ? lf * wp + lf * f64at(pLWf, pos) : lf * wp;
}

/**
 * `assign` for a hand of one kind of wildcard and one kind of card per letter (the common
 * hand with wildcards): each letter's card looked up once per word, no lists walked; the
 * same moves in the same order.
 */
function assignOne(j: i32, acc: f64): void {
  // the best move: no card of the rest can reach the best score
  if (best && acc + f64at(pRest, j) + SLACK < bestScore) return;
  const last = j + 1 === nPlaced;
  const pos = i32at(pPPos, j);
  const c = f64at(pCoef, j);
  const k = i32at(pJKind, j);
  if (k >= 0) {
    const cnt = i32at(pKindCnt, k);
    if (cnt !== 0) {
      const p = f64at(pKindPts, k);
      i32set(pKindCnt, k, cnt - 1);
      f64set(pTPts, pos, p);
      u8set(pTWild, pos, 0);
      if (last) emit(acc + c * p);
      else assignOne(j + 1, acc + c * p);
      i32set(pKindCnt, k, cnt);
    }
  }
  const wilds = i32at(pWildCnt, 0);
  if (wilds !== 0) {
    const p = f64at(pWildPts, 0);
    i32set(pWildCnt, 0, wilds - 1);
    f64set(pTPts, pos, p);
    u8set(pTWild, pos, 1);
    if (last) emit(acc + c * p);
    else assignOne(j + 1, acc + c * p);
    i32set(pWildCnt, 0, wilds);
  }
}

/** Room for the rounding of a bound summed in another order than the score (a bound never cuts a tie). */
const SLACK: f64 = 1e-6;

/** Every way to give the laid letters from j on cards of the hand (the last level emits). */
function assign(j: i32, acc: f64): void {
  const last = j + 1 === nPlaced;
  const pos = i32at(pPPos, j);
  const l = i32at(pTLetter, pos);
  const c = f64at(pCoef, j);
  for (let k = i32at(pKindFirst, l); k >= 0; k = i32at(pKindNext, k)) {
    const cnt = i32at(pKindCnt, k);
    if (cnt === 0) continue;
    const p = f64at(pKindPts, k);
    i32set(pKindCnt, k, cnt - 1);
    f64set(pTPts, pos, p);
    u8set(pTWild, pos, 0);
    if (last) emit(acc + c * p);
    else assign(j + 1, acc + c * p);
    i32set(pKindCnt, k, cnt);
  }
  for (let w = 0; w < wildKinds; w++) {
    const cnt = i32at(pWildCnt, w);
    if (cnt === 0) continue;
    const p = f64at(pWildPts, w);
    i32set(pWildCnt, w, cnt - 1);
    f64set(pTPts, pos, p);
    u8set(pTWild, pos, 1);
    if (last) emit(acc + c * p);
    else assign(j + 1, acc + c * p);
    i32set(pWildCnt, w, cnt);
  }
}

function emit(score: f64): void {
  if (best) {
    if (score < bestScore) return;
    if (score > bestScore) {
      bestScore = score;
      outCount = 0;
      outTiles = 0;
    }
  }
  const n = nPlaced;
  if (outCount >= moveCap || outTiles + n > tileCap) reserveOut(1, n);
  const i = outCount;
  let t = outTiles;
  f64set(pOutScores, i, score);
  u8set(pOutDirs, i, dir);
  i32set(pOutFirsts, i, t);
  i32set(pOutSizes, i, n);
  outCount = i + 1;
  outTiles = t + n;
  for (let p = recStart; p <= recEnd; p++) {
    if (i32at(pLLetter, p) !== 0) continue;
    i32set(pOutCells, t, i32at(pLCell, p));
    i32set(pOutLetters, t, i32at(pTLetter, p));
    f64set(pOutPoints, t, f64at(pTPts, p));
    u8set(pOutWilds, t, u8at(pTWild, p));
    t++;
  }
}

function appendTransposes(): void {
  const count = outCount;
  const tiles = outTiles;
  reserveOut(count, tiles);
  memory.copy(pOutScores + <usize>count * 8, pOutScores, <usize>count * 8);
  memory.copy(pOutSizes + <usize>count * 4, pOutSizes, <usize>count * 4);
  memory.fill(pOutDirs + <usize>count, 1, <usize>count);
  for (let i = 0; i < count; i++) i32set(pOutFirsts, count + i, i32at(pOutFirsts, i) + tiles);
  memory.copy(pOutLetters + <usize>tiles * 4, pOutLetters, <usize>tiles * 4);
  memory.copy(pOutPoints + <usize>tiles * 8, pOutPoints, <usize>tiles * 8);
  memory.copy(pOutWilds + <usize>tiles, pOutWilds, <usize>tiles);
  for (let t = 0; t < tiles; t++) {
    const cell = i32at(pOutCells, t);
    const r = cell / W;
    i32set(pOutCells, tiles + t, (cell - r * W) * W + r);
  }
  outCount = 2 * count;
  outTiles = 2 * tiles;
}

// ---------------------------------------------------------------------- best move only

function runBest(oneWay: i32): void {
  let na = 0;
  const dirs = oneWay !== 0 ? 1 : 2;
  for (let d = 0; d < dirs; d++) {
    const lines = d === 0 ? H : W;
    const len = d === 0 ? W : H;
    for (let line = 0; line < lines; line++) {
      let any = false;
      for (let pos = 0; pos < len && !any; pos++) any = u8at(pAnchor, d === 0 ? line * W + pos : pos * W + line) === 1;
      if (!any) continue;
      loadLine(d, line);
      shadowLine();
      for (let pos = 0; pos < len; pos++) {
        if (!u8at(pLAnchor, pos)) continue;
        const b = shadow(pos, false);
        if (b === -Infinity) continue;
        i32set(pAnchorList, na, d * N + i32at(pLCell, pos));
        f64set(pAnchorBound, na, b);
        na++;
      }
    }
  }
  // best bound first; equal bounds in list order (the order of move-generator.ts's sort)
  for (let i = 0; i < na; i++) i32set(pOrder, i, i);
  sortOrder(na);
  for (let k = 0; k < na; k++) {
    const i = i32at(pOrder, k);
    if (f64at(pAnchorBound, i) < bestScore) break;
    const id = i32at(pAnchorList, i);
    const d = id >= N ? 1 : 0;
    const cell = id - d * N;
    const r = cell / W;
    const c = cell - r * W;
    loadLine(d, d === 0 ? r : c);
    prune = wildKinds > 0;
    if (prune) {
      shadowLine();
      shadow(d === 0 ? c : r, true);
    }
    for (let g = 0; g < nGraphs; g++) {
      useGraph(g);
      if (gaddagRoot !== 0) searchAnchor(d === 0 ? c : r);
    }
  }
}

/** A stable merge sort of pOrder[0..n) by bound, highest first (pAnchorList's tail as scratch is not used: insertion into runs). */
function sortOrder(n: i32): void {
  // binary insertion sort keeps equal bounds in order; n is at most 2 * cells
  for (let i = 1; i < n; i++) {
    const x = i32at(pOrder, i);
    const bx = f64at(pAnchorBound, x);
    let lo = 0;
    let hi = i;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (f64at(pAnchorBound, i32at(pOrder, mid)) >= bx) lo = mid + 1;
      else hi = mid;
    }
    if (lo < i) memory.copy(pOrder + (<usize>lo << 2) + 4, pOrder + (<usize>lo << 2), <usize>(i - lo) << 2);
    i32set(pOrder, lo, x);
  }
}

function shadowLine(): void {
  const len = lineLen;
  for (let pos = 0; pos < len; pos++) {
    u8set(pUse, pos, 0);
    if (i32at(pLLetter, pos) !== 0 || u8at(pLBlocked, pos)) continue;
    const mb = pos * MW;
    let hi: f64 = -Infinity;
    let lo: f64 = Infinity;
    for (let k = 0; k < kinds; k++) {
      const l = i32at(pKindLetter, k);
      if ((u32at(pLMask, mb + (l >>> 5)) & (<u32>1 << <u32>(l & 31))) === 0) continue;
      const p = f64at(pKindPts, k);
      if (p > hi) hi = p;
      if (p < lo) lo = p;
    }
    if (wildKinds > 0) {
      let anyLetter = false;
      for (let k = 0; k < MW && !anyLetter; k++) anyLetter = u32at(pLMask, mb + k) !== 0;
      if (anyLetter) {
        for (let w = 0; w < wildKinds; w++) {
          const p = f64at(pWildPts, w);
          if (p > hi) hi = p;
          if (p < lo) lo = p;
        }
      }
    }
    if (hi === -Infinity) continue;
    u8set(pUse, pos, 1);
    f64set(pMaxP, pos, hi);
    f64set(pMinP, pos, lo);
  }
}

function fillF64(p: usize, from: i32, to: i32, v: f64): void {
  for (let i = from; i < to; i++) f64set(p, i, v);
}

function shadow(ap: i32, tables: bool): f64 {
  const len = lineLen;
  if (tables) {
    fillF64(pEndB, 0, len * len, Infinity);
    fillF64(pStartB, 0, len, Infinity);
    fillF64(pLeftB, 0, len, Infinity);
  }
  if (!u8at(pUse, ap)) return -Infinity;
  const R = remaining;
  let bestB: f64 = -Infinity;
  let s = ap;
  let nLeft = 0;
  for (;;) {
    if (s === 0 || i32at(pLLetter, s - 1) === 0) {
      const row = tables ? s * len : -1;
      if (tables) fillF64(pEndB, row, row + len, -Infinity);
      const b = shadowFrom(s, ap, len, R, row);
      if (b > bestB) bestB = b;
      if (tables) {
        let m: f64 = -Infinity;
        for (let e = len - 1; e >= s; e--) {
          const v = f64at(pEndB, row + e);
          if (v > m) m = v;
          f64set(pEndB, row + e, m);
        }
        f64set(pStartB, s, b);
      }
    } else if (tables) f64set(pStartB, s, -Infinity);
    if (s === 0) break;
    const q = s - 1;
    if (u8at(pLBlocked, q)) break;
    if (i32at(pLLetter, q) === 0) {
      if ((!rightmost && u8at(pLAnchor, q)) || !u8at(pUse, q) || nLeft + 2 > R) break;
      nLeft++;
    }
    s = q;
  }
  if (tables) {
    let m: f64 = -Infinity;
    for (let q = s; q <= ap; q++) {
      const v = f64at(pStartB, q);
      if (v > m) m = v;
      f64set(pLeftB, q, m);
    }
  }
  return bestB;
}

function shadowFrom(s: i32, ap: i32, len: i32, R: i32, row: i32): f64 {
  let n = 0;
  let mainOld: f64 = 0;
  let wp: f64 = 1;
  let sd: f64 = 0;
  let bestB: f64 = -Infinity;
  // the new cards' part for the first k free cells, for the word factor partWf (as in move-generator.ts)
  let k = 0;
  let cap: f64 = 0;
  let nonNegative = true;
  let partWf: f64 = 1;
  for (let e = s; e < len; e++) {
    if (u8at(pLBlocked, e)) break;
    if (i32at(pLLetter, e) !== 0) mainOld += f64at(pLPts, e);
    else {
      if (!u8at(pUse, e) || n === R || (rightmost && e > ap && u8at(pLAnchor, e))) break;
      i32set(pSegFree, n, e);
      n++;
      const wf = f64at(pLWf, e);
      wp *= wf;
      sd += f64at(pLCellPts, e);
      if (u8at(pLHas, e)) sd += f64at(pLOld, e) * wf;
    }
    if (e < ap || e === s || (e + 1 < len && i32at(pLLetter, e + 1) !== 0) || n === 0) continue;
    if (wp !== partWf) {
      k = 0;
      cap = 0;
      nonNegative = true;
      partWf = wp;
    }
    while (k < n) {
      const p = i32at(pSegFree, k);
      const lf = f64at(pLLf, p);
      let c = lf * wp;
      if (u8at(pLHas, p)) c += lf * f64at(pLWf, p);
      cap += c >= 0 ? c * f64at(pMaxP, p) : c * f64at(pMinP, p);
      if (c < 0) nonNegative = false;
      let j = k++;
      while (j > 0 && f64at(pSegCoef, j - 1) < c) {
        f64set(pSegCoef, j, f64at(pSegCoef, j - 1));
        j--;
      }
      f64set(pSegCoef, j, c);
    }
    let part = cap;
    if (nonNegative) {
      let pair: f64 = 0;
      for (let j = 0; j < k; j++) pair += f64at(pSegCoef, j) * f64at(pHandPts, j);
      if (pair < part) part = pair;
    }
    const b = f64at(pLayBonus, n) + sd + mainOld * wp + part;
    if (b > bestB) bestB = b;
    if (row >= 0) f64set(pEndB, row + e, b);
  }
  return bestB;
}
