// The owner's open word questions of one Cardwords game: unknown words a refused move made,
// and who was refused for each. Pure bookkeeping (no messages, no log): the room logs a
// question before it counts here, and tells the players and the owner. Bounded: at most
// MAX_PENDING_WORDS open words per game, MAX_PENDING_PER_PLAYER from one player.

/** Most unknown words waiting for the owner in one game; later ones are refused but not asked. */
export const MAX_PENDING_WORDS = 256;
/** Most of those one player's refusals may hold (one player cannot fill the owner's list). */
export const MAX_PENDING_PER_PLAYER = 32;

export class WordQuestions {
  /** word -> names of the players refused for it */
  private readonly pending = new Map<string, Set<string>>();

  /** `known(word)`: the word became playable meanwhile (approved in another game or process). */
  constructor(private readonly known: (word: string) => boolean) {}

  has(word: string): boolean {
    return this.pending.has(word);
  }

  /** The players refused for `word`. */
  askers(word: string): string[] {
    return [...(this.pending.get(word) ?? [])];
  }

  /** Records who was refused for which words (the words are in the log already). */
  add(words: readonly string[], player: string): void {
    for (const w of words) {
      const names = this.pending.get(w) ?? new Set<string>();
      names.add(player);
      this.pending.set(w, names);
    }
  }

  /** The owner decided: the word is no longer a question. */
  resolve(word: string): void {
    this.pending.delete(word);
  }

  /** Whether `player` waits for the owner on every one of `words`. */
  waiting(words: readonly string[], player: string): boolean {
    return words.every((w) => this.pending.get(w)?.has(player) === true);
  }

  /** Removes the questions whose words became playable; returns them with their askers (to be told). */
  settleKnown(): Array<[string, string[]]> {
    const out: Array<[string, string[]]> = [];
    for (const [w, names] of [...this.pending]) {
      if (!this.known(w)) continue;
      this.pending.delete(w);
      out.push([w, [...names]]);
    }
    return out;
  }

  /** The words of a refusal that are new questions from `player`, within the caps. */
  fresh(words: readonly string[], player: string): string[] {
    let mine = 0;
    for (const names of this.pending.values()) if (names.has(player)) mine++;
    let total = this.pending.size;
    const out: string[] = [];
    for (const w of words) {
      const names = this.pending.get(w);
      if (names?.has(player) || out.includes(w)) continue;
      if (mine >= MAX_PENDING_PER_PLAYER || (!names && total >= MAX_PENDING_WORDS)) continue;
      out.push(w);
      mine++;
      if (!names) total++;
    }
    return out;
  }

  /** The open questions by word, with their players (words known meanwhile left out). */
  open(): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const [word, names] of this.pending) if (!this.known(word)) out.set(word, [...names]);
    return out;
  }

  /** The open questions by player (words known meanwhile left out). */
  byPlayer(): Map<string, string[]> {
    return byPlayer(this.open());
  }
}

/** Questions by word (word -> the players refused for it) turned into words by player. */
export function byPlayer(byWord: Iterable<readonly [string, readonly string[]]>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [word, names] of byWord) for (const n of names) out.set(n, [...(out.get(n) ?? []), word]);
  return out;
}
