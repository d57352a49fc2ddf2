// The word graph: one flat array of arcs holding a minimised DAWG and a minimised GADDAG
// that share nodes (the layout of andy-k/wolges' KWG).
//
// Letters are small integers: 1..K in charset order; 0 is the GADDAG separator.
// A node is the index of its first arc; its arcs follow one another up to the arc with the
// END flag, going up by letter (the separator first: the move search ends a node's scan
// after the highest letter it can lay). Node 0 is the empty node (no arcs). Each arc is one uint32 (4 bytes, as in KWG:
// half the memory traffic of two words per arc, docs/performance.md):
//   bits 0..21   the node reached (0: none)
//   bits 22..29  the letter
//   bit 30       END (last arc of its node)
//   bit 31       ACCEPT (the string read so far, ending with this letter, is a word)
// A graph whose alphabet has more than 255 letters or that has 2^22 arcs or more is "wide":
// the node reached takes bits 0..29 and the letters are in `letters`, one uint16 per arc.
//
// The DAWG reads words left to right from `dawgRoot`. The GADDAG reads, from `gaddagRoot`,
// a word's letters leftwards from any letter (w[i], w[i-1], .., w[0]); ACCEPT there means
// w[0..i] is a whole word; the separator arc (letter 0) then leads to the DAWG node of the
// prefix w[0..i], which reads the rest of the word rightwards. So the GADDAG's right parts
// are the DAWG itself: that is the sharing, and it is what keeps the build fast.
//
// Build: sort the words, build the DAWG with Daciuk's incremental minimisation, noting the
// DAWG node of every prefix; radix-sort the reversed prefixes; build the GADDAG's left part
// with the same minimiser (shared register), each reversed prefix carrying its separator arc;
// last, a node whose arcs are the tail of another node's arcs is stored inside it, and the
// nodes are laid out breadth first from the roots (shareTails).

export const ACCEPT = 0x80000000;
export const END = 0x40000000;
export const SEP = 0;
/** The node reached: `arcs[a] & targetMask(g)`. */
export const TARGET_MASK = 0x3fffff;
export const WIDE_TARGET_MASK = 0x3fffffff;
export const LETTER_SHIFT = 22;
export const LETTER_BITS = 0xff;

export interface WordGraph {
  /** One uint32 per arc; arc 0 is a dummy so that node 0 means "no arcs". */
  readonly arcs: Uint32Array;
  /** The letter of each arc when the graph is wide (else null: the letter is in the arc). */
  readonly letters: Uint16Array | null;
  readonly arcCount: number;
  readonly dawgRoot: number;
  readonly gaddagRoot: number;
  /** Number of words in the graph. */
  readonly wordCount: number;
}

/** Words as arrays of letter codes (1..K), any order, duplicates allowed. */
export interface CodedWords {
  /** All letters, word after word. */
  letters: Uint8Array | Uint16Array;
  /** offsets[k]..offsets[k+1] are the letters of word k (length count+1). */
  offsets: Int32Array;
  count: number;
}

// While building, an arc is two uint32s (target; letter | B_ACCEPT | B_END), packed at the end.
const B_ACCEPT = 0x10000;
const B_END = 0x20000;
const B_LETTER = 0xffff;

class Minimiser {
  arcs: Uint32Array;
  arcCount = 1; // arc 0: dummy
  private table: Int32Array;
  private tableUsed = 0;

  constructor(expectedArcs: number) {
    this.arcs = new Uint32Array(Math.max(16, expectedArcs) * 2);
    this.table = new Int32Array(nextPow2(Math.max(64, expectedArcs)));
  }

  /** Registers a node with the given arcs (parallel arrays, n arcs from offset 0); returns its id. */
  register(infos: Int32Array, targets: Int32Array, n: number): number {
    if (n === 0) return 0;
    let h = 0x811c9dc5 | 0;
    for (let i = 0; i < n; i++) {
      h = Math.imul(h ^ infos[i]!, 0x01000193);
      h = Math.imul(h ^ targets[i]!, 0x01000193);
    }
    h ^= h >>> 15;
    const table = this.table;
    const mask = table.length - 1;
    let slot = h & mask;
    const arcs = this.arcs;
    for (;;) {
      const id = table[slot]!;
      if (id === 0) break;
      // compare
      let same = true;
      for (let i = 0; i < n; i++) {
        const a = id + i;
        const info = arcs[2 * a + 1]!;
        const isEnd = (info & B_END) !== 0;
        if ((info & ~B_END) !== infos[i] || arcs[2 * a] !== targets[i] || isEnd !== (i === n - 1)) {
          same = false;
          break;
        }
      }
      if (same) return id;
      slot = (slot + 1) & mask;
    }
    // append
    const id = this.arcCount;
    if ((id + n) * 2 > this.arcs.length) {
      const bigger = new Uint32Array(Math.max(this.arcs.length * 2, (id + n) * 2 + 16));
      bigger.set(this.arcs);
      this.arcs = bigger;
    }
    const out = this.arcs;
    for (let i = 0; i < n; i++) {
      out[2 * (id + i)] = targets[i]!;
      out[2 * (id + i) + 1] = infos[i]! | (i === n - 1 ? B_END : 0);
    }
    this.arcCount += n;
    table[slot] = id;
    this.tableUsed++;
    if (this.tableUsed * 2 > table.length) this.grow();
    return id;
  }

  private grow(): void {
    const old = this.table;
    const table = new Int32Array(old.length * 2);
    const mask = table.length - 1;
    const arcs = this.arcs;
    for (let s = 0; s < old.length; s++) {
      const id = old[s]!;
      if (id === 0) continue;
      let h = 0x811c9dc5 | 0;
      for (let a = id; ; a++) {
        const info = arcs[2 * a + 1]!;
        h = Math.imul(h ^ (info & ~B_END), 0x01000193);
        h = Math.imul(h ^ arcs[2 * a]!, 0x01000193);
        if (info & B_END) break;
      }
      h ^= h >>> 15;
      let slot = h & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = id;
    }
    this.table = table;
  }
}

function nextPow2(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/**
 * Incremental construction over strings given in lexicographic order (Daciuk et al.): the
 * current path is pending, everything off it is minimised and registered.
 */
class PathBuilder {
  // pending arcs per depth
  private infos: Int32Array[] = [];
  private targets: Int32Array[] = [];
  private counts: number[] = [];
  /** Letters of the current path (the last string inserted). */
  private path: number[] = [];
  /** Called when the node at `depth` of the current path is registered. */
  onFinal: ((depth: number, id: number) => void) | null = null;

  constructor(private readonly min: Minimiser) {
    this.ensure(0);
  }

  private ensure(depth: number): void {
    while (this.counts.length <= depth) {
      this.infos.push(new Int32Array(8));
      this.targets.push(new Int32Array(8));
      this.counts.push(0);
    }
  }

  private push(depth: number, info: number, target: number): void {
    let n = this.counts[depth]!;
    if (n === this.infos[depth]!.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.infos[depth] = grow(this.infos[depth]!);
      this.targets[depth] = grow(this.targets[depth]!);
    }
    this.infos[depth]![n] = info;
    this.targets[depth]![n] = target;
    this.counts[depth] = ++n;
  }

  /** Registers the pending nodes deeper than `depth`, linking each into its parent. */
  private finishTo(depth: number): void {
    for (let d = this.path.length; d > depth; d--) {
      const id = this.min.register(this.infos[d]!, this.targets[d]!, this.counts[d]!);
      this.counts[d] = 0;
      if (this.onFinal) this.onFinal(d, id);
      const pn = this.counts[d - 1]!;
      this.targets[d - 1]![pn - 1] = id;
    }
    this.path.length = depth;
  }

  /**
   * Adds one string (data[from .. from + len)), which must sort after the previous one.
   * `accept` sets B_ACCEPT on its last arc; `sepTarget` (non-zero) gives its end node a
   * separator arc to that node.
   */
  add(data: Letters, from: number, len: number, accept: boolean, sepTarget: number): void {
    const path = this.path;
    let p = 0;
    while (p < path.length && p < len && path[p] === data[from + p]) p++;
    if (p === len && p === path.length) {
      // the same string again: only flags can be added to the last arc
      if (accept && len > 0) this.infos[len - 1]![this.counts[len - 1]! - 1]! |= B_ACCEPT;
      return;
    }
    this.finishTo(p);
    this.ensure(len);
    for (let i = p; i < len; i++) {
      const l = data[from + i]!;
      this.push(i, l | (accept && i === len - 1 ? B_ACCEPT : 0), 0);
      path.push(l);
    }
    if (sepTarget !== 0) this.push(len, SEP, sepTarget);
  }

  /** Registers everything; returns the root. */
  finish(): number {
    this.finishTo(0);
    const id = this.min.register(this.infos[0]!, this.targets[0]!, this.counts[0]!);
    this.counts[0] = 0;
    return id;
  }
}

type Letters = Uint8Array | Uint16Array;

function maxLetter(letters: Letters): number {
  let m = 0;
  for (let i = 0; i < letters.length; i++) if (letters[i]! > m) m = letters[i]!;
  return m;
}

/**
 * MSD radix sort of string ids: string i is data[starts[i] .. starts[i] + lens[i]).
 * Lexicographic by code; a string sorts before its extensions. Small ranges use insertion sort.
 */
function radixSort(items: Int32Array, data: Letters, starts: Int32Array, lens: Int32Array, maxKey: number, from = 0, to = items.length, depth0 = 0): void {
  const buckets = maxKey + 1;
  // the buffers of the range from..to (indexed from `from`), made when a range is too long for insertion
  let tmp: Int32Array | null = null;
  let keys: Int32Array | null = null;
  let count: Int32Array | null = null;
  let starts2: Int32Array | null = null;
  const stack: number[] = [from, to, depth0];
  while (stack.length) {
    const depth = stack.pop()!;
    const hi = stack.pop()!;
    const lo = stack.pop()!;
    const n = hi - lo;
    if (n < 2) continue;
    if (n < 24) {
      for (let i = lo + 1; i < hi; i++) {
        const x = items[i]!;
        let j = i - 1;
        while (j >= lo && compareFrom(items[j]!, x, depth, data, starts, lens) > 0) {
          items[j + 1] = items[j]!;
          j--;
        }
        items[j + 1] = x;
      }
      continue;
    }
    if (!tmp || !keys || !count || !starts2) {
      tmp = new Int32Array(to - from);
      keys = new Int32Array(to - from);
      count = new Int32Array(buckets + 1);
      starts2 = new Int32Array(buckets + 1);
    }
    count.fill(0);
    for (let i = lo; i < hi; i++) {
      const it = items[i]!;
      const k = depth < lens[it]! ? data[starts[it]! + depth]! : 0;
      keys[i - from] = k;
      count[k + 1]!++;
    }
    for (let b = 0; b < buckets; b++) count[b + 1]! += count[b]!;
    starts2.set(count);
    for (let i = lo; i < hi; i++) tmp[lo - from + count[keys[i - from]!]!++] = items[i]!;
    items.set(tmp.subarray(lo - from, hi - from), lo);
    // bucket 0 (strings that ended) needs no further sorting
    for (let b = 1; b < buckets; b++) {
      const s = lo + starts2[b]!;
      const e = lo + starts2[b + 1]!;
      if (e - s > 1) stack.push(s, e, depth + 1);
    }
  }
}

/**
 * Sorts string ids as radixSort does, for letter codes below 32: first by their first twelve
 * letters packed in two integers, with a least-significant-digit radix sort over six 10-bit
 * digits (it reads the strings once, in the order given, where the recursion reads a letter
 * of every string at every level, in the scattered sorted order), then each run that shares
 * those twelve letters from the thirteenth on.
 */
export function sortStrings(items: Int32Array, data: Letters, starts: Int32Array, lens: Int32Array, maxKey: number): void {
  if (maxKey >= 32) return radixSort(items, data, starts, lens, maxKey);
  const n = items.length;
  let hi = new Int32Array(n);
  let lo = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const it = items[i]!;
    const s = starts[it]!;
    const len = lens[it]!;
    let h = 0;
    let l = 0;
    for (let t = 0; t < 6; t++) h = (h << 5) | (t < len ? data[s + t]! : 0);
    for (let t = 6; t < 12; t++) l = (l << 5) | (t < len ? data[s + t]! : 0);
    hi[i] = h;
    lo[i] = l;
  }
  let ids: Int32Array = items;
  let hi2 = new Int32Array(n);
  let lo2 = new Int32Array(n);
  let ids2: Int32Array = new Int32Array(n);
  const count = new Int32Array(1025);
  for (let pass = 0; pass < 6; pass++) {
    const key = pass < 3 ? lo : hi;
    const shift = (pass % 3) * 10;
    count.fill(0);
    for (let i = 0; i < n; i++) count[((key[i]! >>> shift) & 1023) + 1]!++;
    if (count[(key[0]! >>> shift & 1023) + 1] === n) continue; // one digit for all: the order stands
    for (let b = 0; b < 1024; b++) count[b + 1]! += count[b]!;
    for (let i = 0; i < n; i++) {
      const at = count[(key[i]! >>> shift) & 1023]!++;
      hi2[at] = hi[i]!;
      lo2[at] = lo[i]!;
      ids2[at] = ids[i]!;
    }
    [hi, hi2] = [hi2, hi];
    [lo, lo2] = [lo2, lo];
    [ids, ids2] = [ids2, ids];
  }
  if (ids !== items) items.set(ids);
  // a run of equal keys whose strings go on past twelve letters: sorted from the thirteenth
  for (let i = 0; i < n; ) {
    let j = i + 1;
    while (j < n && hi[j] === hi[i] && lo[j] === lo[i]) j++;
    if (j - i > 1 && (lo[i]! & 31) !== 0) radixSort(items, data, starts, lens, maxKey, i, j, 12);
    i = j;
  }
}

function compareFrom(a: number, b: number, depth: number, data: Letters, starts: Int32Array, lens: Int32Array): number {
  const la = lens[a]!;
  const lb = lens[b]!;
  const sa = starts[a]!;
  const sb = starts[b]!;
  for (let t = depth; ; t++) {
    const x = t < la ? data[sa + t]! : 0;
    const y = t < lb ? data[sb + t]! : 0;
    if (x !== y) return x - y;
    if (x === 0) return 0;
  }
}

/** Builds the graph. Word letters must be codes 1..K (K < 65536); words shorter than 2 are ignored. */
export function buildGraph(words: CodedWords): WordGraph {
  const { letters, offsets, count } = words;
  const maxKey = maxLetter(letters);
  const wStart = offsets.subarray(0, count);
  const wLen = new Int32Array(count);
  for (let k = 0; k < count; k++) wLen[k] = offsets[k + 1]! - offsets[k]!;
  const order = new Int32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  sortStrings(order, letters, wStart, wLen, maxKey);
  // keep distinct words of length >= 2
  const kept: number[] = [];
  let prev = -1;
  for (let i = 0; i < count; i++) {
    const k = order[i]!;
    if (wLen[k]! < 2) continue;
    if (prev >= 0 && compareFrom(prev, k, 0, letters, wStart, wLen) === 0) continue;
    kept.push(k);
    prev = k;
  }
  const n = kept.length;
  const start = new Int32Array(n);
  const lens = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    start[i] = offsets[kept[i]!]!;
    lens[i] = wLen[kept[i]!]!;
  }
  // lcp with the previous word: the prefixes of lengths lcp+1..len are new with word i
  const lcp = new Int32Array(n);
  const itemBase = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    let p = 0;
    if (i > 0) {
      const a = start[i - 1]!;
      const b = start[i]!;
      const m = Math.min(lens[i - 1]!, lens[i]!);
      while (p < m && letters[a + p] === letters[b + p]) p++;
    }
    lcp[i] = p;
    itemBase[i + 1] = itemBase[i]! + lens[i]! - p;
  }
  const items = itemBase[n]!;
  const sepTarget = new Int32Array(items);

  const min = new Minimiser(items * 2);
  // DAWG, noting each prefix's node
  const dawg = new PathBuilder(min);
  const owner: number[] = [];
  dawg.onFinal = (depth, id) => {
    const w = owner[depth]!;
    sepTarget[itemBase[w]! + depth - lcp[w]! - 1] = id;
  };
  for (let i = 0; i < n; i++) {
    dawg.add(letters, start[i]!, lens[i]!, true, 0);
    for (let d = lcp[i]! + 1; d <= lens[i]!; d++) owner[d] = i;
  }
  const dawgRoot = dawg.finish();

  // GADDAG left part: the reversed prefixes, sorted. The reversed prefix of length d of
  // word i is the suffix of its reversal that starts at len - d.
  let total = 0;
  for (let i = 0; i < n; i++) total += lens[i]!;
  const rev = new Uint16Array(total);
  const revStart = new Int32Array(n);
  for (let i = 0, o = 0; i < n; i++) {
    revStart[i] = o;
    const s = start[i]!;
    for (let t = lens[i]! - 1; t >= 0; t--) rev[o++] = letters[s + t]!;
  }
  const itStart = new Int32Array(items);
  const itLen = new Int32Array(items);
  // whether an item is its word whole (the reversed word: its last arc accepts)
  const itWhole = new Uint8Array(items);
  for (let i = 0; i < n; i++) {
    const len = lens[i]!;
    for (let d = lcp[i]! + 1, it = itemBase[i]!; d <= len; d++, it++) {
      itStart[it] = revStart[i]! + len - d;
      itLen[it] = d;
      itWhole[it] = d === len ? 1 : 0;
    }
  }
  const ord = new Int32Array(items);
  for (let i = 0; i < items; i++) ord[i] = i;
  sortStrings(ord, rev, itStart, itLen, maxKey);
  // the items' fields gathered into the sorted order first: a tight loop of independent
  // loads, which the processor overlaps, where the building loop waited on each in turn
  const sStart = new Int32Array(items);
  const sLen = new Int32Array(items);
  const sSep = new Int32Array(items);
  for (let i = 0; i < items; i++) {
    const it = ord[i]!;
    sStart[i] = itStart[it]!;
    sLen[i] = itLen[it]! | (itWhole[it]! << 30);
    sSep[i] = sepTarget[it]!;
  }
  const gaddag = new PathBuilder(min);
  for (let i = 0; i < items; i++) {
    const len = sLen[i]!;
    gaddag.add(rev, sStart[i]!, len & 0x3fffffff, len >= 0x40000000, sSep[i]!);
  }
  const gaddagRoot = gaddag.finish();
  const shared = shareTails(min.arcs, min.arcCount, [gaddagRoot, dawgRoot]);
  const roots = { dawgRoot: shared.map[dawgRoot]!, gaddagRoot: shared.map[gaddagRoot]! };
  return { ...pack(shared.built, shared.arcCount, maxKey), ...roots, wordCount: n };
}

const STARTS_NODE = 0x40000000; // a flag beside an arc index (< 2^30)

/**
 * Stores a node whose arcs are the tail of another node's arcs inside that node, as KWG
 * does (English: 1,256,235 arcs become 1,215,756, the graph 5.02 MB becomes 4.86 MB). A
 * node is still the index of its first arc; its arcs still run to the END arc. `map` takes
 * an old node (the index of its first arc) to its new index.
 */
function shareTails(built: Uint32Array, arcCount: number, roots: readonly number[]): { built: Uint32Array; arcCount: number; map: Int32Array } {
  // every arc's tail (the run from it to its node's END): its hash; node starts flagged.
  // Sorting the tails by hash (radix, streaming) puts equal tails side by side: a hash table
  // of the tails took longer (English on Node 20: 200-245 ms against 155-178), a cache miss a probe.
  const n = arcCount - 1;
  let keys = new Int32Array(n);
  let vals = new Int32Array(n);
  const count = new Int32Array(4 * 256);
  for (let e = arcCount - 1; e >= 1; ) {
    let h = 0x811c9dc5 | 0;
    let a = e;
    for (;;) {
      h = Math.imul(h ^ built[2 * a + 1]!, 0x01000193);
      h = Math.imul(h ^ built[2 * a]!, 0x01000193);
      const k = h ^ (h >>> 15);
      keys[a - 1] = k;
      vals[a - 1] = a;
      for (let b = 0; b < 4; b++) count[b * 256 + ((k >>> (8 * b)) & 255)]!++;
      if (a === 1 || built[2 * (a - 1) + 1]! & B_END) break;
      a--;
    }
    vals[a - 1] = a | STARTS_NODE;
    e = a - 1;
  }
  let keys2 = new Int32Array(n);
  let vals2 = new Int32Array(n);
  for (let b = 0; b < 4; b++) {
    const shift = 8 * b;
    for (let d = 0, sum = 0; d < 256; d++) {
      const c = count[b * 256 + d]!;
      count[b * 256 + d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const k = keys[i]!;
      const to = count[b * 256 + ((k >>> shift) & 255)]!++;
      keys2[to] = k;
      vals2[to] = vals[i]!;
    }
    [keys, keys2] = [keys2, keys];
    [vals, vals2] = [vals2, vals];
  }
  const sameTail = (x: number, y: number): boolean => {
    for (;; x++, y++) {
      const info = built[2 * x + 1]!;
      if (info !== built[2 * y + 1] || built[2 * x] !== built[2 * y]) return false;
      if (info & B_END) return true;
    }
  };
  // a node whose whole run is another node's proper tail lives there: its host (longer)
  const host = new Int32Array(arcCount); // per node start: the tail it is (0: kept)
  for (let i = 0; i < n; ) {
    let j = i + 1;
    while (j < n && keys[j] === keys[i]) j++;
    if (j - i > 1) {
      for (let x = i; x < j; x++) {
        if (!(vals[x]! & STARTS_NODE)) continue;
        const s = vals[x]! & ~STARTS_NODE;
        // equal hashes of unequal tails are rare: a few tries, then keep the node
        for (let y = i, tries = 0; y < j && tries < 16; y++) {
          if (vals[y]! & STARTS_NODE) continue;
          tries++;
          if (sameTail(s, vals[y]!)) {
            host[s] = vals[y]!;
            break;
          }
        }
      }
    }
    i = j;
  }
  // where each node lives: itself, or (stored inside another) the arc of its kept host where
  // its arcs start (a host may itself live in a longer host: followed until a kept node)
  const nodeOf = new Int32Array(arcCount); // each arc's node start
  const home = new Int32Array(arcCount); // per node start
  let kept = 1;
  for (let a = 1, s = 1; a < arcCount; a++) {
    nodeOf[a] = s;
    if (host[s] === 0) kept++;
    if (built[2 * a + 1]! & B_END) s = a + 1;
  }
  for (let s = 1; s < arcCount; ) {
    let at = s;
    for (let h = s; host[h] !== 0; h = nodeOf[at]!) at = host[h]! + (at - h);
    home[s] = at;
    while (!(built[2 * s + 1]! & B_END)) s++;
    s++;
  }
  // Lay out the kept nodes breadth first from the roots (the GADDAG's first), so that the
  // nodes a search reads one after another sit near each other in memory (the move search
  // waits mostly for arcs to come from memory: 5 to 14 % faster than in the build's order,
  // docs/performance.md). A node is placed when first reached and written out when its turn
  // in the queue comes, which is its place: the output is written in order.
  const map = new Int32Array(arcCount); // per node reached: its new index
  const queue = new Int32Array(kept);
  let tail = 0;
  let next = 1;
  const reach = (p: number): number => {
    const known = map[p]!;
    if (known !== 0) return known;
    const at = home[p]!;
    const s = at === p ? p : nodeOf[at]!;
    if (map[s] === 0) {
      map[s] = next;
      let e = s;
      while (!(built[2 * e + 1]! & B_END)) e++;
      next += e - s + 1;
      queue[tail++] = s;
    }
    return (map[p] = map[s]! + (at - s));
  };
  const out = new Uint32Array(kept * 2);
  let head = 0;
  const drain = (): void => {
    for (; head < tail; head++) {
      for (let a = queue[head]!, to = map[a]!; ; a++, to++) {
        const t = built[2 * a]!;
        const info = built[2 * a + 1]!;
        out[2 * to] = t === 0 ? 0 : reach(t);
        out[2 * to + 1] = info;
        if (info & B_END) break;
      }
    }
  };
  for (const r of roots) if (r !== 0) reach(r);
  drain();
  // nodes no root reaches (none in a built graph) follow in their old order
  for (let s = 1; s < arcCount && next < kept; ) {
    if (host[s] === 0 && map[s] === 0) {
      reach(s);
      drain();
    }
    while (!(built[2 * s + 1]! & B_END)) s++;
    s++;
  }
  return { built: out, arcCount: next, map };
}

/** The 4-byte arcs of the built graph (wide when the letters or nodes do not fit). */
function pack(built: Uint32Array, arcCount: number, maxLetter: number): { arcs: Uint32Array; letters: Uint16Array | null; arcCount: number } {
  const wide = maxLetter > LETTER_BITS || arcCount > TARGET_MASK;
  const arcs = new Uint32Array(arcCount);
  const letters = wide ? new Uint16Array(arcCount) : null;
  for (let a = 0; a < arcCount; a++) {
    const target = built[2 * a]!;
    const info = built[2 * a + 1]!;
    const flags = (info & B_ACCEPT ? ACCEPT : 0) | (info & B_END ? END : 0);
    const l = info & B_LETTER;
    if (letters) {
      letters[a] = l;
      arcs[a] = (target | flags) >>> 0;
    } else arcs[a] = (target | (l << LETTER_SHIFT) | flags) >>> 0;
  }
  return { arcs, letters, arcCount };
}

/** The mask of the node reached in an arc of `g`. */
export function targetMask(g: WordGraph): number {
  return g.letters ? WIDE_TARGET_MASK : TARGET_MASK;
}

/** The letter of arc `a`. */
export function arcLetter(g: WordGraph, a: number): number {
  return g.letters ? g.letters[a]! : (g.arcs[a]! >>> LETTER_SHIFT) & LETTER_BITS;
}

/** The node reached by arc `a` (0: none). */
export function arcTarget(g: WordGraph, a: number): number {
  return g.arcs[a]! & targetMask(g);
}

/** The arc of `node` for `letter`, or -1. */
export function findArc(g: WordGraph, node: number, letter: number): number {
  if (node === 0) return -1;
  const arcs = g.arcs;
  for (let a = node; ; a++) {
    if (arcLetter(g, a) === letter) return a;
    if (arcs[a]! & END) return -1;
  }
}

/** Whether the DAWG holds the word (letter codes). */
export function graphHas(g: WordGraph, word: ArrayLike<number>): boolean {
  if (word.length < 2) return false;
  let node = g.dawgRoot;
  let a = -1;
  for (let i = 0; i < word.length; i++) {
    a = findArc(g, node, word[i]!);
    if (a < 0) return false;
    node = arcTarget(g, a);
  }
  return (g.arcs[a]! & ACCEPT) !== 0;
}

/** Every word of the DAWG, as letter-code arrays, in code order (for tests and merging). */
export function graphWords(g: WordGraph): number[][] {
  const out: number[][] = [];
  const path: number[] = [];
  const walk = (node: number) => {
    if (node === 0) return;
    for (let a = node; ; a++) {
      const info = g.arcs[a]!;
      path.push(arcLetter(g, a));
      if (info & ACCEPT) out.push(path.slice());
      walk(arcTarget(g, a));
      path.pop();
      if (info & END) break;
    }
  };
  walk(g.dawgRoot);
  return out;
}
