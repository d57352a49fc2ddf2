// The one seeded random generator of every game engine: sfc32 (PractRand-clean, tiny
// state). Its state is four uint32s, so a game state can carry it as plain data and a game
// is its seed plus its actions (docs/architecture.md#engines-and-randomness: replay, persistence, tests).

export type RngState = readonly [number, number, number, number];

/** Mixes a string or number seed into a full 128-bit state (splitmix32 over the seed's hash). */
export function seedState(seed: number | string): RngState {
  let h = 0x811c9dc5;
  const s = String(seed);
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  const out: number[] = [];
  for (let i = 0; i < 4; i++) {
    h = (h + 0x9e3779b9) >>> 0;
    let z = h;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    out.push((z ^ (z >>> 16)) >>> 0);
  }
  const rng = new Rng(out as unknown as RngState);
  for (let i = 0; i < 12; i++) rng.nextUint32(); // let the state diffuse
  return rng.state;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(state: RngState) {
    [this.a, this.b, this.c, this.d] = state;
  }

  static fromSeed(seed: number | string): Rng {
    return new Rng(seedState(seed));
  }

  /** The current state, to store back into a game state. */
  get state(): RngState {
    return [this.a, this.b, this.c, this.d];
  }

  nextUint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** An unbiased integer in [0, n), for 1 <= n <= 2^32 (rejection sampling). */
  int(n: number): number {
    if (!(n >= 1 && n <= 4294967296 && Number.isInteger(n))) throw new RangeError(`Rng.int: bad bound ${n}`);
    const limit = 4294967296 - (4294967296 % n);
    let x: number;
    do x = this.nextUint32();
    while (x >= limit);
    return x % n;
  }

  /** Fisher-Yates in place; returns the array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = items[i]!;
      items[i] = items[j]!;
      items[j] = t;
    }
    return items;
  }
}
