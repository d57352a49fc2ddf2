// Letter codes: the canonical characters of a charset numbered 1..K in charset order
// (0 is the GADDAG separator). Words are in canonical characters (the ruleset folded them).

export class Alphabet {
  readonly chars: readonly string[];
  private readonly codes = new Map<string, number>();
  /** Code-unit fast path for single-unit characters. */
  private readonly unit = new Int32Array(65536);
  /** Every canonical character is one UTF-16 code unit. */
  readonly bmpOnly: boolean;

  constructor(chars: readonly string[]) {
    if (chars.length > 65535) throw new RangeError('an alphabet holds at most 65535 characters');
    this.chars = chars;
    let bmp = true;
    chars.forEach((c, i) => {
      this.codes.set(c, i + 1);
      if (c.length === 1) this.unit[c.charCodeAt(0)] = i + 1;
      else bmp = false;
    });
    this.bmpOnly = bmp;
  }

  get size(): number {
    return this.chars.length;
  }

  /** Code of one canonical character, or 0. */
  code(ch: string): number {
    // the code-unit table first: the move search's driver asks for every card of a board
    return ch.length === 1 ? this.unit[ch.charCodeAt(0)]! : (this.codes.get(ch) ?? 0);
  }

  char(code: number): string {
    return this.chars[code - 1] ?? '?';
  }

  /** Letter codes of a canonical word, or null if a character is not in the alphabet. */
  encode(word: string): number[] | null {
    const out: number[] = [];
    if (this.bmpOnly) {
      for (let i = 0; i < word.length; i++) {
        const c = this.unit[word.charCodeAt(i)]!;
        if (c === 0) return null;
        out.push(c);
      }
      return out;
    }
    for (const ch of word) {
      const c = this.codes.get(ch);
      if (c === undefined) return null;
      out.push(c);
    }
    return out;
  }

  decode(codes: ArrayLike<number>): string {
    let s = '';
    for (let i = 0; i < codes.length; i++) s += this.char(codes[i]!);
    return s;
  }

  /** Encodes many words into one flat array (words with unknown characters are skipped). */
  encodeAll(words: readonly string[]): { letters: Uint16Array; offsets: Int32Array; count: number } {
    let total = 0;
    for (const w of words) total += w.length;
    const letters = new Uint16Array(total);
    const offsets = new Int32Array(words.length + 1);
    let pos = 0;
    let count = 0;
    const unit = this.unit;
    outer: for (const w of words) {
      const begin = pos;
      if (this.bmpOnly) {
        for (let i = 0; i < w.length; i++) {
          const c = unit[w.charCodeAt(i)]!;
          if (c === 0) {
            pos = begin;
            continue outer;
          }
          letters[pos++] = c;
        }
      } else {
        for (const ch of w) {
          const c = this.codes.get(ch);
          if (c === undefined) {
            pos = begin;
            continue outer;
          }
          letters[pos++] = c;
        }
      }
      offsets[++count] = pos;
    }
    return { letters: letters.subarray(0, pos), offsets: offsets.subarray(0, count + 1), count };
  }
}
