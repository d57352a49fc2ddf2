// What a client knows of the server's dictionary, for the move preview: the words the server
// said it has or lacks (the room's `check`), and which to ask next. One request at a time,
// and only the latest preview's words: typing a word letter by letter makes a new word at
// each key, and asking at each one spent the room's message rate (20 a second), which then
// dropped the player's own actions. With `send` and `later` (the caller's timer: core keeps
// no time) it sends by itself, CHECK_PAUSE_MS after a wish, one request at a time.

import type { WordAsk } from '../../protocol/messages.js';

/** The most words one `check` may carry (server/game/cardwords-room.ts refuses more). */
export const CHECK_MAX_WORDS = 32;

/** The pause after the preview changes before its words are asked (the web panel's, Emacs's). */
export const CHECK_PAUSE_MS = 250;

/** How a client sends: `send` a `check` (false: it cannot now, nothing is sent); `later` runs a function after `ms`. */
export interface CheckSender {
  send(words: string[]): boolean;
  later(fn: () => void, ms: number): void;
}

/** A preview's words the dictionary lacks: see `WordChecks.lacking`. */
export interface Lacking {
  unknown: string[];
  rejected: string[];
  /** Of the others, those the owner has been asked about and not decided yet. */
  asked: string[];
  ask: WordAsk;
}

export class WordChecks {
  private readonly answers = new Map<string, boolean>();
  /** Of the words the dictionary lacks, those the owner rejected in this game. */
  private readonly rejectedWords = new Set<string>();
  /** Of the words the dictionary lacks, those the owner has been asked about (a refusal, or the server's answer). */
  private readonly askedWords = new Set<string>();
  /** How playing unknown words asks the owner, as the server last said. */
  private ask: WordAsk = 'now';
  private inFlight = false;
  private wanted: string[] = [];
  private timed = false;

  constructor(private readonly sender?: CheckSender) {}

  /** Whether the dictionary has `word`: undefined until the server has said. */
  known(word: string): boolean | undefined {
    return this.answers.get(word);
  }

  /**
   * Of `words`, those the server lacks, each once: `rejected` those the owner rejected,
   * `asked` those the owner has been asked about, `unknown` the others (playing them asks the
   * owner, as `ask` says).
   */
  lacking(words: readonly string[]): Lacking {
    const lacked = [...new Set(words.filter((w) => this.answers.get(w) === false))];
    const open = lacked.filter((w) => !this.rejectedWords.has(w));
    return { unknown: open.filter((w) => !this.askedWords.has(w)), rejected: lacked.filter((w) => this.rejectedWords.has(w)), asked: open.filter((w) => this.askedWords.has(w)), ask: this.ask };
  }

  /** The preview's words now: those not known yet are asked next (an earlier wish is dropped). */
  want(words: readonly string[]): void {
    this.wanted = [...new Set(words)].filter((w) => !this.answers.has(w)).slice(0, CHECK_MAX_WORDS);
    this.kick();
  }

  /** With a sender: the next request, after the pause, unless one is timed or unanswered. */
  private kick(): void {
    const sender = this.sender;
    if (!sender || this.timed || this.inFlight || this.wanted.length === 0) return;
    this.timed = true;
    sender.later(() => {
      this.timed = false;
      const ask = this.next();
      if (ask && !sender.send(ask)) this.inFlight = false;
    }, CHECK_PAUSE_MS);
  }

  /** The words to send now, or null: nothing new, or a request still unanswered. */
  next(): string[] | null {
    if (this.inFlight || this.wanted.length === 0) return null;
    const ask = this.wanted;
    this.wanted = [];
    this.inFlight = true;
    return ask;
  }

  /** The server's answer (`checked`): `words` asked, `unknown` those it lacks, `rejected` those of them the owner rejected, `ask` how the owner would be asked, `asked` those the owner has been asked about. */
  answered(words: readonly string[], unknown: readonly string[], rejected: readonly string[] = [], ask: WordAsk = 'now', asked: readonly string[] = []): void {
    this.ask = ask;
    for (const w of words) {
      this.answers.set(w, !unknown.includes(w));
      if (rejected.includes(w)) this.rejectedWords.add(w);
      else this.rejectedWords.delete(w);
      if (asked.includes(w)) this.askedWords.add(w);
      else this.askedWords.delete(w);
    }
    this.inFlight = false;
    this.kick();
  }

  /** A check refused (the rate limit): nothing learned, the next may go. */
  failed(): void {
    this.inFlight = false;
    this.kick();
  }

  /** A refusal said the owner has been asked about `words` (the preview says so from now on). */
  askedAbout(words: readonly string[]): void {
    for (const w of words) {
      this.answers.set(w, false);
      this.askedWords.add(w);
    }
  }

  /** The owner approved (true) or rejected (false) a word. */
  decided(word: string, approved: boolean): void {
    this.askedWords.delete(word);
    this.answers.set(word, approved);
    if (approved) this.rejectedWords.delete(word);
    else this.rejectedWords.add(word);
  }

  /** Words wished for and not sent yet. */
  get pending(): boolean {
    return this.wanted.length > 0;
  }
}
