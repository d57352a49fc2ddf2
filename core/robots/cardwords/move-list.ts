// A reusable buffer of generated moves: typed arrays that grow by doubling and are cleared,
// not reallocated, between calls. Listing every move of a position writes only numbers;
// objects (GeneratedMove, Tile, Card) are made for the moves a caller asks for (`move(i)`).
import type { Card } from '../../games/cardwords/types.js';
import type { Alphabet } from '../../words/alphabet.js';

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

/** Views of a whole memory (the WebAssembly search's), read at byte addresses. */
export interface MemoryViews {
  f64: Float64Array;
  i32: Int32Array;
  u8: Uint8Array;
}

/** Up to this many items are copied one by one: a view per array and call cost more (small positions). */
const COPY_BY_ITEM = 64;

export class MoveList {
  /** Number of moves held. */
  count = 0;
  /** Per move: its score, direction (0 across, 1 down), first tile and number of tiles. */
  scores = new Float64Array(256);
  dirs = new Uint8Array(256);
  firsts = new Int32Array(256);
  sizes = new Int32Array(256);
  /** Per tile, in cell order within a move: the cell, letter code, points, wildcard (1) or not (0). */
  cells = new Int32Array(1024);
  letters = new Int32Array(1024);
  points = new Float64Array(1024);
  wilds = new Uint8Array(1024);
  tileCount = 0;

  // cards and tiles shared between the moves made (read-only): one per distinct card and
  // one per distinct (cell, card)
  private alphabet: Alphabet | null = null;
  private cellCount = 0;
  private readonly cardIds = new Map<number, number>();
  private readonly cards: Card[] = [];
  private tileCache: Array<Tile | undefined> = [];

  clear(): void {
    this.count = 0;
    this.tileCount = 0;
  }

  /** Starts a move of `n` tiles; returns the index of its first tile (fill cells.. from there). */
  begin(score: number, dir: number, n: number): number {
    const i = this.count;
    if (i === this.scores.length) this.growMoves(i + 1);
    const t = this.tileCount;
    if (t + n > this.cells.length) this.growTiles(t + n);
    this.scores[i] = score;
    this.dirs[i] = dir;
    this.firsts[i] = t;
    this.sizes[i] = n;
    this.count = i + 1;
    this.tileCount = t + n;
    return t;
  }

  /**
   * Appends every move held transposed (down for across; the table square, width = height):
   * block copies but for the cells, a fresh process's first call spent milliseconds copying
   * tile by tile.
   */
  appendTransposes(width: number): void {
    const count = this.count;
    const tiles = this.tileCount;
    if (2 * count > this.scores.length) this.growMoves(2 * count);
    if (2 * tiles > this.cells.length) this.growTiles(2 * tiles);
    this.scores.copyWithin(count, 0, count);
    this.sizes.copyWithin(count, 0, count);
    this.dirs.fill(1, count, 2 * count);
    const firsts = this.firsts;
    for (let i = 0; i < count; i++) firsts[count + i] = firsts[i]! + tiles;
    this.letters.copyWithin(tiles, 0, tiles);
    this.points.copyWithin(tiles, 0, tiles);
    this.wilds.copyWithin(tiles, 0, tiles);
    const cells = this.cells;
    for (let t = 0; t < tiles; t++) {
      const cell = cells[t]!;
      const r = (cell / width) | 0;
      cells[tiles + t] = (cell - r * width) * width + r;
    }
    this.count = 2 * count;
    this.tileCount = 2 * tiles;
  }

  /**
   * Holds exactly the moves and tiles found in a memory at these byte addresses (arrays laid
   * out as this list's own, each aligned to its item's size).
   */
  copyFromMemory(count: number, tiles: number, m: MemoryViews, scores: number, dirs: number, firsts: number, sizes: number, cells: number, letters: number, points: number, wilds: number): void {
    this.count = 0;
    this.tileCount = 0;
    // room at once, and nothing copied into it that is about to be overwritten: a fresh
    // list's first call used to double its arrays up to the size, copying each time
    if (count > this.scores.length) this.allocMoves(roomFor(this.scores.length, count));
    if (tiles > this.cells.length) this.allocTiles(roomFor(this.cells.length, tiles));
    copyItems(this.scores, m.f64, scores >>> 3, count);
    copyItems(this.dirs, m.u8, dirs, count);
    copyItems(this.firsts, m.i32, firsts >>> 2, count);
    copyItems(this.sizes, m.i32, sizes >>> 2, count);
    copyItems(this.cells, m.i32, cells >>> 2, tiles);
    copyItems(this.letters, m.i32, letters >>> 2, tiles);
    copyItems(this.points, m.f64, points >>> 3, tiles);
    copyItems(this.wilds, m.u8, wilds, tiles);
    this.count = count;
    this.tileCount = tiles;
  }

  /** Empty arrays for n moves. */
  private allocMoves(n: number): void {
    this.scores = new Float64Array(n);
    this.dirs = new Uint8Array(n);
    this.firsts = new Int32Array(n);
    this.sizes = new Int32Array(n);
  }

  /** Empty arrays for n tiles. */
  private allocTiles(n: number): void {
    this.cells = new Int32Array(n);
    this.letters = new Int32Array(n);
    this.points = new Float64Array(n);
    this.wilds = new Uint8Array(n);
  }

  /** Room for `min` moves, the moves held kept. */
  private growMoves(min: number): void {
    const { scores, dirs, firsts, sizes } = this;
    this.allocMoves(roomFor(scores.length, min));
    this.scores.set(scores);
    this.dirs.set(dirs);
    this.firsts.set(firsts);
    this.sizes.set(sizes);
  }

  /** Room for `min` tiles, the tiles held kept. */
  private growTiles(min: number): void {
    const { cells, letters, points, wilds } = this;
    this.allocTiles(roomFor(cells.length, min));
    this.cells.set(cells);
    this.letters.set(letters);
    this.points.set(points);
    this.wilds.set(wilds);
  }

  /** Ties the objects made by `move` to an alphabet and table size (a change drops the shared ones). */
  bind(alphabet: Alphabet, cellCount: number): void {
    if (alphabet !== this.alphabet) {
      this.alphabet = alphabet;
      this.cardIds.clear();
      this.cards.length = 0;
      this.tileCache = [];
    }
    if (cellCount !== this.cellCount) {
      this.cellCount = cellCount;
      this.tileCache = [];
    }
  }

  /** Move i as an object (cards and tiles are shared between moves: treat them as read-only). */
  move(i: number): GeneratedMove {
    const n = this.sizes[i]!;
    const first = this.firsts[i]!;
    const tiles = new Array<Tile>(n);
    for (let j = 0; j < n; j++) {
      const t = first + j;
      tiles[j] = this.tileFor(this.cells[t]!, this.letters[t]!, this.points[t]!, this.wilds[t]!);
    }
    return { score: this.scores[i]!, direction: this.dirs[i] === 0 ? 'across' : 'down', tiles };
  }

  /** Every move as an object. */
  moves(): GeneratedMove[] {
    const out = new Array<GeneratedMove>(this.count);
    for (let i = 0; i < this.count; i++) out[i] = this.move(i);
    return out;
  }

  /** The card of tile t (shared between moves: read-only). */
  cardAt(t: number): Card {
    return this.cards[this.cardId(this.letters[t]!, this.points[t]!, this.wilds[t]!)]!;
  }

  private cardId(letter: number, points: number, wild: number): number {
    const key = (points * 2 + wild) * 65536 + letter;
    let id = this.cardIds.get(key);
    if (id === undefined) {
      const ch = this.alphabet!.char(letter);
      id = this.cards.length;
      this.cards.push(wild ? { char: null, points, meaning: ch } : { char: ch, points });
      this.cardIds.set(key, id);
    }
    return id;
  }

  private tileFor(cell: number, letter: number, points: number, wild: number): Tile {
    const id = this.cardId(letter, points, wild);
    const tk = id * this.cellCount + cell;
    let t = this.tileCache[tk];
    if (t === undefined) {
      t = { cell, card: this.cards[id]! };
      this.tileCache[tk] = t;
    }
    return t;
  }
}

/** The size a list's arrays grow to for `need` entries: doubling, so that lists growing call after call reallocate rarely. */
function roomFor(have: number, need: number): number {
  let n = Math.max(1, have);
  while (n < need) n *= 2;
  return n;
}

/** Copies n items of `from` from index `at` to the start of `to` (one by one when few). */
function copyItems<T extends Float64Array | Int32Array | Uint8Array>(to: T, from: T, at: number, n: number): void {
  if (n <= COPY_BY_ITEM) {
    for (let i = 0; i < n; i++) to[i] = from[at + i]!;
  } else {
    to.set(from.subarray(at, at + n));
  }
}
