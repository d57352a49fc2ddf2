// The original's action selection area as a pure state machine (docs/rules.md#coordinates;
// the original README's "Composing moves, trades and passes with the action selection area"): a card-table
// location typed as a letter and a number in either order (the coordinate typed first is the
// one every card of the move shares, so the order fixes the direction), `.` to type a new
// location or, typed again, to invalidate it (a trade), `/` to turn the direction, cards by
// their character (a wildcard by space then its meaning), their points typed after when the
// character alone does not tell the hand's cards apart, backspace to take the last card
// back, Return to finish. The web panel (media/cardwords/panel.tsx) and the Emacs bridge
// (server/bridge/cardwords.ts) feed it keys and mouse actions and draw what it holds; it knows
// no DOM, so the rules of the keyboard are testable alone.
import { Coordinates, letters } from '../../coordinates.js';
import type { CardTable } from '../../formats/types.js';
import { meetsStart } from '../../formats/cardtable.js';
import type { CardwordsCardState, CardwordsPlacedState, CardwordsRoomState } from '../../protocol/game.js';
import { checkMove, type MoveCheck } from './rules.js';
import { passScore, tradeScore } from './scoring.js';
import type { CardwordsRules } from './setup.js';
import type { Board, Card, PlacedCard } from './types.js';

export type Dir = 'across' | 'down';

/** The player's coordinate options (the seed's "Use digits for the columns", ...). */
export interface CoordOptions {
  /** Digits name the columns and letters the rows (default: letters for columns). */
  digitsForColumns: boolean;
  /** The leftmost column has the least index (default true). */
  colsRight: boolean;
  /** The bottom row has the least index (default false: row 1 / A is the top row). */
  rowsUp: boolean;
}

export const DEFAULT_COORDS: CoordOptions = { digitsForColumns: false, colsRight: true, rowsUp: false };

/** Letters A..Z, then AA, AB, ... for a letter axis longer than 26 (core/coordinates.ts). */
export const letterLabel = letters;

/**
 * Cell names and the typed location's parts under the player's options: the names come
 * from core/coordinates.ts (one home with the preview, hover and inlay hints); this adds
 * what the keyboard rules need (which axis is lettered, which direction a typed order gives).
 */
export class Coords {
  private readonly names: Coordinates;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly o: CoordOptions = DEFAULT_COORDS,
  ) {
    this.names = new Coordinates(width, height, { digitsForColumns: o.digitsForColumns, columnsGrowRightwards: o.colsRight, rowsGrowUpwards: o.rowsUp });
  }

  colLabel(col: number): string {
    return this.names.columnLabel(col);
  }

  rowLabel(row: number): string {
    return this.names.rowLabel(row);
  }

  /** The axis the letters name. */
  get letterAxis(): 'col' | 'row' {
    return this.names.letterAxis === 'column' ? 'col' : 'row';
  }

  /** How many labels the letter / number axis has. */
  get letters(): number {
    return this.names.letterCount;
  }
  get numbers(): number {
    return this.names.numberCount;
  }

  /** The column or row a letter label names, or null. */
  fromLetter(label: string): number | null {
    return this.names.fromLetter(label);
  }

  /** The column or row a 1-based number names, or null. */
  fromNumber(n: number): number | null {
    return this.names.fromNumber(n);
  }

  /** A cell's name, the shared coordinate of a move in `dir` first ("C5" down, "5C" across). */
  name(col: number, row: number, dir: Dir = 'down'): string {
    return this.names.moveName(col, row, dir);
  }

  /** The direction a coordinate typed with the letter first (or the number first) gives. */
  dirFor(letterFirst: boolean): Dir {
    // the first coordinate is shared by every card: a shared column is a move down
    const first = letterFirst ? this.letterAxis : this.letterAxis === 'col' ? 'row' : 'col';
    return first === 'col' ? 'down' : 'across';
  }

  /** Whether the letter comes first when writing a location for a move in `dir`. */
  letterFirst(dir: Dir): boolean {
    return (dir === 'down') === (this.letterAxis === 'col');
  }
}

export interface ComposedCard {
  /** Index of the card in the hand. */
  hand: number;
  card: Card;
  /** A wildcard's meaning. */
  meaning?: string;
}

/** A refusal of a key or a click: a string key of the UI (l10n) and its arguments. */
export interface Refusal {
  key: string;
  args: Array<string | number>;
}

export type ComposeResult = { ok: true; note?: Refusal } | { ok: false; why: Refusal };

export type ComposedAction =
  | { type: 'move'; cards: PlacedCard[] }
  | { type: 'trade'; cards: Card[] }
  | { type: 'pass' };

export interface ComposeContext {
  coords: Coords;
  table: CardTable;
  board: Board;
  hand: readonly Card[];
  /** Folds a typed character to the charset's canonical one, or undefined. */
  canonical(ch: string): string | undefined;
}

const ok: ComposeResult = { ok: true };
/** A wildcard waits for the letter it stands for. */
const askWildMeaning: ComposeResult = { ok: true, note: { key: 'cw.key.wildMeaning', args: [] } };
const no = (key: string, ...args: Array<string | number>): ComposeResult => ({ ok: false, why: { key, args } });

export class Composer {
  /** 'coord': expecting a card-table location; 'cards': card input mode. */
  mode: 'coord' | 'cards' = 'coord';
  /** The location typed so far in coordinate mode. */
  buf = '';
  location: { col: number; row: number } | null = null;
  dir: Dir = 'across';
  cards: ComposedCard[] = [];
  /** A card being specified: a wildcard waiting for its meaning, or points being typed. */
  pending: { wild: boolean; char: string | null; points: string } | null = null;
  /** Keys typed while a card's points were asked for ("Which E?"): played after the answer, so none is lost. */
  queued: string[] = [];
  /** The location text just typed, in either order: Backspace edits it while no card is composed. */
  private typed: string | null = null;
  /** Set by `.` typed twice (or the Trade button): the location is invalid, a trade. */
  invalid = false;
  /** The location of a move setContext cleared, until the next key: Return then is refused once (it would pass). */
  private cleared: string | null = null;
  /** A hint asked for, not come yet (`hintAsked`): Return waits for it. */
  private hintComing = false;

  constructor(private ctx: ComposeContext) {
    this.reset();
  }

  /**
   * The latest table and hand. A move composed whose cells the table's change took (another
   * player's move, say, while this one was typed waiting for the turn) would, at the next
   * Return, lay its cards elsewhere (the free cells on from its location) or, when they no
   * longer fit, trade them: it is cleared instead, and its location's name returned for the
   * player to be told; null otherwise, and when the change is the player's own move
   * (`byOther` false: its state can come before its acknowledgement, which clears the area).
   */
  setContext(ctx: ComposeContext, byOther = true): string | null {
    const before = this.placement();
    const loc = before && this.location ? this.ctx.coords.name(this.location.col, this.location.row, this.dir) : null;
    this.ctx = ctx;
    // cards that left the hand leave the composing area
    const used = new Set<number>();
    this.cards = this.cards.filter((c) => {
      const h = ctx.hand[c.hand];
      const same = h && h.char === c.card.char && h.points === c.card.points && !used.has(c.hand);
      if (same) used.add(c.hand);
      return same;
    });
    if (loc === null || !byOther || this.cards.length !== before!.length) return null;
    const after = this.placement();
    if (after && after.every((p, k) => p.col === before![k]!.col && p.row === before![k]!.row)) return null;
    this.reset();
    this.cleared = loc;
    return loc;
  }

  /**
   * Why Return must not act now, or null (a question: nothing changes; the previews say it
   * instead of what Return would do). The area would pass or act on what the player did not
   * mean:
   * - right after setContext cleared a move (the area is empty; the player pressed Return for
   *   the move they had composed): refused once, saying why;
   * - while a hint asked for has not come (`?` then Return, however often: the area is still
   *   the player's, often empty, and would pass): refused until the hint is loaded, its
   *   request fails, or the player takes the area back (a key, a click, Escape).
   */
  returnHeld(): ComposeResult | null {
    if (this.cleared !== null) return no('cw.displaced', this.cleared);
    if (this.hintComing) return no('cw.hint.coming');
    // a location half typed, a card's points still asked
    if (this.mode === 'coord') return this.buf === '' ? null : no('cw.key.coordIncomplete', this.buf);
    const p = this.pending;
    if (p?.wild && p.char === null) return no('cw.key.wildMeaning');
    if (p) return no(p.wild ? 'cw.key.whichWildPoints' : 'cw.key.whichPoints', p.char ?? '?', this.pointsOf(this.candidates(p.wild ? null : p.char)).join(', '));
    return null;
  }

  /**
   * A card is still asked about (its points, a wildcard's letter or points): the move's words
   * so far are not the ones it will make (`f3` `bt`, "Which T?", showed "BA: not in the
   * dictionary" in red), so the previews neither ask the dictionary about them nor warn.
   */
  get cardAsked(): boolean {
    return this.pending !== null;
  }

  /** A hint was asked for (true) or its request failed (false): Return waits for it meanwhile (`returnHeld`). */
  hintAsked(on: boolean): void {
    this.hintComing = on;
  }

  /**
   * Whether the hint asked for goes into the area when it comes: not once the player has
   * composed since (a key, a click, Escape): what they typed is kept, the hint only listed.
   */
  get awaitingHint(): boolean {
    return this.hintComing;
  }

  /** A key or click composes again: Return acts on the area, not on a move setContext cleared, nor waits for a hint. */
  private composing(): void {
    this.cleared = null;
    this.hintComing = false;
  }

  /** Back to the start of a turn: expecting a location, nothing composed. */
  reset(): void {
    this.cleared = null;
    this.hintComing = false;
    this.mode = 'coord';
    this.buf = '';
    this.location = null;
    this.invalid = false;
    this.cards = [];
    this.pending = null;
    this.pendingHand = null;
    this.typed = null;
    this.queued = [];
  }

  private usedHand(): Set<number> {
    return new Set(this.cards.map((c) => c.hand));
  }

  /** Hand indices not composed yet whose card matches (a wildcard when char is null). */
  private candidates(char: string | null): number[] {
    const used = this.usedHand();
    const out: number[] = [];
    this.ctx.hand.forEach((c, i) => {
      if (!used.has(i) && c.char === char) out.push(i);
    });
    return out;
  }

  /** The distinct points of the candidates, ascending. */
  private pointsOf(idx: number[]): number[] {
    return [...new Set(idx.map((i) => this.ctx.hand[i]!.points))].sort((a, b) => a - b);
  }

  private addCard(handIndex: number, meaning?: string): void {
    const card = this.ctx.hand[handIndex]!;
    this.cards.push(meaning === undefined ? { hand: handIndex, card } : { hand: handIndex, card, meaning });
    this.pending = null;
    this.typed = null;
  }

  // ---------------------------------------------------------------- keys

  /** One key as the seed describes (`key` is KeyboardEvent.key). */
  key(key: string): ComposeResult {
    if (key === 'Enter') {
      const held = this.returnHeld();
      // a move another's move cleared is said once: the next Return acts on the area
      this.cleared = null;
      return held ?? ok;
    }
    this.composing();
    if (key === 'Escape') {
      this.reset();
      return ok;
    }
    if (key === '/') {
      this.dir = this.dir === 'across' ? 'down' : 'across';
      return ok;
    }
    if (this.mode === 'coord') return this.coordKey(key);
    return this.cardKey(key);
  }

  private coordKey(key: string): ComposeResult {
    const { coords } = this.ctx;
    if (key === 'Backspace') {
      if (this.buf === '') {
        // nothing typed, no location before: nothing to take back (card input with no
        // location read as a trade, {--}, and the next letters composed one)
        if (!this.location && !this.invalid && this.cards.length === 0) return no('cw.key.nothingToRemove');
        // back to card input mode with the location as it was
        this.mode = 'cards';
        return ok;
      }
      this.buf = this.buf.slice(0, -1);
      return ok;
    }
    if (key === '.') {
      // a second `.`: the location is invalid (a trade, or a pass without cards)
      this.buf = '';
      this.location = null;
      this.invalid = true;
      this.mode = 'cards';
      return ok;
    }
    if (/^[0-9]$/.test(key)) {
      const m = /^([A-Za-z]+)?(\d*)$/.exec(this.buf + key);
      if (!m) return no('cw.key.coord');
      const letters = m[1];
      const n = Number(m[2]);
      if (n === 0 || coords.fromNumber(n) === null) return no('cw.key.noNumber', m[2]!, coords.numbers);
      this.buf += key;
      if (letters) {
        // letter first: the location is complete; more digits may still extend the number
        return this.fix(letters, n, true);
      }
      return ok;
    }
    if (/^[A-Za-z]$/.test(key)) {
      const m = /^(\d+)?([A-Za-z]*)$/.exec(this.buf + key);
      if (!m) return no('cw.key.coord');
      const digits = m[1];
      const letters = m[2]!;
      if (!digits) {
        // letters first (more than one only for long axes)
        if (!this.letterPrefix(letters)) {
          // E then B: B is a letter of the table, but after E a number must come
          if (this.buf !== '' && coords.fromLetter(this.buf) !== null && this.letterPrefix(key)) return no('cw.key.needNumber', this.buf, coords.numbers);
          return no('cw.key.noLetter', key.toUpperCase(), letterLabelRange(coords));
        }
        this.buf += key.toUpperCase();
        return ok;
      }
      if (!this.letterPrefix(letters)) return no('cw.key.noLetter', letters.toUpperCase(), letterLabelRange(coords));
      this.buf += key.toUpperCase();
      if (coords.fromLetter(letters) !== null && !this.letterLonger(letters)) return this.fix(letters, Number(digits), false);
      return ok;
    }
    if (key.length === 1) return no('cw.key.coord');
    return ok;
  }

  /** `buf` as the location its keys make complete (coordKey's rule), or null: `E1`, `4D`; not `E`, nor `1A` where AA.. labels exist. */
  private completeLocation(buf: string): { letters: string; n: number; letterFirst: boolean } | null {
    const { coords } = this.ctx;
    const first = /^([A-Z]+)(\d+)$/.exec(buf);
    if (first && coords.fromLetter(first[1]!) !== null && coords.fromNumber(Number(first[2])) !== null) return { letters: first[1]!, n: Number(first[2]), letterFirst: true };
    const second = /^(\d+)([A-Z]+)$/.exec(buf);
    if (second && coords.fromNumber(Number(second[1])) !== null && coords.fromLetter(second[2]!) !== null && !this.letterLonger(second[2]!)) return { letters: second[2]!, n: Number(second[1]), letterFirst: false };
    return null;
  }

  /** Whether some letter label starts with these letters. */
  private letterPrefix(letters: string): boolean {
    const l = letters.toUpperCase();
    for (let k = 0; k < this.ctx.coords.letters; k++) if (letterLabel(k).startsWith(l)) return true;
    return false;
  }

  /** Whether a longer letter label also starts with these letters (AA.. after A). */
  private letterLonger(letters: string): boolean {
    const l = letters.toUpperCase();
    for (let k = 0; k < this.ctx.coords.letters; k++) {
      const s = letterLabel(k);
      if (s.length > l.length && s.startsWith(l)) return true;
    }
    return false;
  }

  /** A complete location: the first coordinate typed is the shared one. */
  private fix(letters: string, n: number, letterFirst: boolean): ComposeResult {
    const { coords } = this.ctx;
    const a = coords.fromLetter(letters)!;
    const b = coords.fromNumber(n)!;
    const col = coords.letterAxis === 'col' ? a : b;
    const row = coords.letterAxis === 'col' ? b : a;
    this.location = { col, row };
    this.invalid = false;
    this.dir = coords.dirFor(letterFirst);
    this.mode = 'cards';
    this.typed = this.buf;
    this.buf = '';
    return this.askMeaning();
  }

  /** The composed wildcard (its index in `cards`) that goes to the table without a meaning (composed for a trade), or -1. */
  private meaningless(): number {
    if (!this.location || this.invalid) return -1;
    return this.cards.findIndex((c) => c.card.char === null && c.meaning === undefined);
  }

  /**
   * Once the cards go to the table (a location after a trade was composed), a wildcard composed
   * for the trade without a meaning waits for one, as a wildcard just clicked does.
   */
  private askMeaning(): ComposeResult {
    const k = this.meaningless();
    if (k < 0) return ok;
    return this.askWild(this.cards[k]!.hand);
  }

  /** A wildcard waits for its letter: the hand card `hand` (a click), or the next one typed. */
  private askWild(hand?: number): ComposeResult {
    this.pending = { wild: true, char: null, points: '' };
    if (hand !== undefined) this.pendingHand = hand;
    return askWildMeaning;
  }

  /** Gives the meaning to the composed wildcard waiting for one, and asks for the next one's; null when none waits. */
  private meanComposed(meaning: string): ComposeResult | null {
    const k = this.meaningless();
    if (k < 0) return null;
    this.cards[k] = { ...this.cards[k]!, meaning };
    this.pending = null;
    this.pendingHand = null;
    return this.askMeaning();
  }

  private cardKey(key: string): ComposeResult {
    const p = this.pending;
    if (key === 'Backspace') {
      if (this.queued.length > 0) {
        this.queued.pop();
        return ok;
      }
      if (p) {
        if (p.points !== '') p.points = p.points.slice(0, -1);
        else this.pending = null;
        return ok;
      }
      if (this.cards.length > 0) {
        this.cards.pop();
        return ok;
      }
      if (this.typed !== null) {
        // no card yet: edit the location just typed (8M -> 8, A12 -> A1); what is left counts
        // when it is a location still (E13 -> E1: it read "not complete", and a card typed
        // next was refused), in the direction chosen
        this.buf = this.typed.slice(0, -1);
        this.location = null;
        this.typed = null;
        this.mode = 'coord';
        const left = this.completeLocation(this.buf);
        if (left) {
          const dir = this.dir;
          this.fix(left.letters, left.n, left.letterFirst);
          this.dir = dir;
        }
        return ok;
      }
      return no('cw.key.nothingToRemove');
    }
    // points typed to tell cards apart
    if (p && (p.char !== null || !p.wild) && /^[-0-9]$/.test(key)) return this.pointsKey(key);
    // a digit right after a location typed letter first: the number goes on (A1 -> A12)
    const extend = this.typed !== null && /^[A-Z]/.test(this.typed) ? this.typed : null;
    if (!p && extend !== null && this.cards.length === 0 && /^[0-9]$/.test(key)) {
      const m = /^([A-Z]+)(\d+)$/.exec(extend + key)!;
      if (this.ctx.coords.fromNumber(Number(m[2])) === null) return no('cw.key.noNumber', m[2]!, this.ctx.coords.numbers);
      this.buf = extend + key;
      return this.fix(m[1]!, Number(m[2]), true);
    }
    // a pending card whose typed points already name one: take it before this key
    if (p && p.points !== '') {
      const done = this.finishPending();
      if (!done.ok) return done;
    } else if (p && !(p.wild && p.char === null) && key.length === 1 && key !== '.') {
      // the next card typed before the points: kept for after the answer
      this.queued.push(key);
      return { ok: true, note: { key: p.wild ? 'cw.key.whichWildPoints' : 'cw.key.whichPoints', args: [p.char ?? '?', this.pointsOf(this.candidates(p.wild ? null : p.char)).join(', ')] } };
    }
    if (key === '.') {
      this.pending = null;
      this.mode = 'coord';
      this.buf = '';
      return ok;
    }
    if (key === ' ') {
      if (this.candidates(null).length === 0) return no('cw.key.noWildcard');
      return this.askWild();
    }
    if (key.length !== 1 && [...key].length !== 1) return ok;
    const ch = this.ctx.canonical(key) ?? this.ctx.canonical(key.toUpperCase()) ?? this.ctx.canonical(key.toLowerCase());
    if (ch === undefined) return no('cw.key.notChar', key);
    if (this.pending?.wild && this.pending.char === null) return this.chooseWild(ch);
    const idx = this.candidates(ch);
    if (idx.length === 0) return no(this.ctx.hand.some((c) => c.char === ch) ? 'cw.key.allUsed' : 'cw.key.notInHand', ch);
    const pts = this.pointsOf(idx);
    if (pts.length === 1) {
      this.addCard(idx[0]!);
      return ok;
    }
    this.pending = { wild: false, char: ch, points: '' };
    return { ok: true, note: { key: 'cw.key.whichPoints', args: [ch, pts.join(', ')] } };
  }

  private chooseWild(meaning: string): ComposeResult {
    const composed = this.meanComposed(meaning);
    if (composed) return composed;
    const idx = this.candidates(null);
    const pts = this.pointsOf(idx);
    if (pts.length === 1) {
      this.addCard(idx[0]!, meaning);
      return ok;
    }
    this.pending = { wild: true, char: meaning, points: '' };
    return { ok: true, note: { key: 'cw.key.whichWildPoints', args: [meaning, pts.join(', ')] } };
  }

  private pointsKey(key: string): ComposeResult {
    const p = this.pending!;
    const idx = this.candidates(p.wild ? null : p.char);
    const pts = this.pointsOf(idx).map(String);
    const typed = p.points + key;
    const matching = pts.filter((s) => s.startsWith(typed));
    if (matching.length === 0) return no(p.wild ? 'cw.key.whichWildPoints' : 'cw.key.whichPoints', p.char ?? '?', pts.join(', '));
    p.points = typed;
    if (matching.length === 1 && matching[0] === typed) {
      const done = this.finishPending();
      return done.ok ? this.replayQueued() : done;
    }
    return ok;
  }

  /** The keys typed while the points were asked for, now that the card is taken. */
  private replayQueued(): ComposeResult {
    const keys = this.queued;
    this.queued = [];
    let last: ComposeResult = ok;
    for (let k = 0; k < keys.length; k++) {
      last = this.cardKey(keys[k]!);
      // another question: the keys after it wait for its answer in turn
      if (this.pending && this.pending.points === '' && !(this.pending.wild && this.pending.char === null)) {
        this.queued.push(...keys.slice(k + 1));
        break;
      }
      if (!last.ok) break;
    }
    return last;
  }

  /** Takes the pending card when its typed points name exactly one value. */
  private finishPending(): ComposeResult {
    const p = this.pending!;
    const idx = this.candidates(p.wild ? null : p.char);
    const i = idx.find((k) => String(this.ctx.hand[k]!.points) === p.points);
    if (i === undefined) return no(p.wild ? 'cw.key.whichWildPoints' : 'cw.key.whichPoints', p.char ?? '?', this.pointsOf(idx).join(', '));
    this.addCard(i, p.wild ? p.char! : undefined);
    return ok;
  }

  // ---------------------------------------------------------------- mouse

  /** A click on a card-table cell: the location (the direction stays). */
  setLocation(col: number, row: number): ComposeResult {
    this.composing();
    this.location = { col, row };
    this.invalid = false;
    this.mode = 'cards';
    this.buf = '';
    this.typed = null;
    return this.askMeaning();
  }

  /**
   * A click on a hand card; a wildcard then waits for its meaning (`meaning`, or a key),
   * except in a trade (the Trade button, `.` twice), where a card stands for nothing.
   */
  clickHand(i: number, meaning?: string): ComposeResult {
    this.composing();
    const card = this.ctx.hand[i];
    if (!card) return no('cw.key.nothingToRemove');
    if (this.usedHand().has(i)) return no('cw.key.allUsed', card.char ?? ' ');
    if (this.mode === 'coord') this.mode = 'cards';
    if (card.char === null) {
      if (meaning === undefined && !this.invalid) return this.askWild(i);
      this.addCard(i, meaning);
      return ok;
    }
    this.addCard(i);
    return ok;
  }

  /** The hand card a click chose for a wildcard waiting for its meaning. */
  pendingHand: number | null = null;

  /** The meaning for a clicked wildcard (a key or the meaning buttons). */
  giveMeaning(ch: string): ComposeResult {
    this.composing();
    const m = this.ctx.canonical(ch) ?? this.ctx.canonical(ch.toUpperCase());
    if (m === undefined) return no('cw.key.notChar', ch);
    const composed = this.meanComposed(m);
    if (composed) return composed;
    if (this.pendingHand !== null && this.ctx.hand[this.pendingHand]?.char === null && !this.usedHand().has(this.pendingHand)) {
      this.addCard(this.pendingHand, m);
      this.pendingHand = null;
      return ok;
    }
    this.pendingHand = null;
    return this.chooseWild(m);
  }

  /** A click on a composed card takes it back (and the question of its meaning, if it was asked). */
  removeComposed(k: number): void {
    this.composing();
    const [gone] = this.cards.splice(k, 1);
    if (gone && gone.hand === this.pendingHand) {
      this.pendingHand = null;
      this.pending = null;
      this.askMeaning();
    }
  }

  /**
   * Invalidates the location: the cards composed are traded (the Trade button). A clicked
   * wildcard still waiting for its meaning goes with them: a traded card needs none.
   */
  makeTrade(): void {
    this.composing();
    const waiting = this.pendingHand;
    if (waiting !== null && this.ctx.hand[waiting]?.char === null && !this.usedHand().has(waiting)) this.addCard(waiting);
    this.pendingHand = null;
    // a wildcard asked for by the keyboard (space) still waits for its letter: a trade asks none
    if (this.pending?.wild && this.pending.char === null) this.pending = null;
    this.location = null;
    this.invalid = true;
    this.mode = 'cards';
    this.buf = '';
    this.typed = null;
  }

  /**
   * A hand card dropped on a cell: with nothing composed (or no location) the cell becomes
   * the location; else the card must land on the next free cell of the move, or beside a
   * single composed card (which then fixes the direction).
   */
  dropOn(i: number, col: number, row: number, meaning?: string): ComposeResult {
    this.composing();
    const placed = this.placement();
    if (this.cards.length === 0 || !this.location || !placed) {
      this.setLocation(col, row);
      return this.clickHand(i, meaning);
    }
    for (const dir of [this.dir, this.dir === 'across' ? 'down' : 'across'] as const) {
      if (dir !== this.dir && this.cards.length > 1) continue;
      const next = this.nextFree(placed, dir);
      if (next && next.col === col && next.row === row) {
        this.dir = dir;
        return this.clickHand(i, meaning);
      }
    }
    return no('cw.drop.notNext');
  }

  private nextFree(placed: PlacedCard[], dir: Dir): { col: number; row: number } | null {
    const start = this.location!;
    const cells = this.walk(start, dir, placed.length + 1);
    return cells ? cells[cells.length - 1]! : null;
  }

  // ---------------------------------------------------------------- the result

  /** `n` free cells from `from` along `dir`, skipping cards on the table; null when they do not fit. */
  private walk(from: { col: number; row: number }, dir: Dir, n: number): Array<{ col: number; row: number }> | null {
    const { board, table } = this.ctx;
    const out: Array<{ col: number; row: number }> = [];
    let { col, row } = from;
    while (out.length < n) {
      if (col >= board.width || row >= board.height) return null;
      const c = row * board.width + col;
      if (table.cells[c]?.blocked) return null;
      if (!board.cells[c]) out.push({ col, row });
      if (dir === 'across') col++;
      else row++;
    }
    return out;
  }

  /** Where the composed cards land, or null (no location, or they do not fit). */
  placement(): PlacedCard[] | null {
    if (!this.location || this.invalid || this.cards.length === 0) return null;
    const cells = this.walk(this.location, this.dir, this.cards.length);
    if (!cells) return null;
    return this.cards.map((c, k) => ({
      col: cells[k]!.col,
      row: cells[k]!.row,
      card: c.card.char === null ? { char: null, points: c.card.points, meaning: c.meaning ?? '?' } : { char: c.card.char, points: c.card.points },
    }));
  }

  /** Whether the first move from here misses the start condition (the seed: then it is a trade). */
  private missesStart(placed: PlacedCard[]): boolean {
    const { board, table } = this.ctx;
    if (board.cells.some((c) => c !== null)) return false;
    return !placed.some((p) => meetsStart(table.start, p.col, p.row));
  }

  /** Braces around the location: Return trades the cards (or passes without cards). */
  get braces(): boolean {
    if (this.cards.length === 0 || !this.location || this.invalid) return true;
    const placed = this.placement();
    return placed === null || this.missesStart(placed);
  }

  /** Why the location has braces although cards and a location are there (for the explanation). */
  get bracesWhy(): 'fit' | 'start' | null {
    if (this.cards.length === 0 || !this.location || this.invalid) return null;
    const placed = this.placement();
    if (!placed) return 'fit';
    return this.missesStart(placed) ? 'start' : null;
  }

  /** What Return does now. */
  action(): ComposedAction {
    if (this.braces) {
      if (this.cards.length === 0) return { type: 'pass' };
      return { type: 'trade', cards: this.cards.map((c) => ({ char: c.card.char, points: c.card.points })) };
    }
    return { type: 'move', cards: this.placement()! };
  }

  /** Sets the composition to an action (the robot's hint): location, direction, cards. */
  load(a: { type: 'move'; cards: readonly PlacedCard[] } | { type: 'trade'; cards: readonly Card[] } | { type: 'pass' }): boolean {
    this.composing(); // the hint came (or another action is loaded): Return plays it
    const hand = this.ctx.hand;
    const used = new Set<number>();
    const pick = (card: Card): number => {
      const i = hand.findIndex((h, k) => !used.has(k) && h.char === card.char && h.points === card.points);
      if (i >= 0) used.add(i);
      return i;
    };
    this.reset();
    if (a.type === 'pass') {
      this.makeTrade();
      return true;
    }
    if (a.type === 'trade') {
      this.makeTrade();
      for (const c of a.cards) {
        const i = pick({ char: c.char, points: c.points });
        if (i < 0) return false;
        this.cards.push({ hand: i, card: hand[i]! });
      }
      return true;
    }
    const cards = a.cards.slice().sort((x, y) => x.row - y.row || x.col - y.col);
    const first = cards[0];
    if (!first) return false;
    this.setLocation(first.col, first.row);
    this.dir = cards.every((c) => c.row === first.row) && cards.length > 1 ? 'across' : cards.length > 1 ? 'down' : this.singleDir(first);
    for (const p of cards) {
      const i = pick({ char: p.card.char, points: p.card.points });
      if (i < 0) return false;
      this.cards.push(p.card.char === null ? { hand: i, card: hand[i]!, meaning: p.card.meaning ?? '?' } : { hand: i, card: hand[i]! });
    }
    return true;
  }

  /** A single card's direction: along the word it extends. */
  private singleDir(p: { col: number; row: number }): Dir {
    const { board } = this.ctx;
    const at = (c: number, r: number) => c >= 0 && r >= 0 && c < board.width && r < board.height && board.cells[r * board.width + c] !== null;
    return at(p.col - 1, p.row) || at(p.col + 1, p.row) ? 'across' : 'down';
  }

  /**
   * The card being chosen as typed so far, '' when none: its character and the points typed
   * (`T-` after `t -` while T -1 and T 1 are in the hand, `T?` before a digit), a wildcard
   * with a star (`*E?`, `*??` before its meaning); then the keys kept for after the answer.
   */
  pendingText(): string {
    const { card, queued } = this.pendingParts();
    return card && queued ? `${card} ${queued}` : card;
  }

  /**
   * The two parts of pendingText() apart, for a display that shows them apart (the web
   * panel's pending card and the keys kept after it): the card ('' when none) and the keys
   * kept ('' when none).
   */
  pendingParts(): { card: string; queued: string } {
    const p = this.pending;
    return { card: p ? `${p.wild ? `*${p.char ?? '?'}` : (p.char ?? '')}${p.points || '?'}` : '', queued: this.queued.join('') };
  }

  /** The location display: the shared coordinate first, in braces when Return trades or passes. */
  display(): string {
    const { coords } = this.ctx;
    const loc = this.location ? coords.name(this.location.col, this.location.row, this.dir) : '--';
    if (this.mode === 'coord') {
      // asked for a new location (`.`) with none typed yet: the old one still counts (Return
      // plays there), so it is shown beside the prompt; so do the braces of a trade (`..`
      // then `.`: Return still trades, where a bare `_` read as "type a location")
      if (this.buf === '' && this.location && !this.invalid) return `_ (${loc})`;
      if (this.buf === '' && this.invalid) return `_ {${loc}}`;
      return `${this.buf}_`;
    }
    return this.braces ? `{${loc}}` : loc;
  }
}

function letterLabelRange(c: Coords): string {
  return `A-${letterLabel(c.letters - 1)}`;
}

/** A card as the room sends it ('' for a wildcard) as the rules take it (null). */
export const cardOfState = (c: CardwordsCardState): Card => ({ char: c.char === '' ? null : c.char, points: c.points });

/**
 * The composer's context from the room's state: the table's cards, the hand of `seat` (none
 * for -1, a watcher) and the cell names under the player's options. One place for the web
 * panel and the Emacs bridge.
 */
export function composeContext(s: CardwordsRoomState, rules: CardwordsRules, seat: number, options: CoordOptions): ComposeContext {
  const { width: W, height: H } = rules.table;
  const cells = new Array<Card | null>(W * H).fill(null);
  for (const p of s.board) cells[p.row * W + p.col] = p.char === '' ? { char: null, points: p.points, meaning: p.meaning } : { char: p.char, points: p.points };
  return {
    coords: new Coords(W, H, options),
    table: rules.table,
    board: { width: W, height: H, cells },
    hand: seat >= 0 ? (s.players[seat]?.hand ?? []).map(cardOfState) : [],
    canonical: (ch: string) => rules.canonical(ch),
  };
}

/** A table's cards as the room's state lists them (a wildcard: char '' with its meaning): composeContext's board back. */
export function boardState(board: Board): CardwordsPlacedState[] {
  return board.cells.flatMap((c, i) => (c ? [{ col: i % board.width, row: Math.floor(i / board.width), char: c.char ?? '', points: c.points, meaning: c.meaning ?? '' }] : []));
}

/** What Return would do and score (the live preview): a pass's or trade's score, or the move checked (words not looked up). */
export type ActionPreview = { type: 'pass'; score: number } | { type: 'trade'; cards: number; score: number } | { type: 'move'; cards: readonly PlacedCard[]; check: MoveCheck };

export function previewAction(rules: CardwordsRules, ctx: Pick<ComposeContext, 'board' | 'hand'>, a: ComposedAction): ActionPreview {
  if (a.type === 'pass') return { type: 'pass', score: passScore(rules.bonus) };
  if (a.type === 'trade') return { type: 'trade', cards: a.cards.length, score: tradeScore(rules.bonus, a.cards.length) };
  return { type: 'move', cards: a.cards, check: checkMove(rules, ctx.board, ctx.hand, a.cards, () => true) };
}
