// What a client knows of the server's dictionary, for the move preview: the words the server
// said it has or lacks (the room's `check`), and which to ask next. One request at a time,
// and only the latest preview's words: typing a word letter by letter makes a new word at
// each key, and asking at each one spent the room's message rate (20 a second), which then
// dropped the player's own actions. The caller sends after a pause in the typing.

/** The most words one `check` may carry (server/game/cardwords-room.ts refuses more). */
export const CHECK_MAX_WORDS = 32;

export class WordChecks {
  private readonly answers = new Map<string, boolean>();
  private inFlight = false;
  private wanted: string[] = [];

  /** Whether the dictionary has `word`: undefined until the server has said. */
  known(word: string): boolean | undefined {
    return this.answers.get(word);
  }

  /** The preview's words now: those not known yet are asked next (an earlier wish is dropped). */
  want(words: readonly string[]): void {
    this.wanted = [...new Set(words)].filter((w) => !this.answers.has(w)).slice(0, CHECK_MAX_WORDS);
  }

  /** The words to send now, or null: nothing new, or a request still unanswered. */
  next(): string[] | null {
    if (this.inFlight || this.wanted.length === 0) return null;
    const ask = this.wanted;
    this.wanted = [];
    this.inFlight = true;
    return ask;
  }

  /** The server's answer (`checked`): `words` asked, `unknown` those it lacks. */
  answered(words: readonly string[], unknown: readonly string[]): void {
    for (const w of words) this.answers.set(w, !unknown.includes(w));
    this.inFlight = false;
  }

  /** A check refused (the rate limit): nothing learned, the next may go. */
  failed(): void {
    this.inFlight = false;
  }

  /** The owner approved (true) or rejected (false) a word. */
  decided(word: string, approved: boolean): void {
    this.answers.set(word, approved);
  }

  /** Words wished for and not sent yet. */
  get pending(): boolean {
    return this.wanted.length > 0;
  }
}
