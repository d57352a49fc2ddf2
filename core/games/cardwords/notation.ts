// The text notation of cards, moves and whole games (docs/cardwords.md, "Notation").
//   card      `[A 6]`  `[E -1]`  `[  0]` (wildcard)  `[ E-2]` (wildcard played as E worth -2)
//   cell      `col,row`, 0-based as in the card-table file
//   move      `move 7,7 [C 3] 8,7 [A 1] 9,7 [ T0]`
//   trade     `trade [Q 10] [  0]`
//   pass      `pass`
//   record    a header (`cardwords-record 1`, `ruleset "name" digest`, `seed "..."`, one
//             `player "..."` line per seat in turn order), then one `seat: action` line per
//             action (seats from 1); `#` starts a comment line; blank lines are ignored.
import type { CardwordsAction, CardwordsRecord } from './actions.js';
import { formatCard, type Card, type PlacedCard } from './types.js';

export type NotationErrorCode =
  | 'card/syntax'
  | 'card/unknown-char'
  | 'card/meaning-on-card'
  | 'move/syntax'
  | 'cell/syntax'
  | 'action/unknown'
  | 'action/syntax'
  | 'record/syntax'
  | 'record/header'
  | 'record/seat';

export class NotationError extends Error {
  constructor(
    readonly code: NotationErrorCode,
    message: string,
    /** 1-based line of a record, when the error is in one. */
    readonly line?: number,
  ) {
    super(message);
  }
}

// formatCard lives with the card model (types.ts), so that the engine and the validator
// need not import the notation; it is re-exported here, where readers look for it.
export { formatCard };

export function formatCards(cards: readonly Card[]): string {
  return cards.map(formatCard).join(' ');
}

/** Folds one written character to canonical; undefined if it is not in the charset. */
export type Fold = (ch: string) => string | undefined;

const CARD = /\[(.)(.)(-?\d+)\]/uy;

/** Parses one card at `text[pos]`; returns it and the position after it. */
function cardAt(text: string, pos: number, fold: Fold): { card: Card; end: number } {
  CARD.lastIndex = pos;
  const m = CARD.exec(text);
  if (!m) {
    const shown = text.slice(pos, pos + 12);
    throw new NotationError('card/syntax', `expected a card such as [A 6], [  0] or [ E-2] at '${shown}'`);
  }
  const [, x, y, num] = m as unknown as [string, string, string, string];
  const points = Number(num);
  if (!Number.isSafeInteger(points)) throw new NotationError('card/syntax', `card points out of range in ${m[0]}`);
  if (x === ' ') {
    if (y === ' ') return { card: { char: null, points }, end: CARD.lastIndex };
    const meaning = fold(y);
    if (meaning === undefined) throw new NotationError('card/unknown-char', `the wildcard meaning '${y}' in ${m[0]} is not in the charset`);
    return { card: { char: null, points, meaning }, end: CARD.lastIndex };
  }
  if (y !== ' ') throw new NotationError('card/meaning-on-card', `${m[0]}: only a wildcard has a meaning; a card is written [${x} ${num}]`);
  const char = fold(x);
  if (char === undefined) throw new NotationError('card/unknown-char', `the card character '${x}' in ${m[0]} is not in the charset`);
  return { card: { char, points }, end: CARD.lastIndex };
}

/** Parses one card, the whole text. */
export function parseCard(text: string, fold: Fold): Card {
  const t = text.trim();
  const { card, end } = cardAt(t, 0, fold);
  if (end !== t.length) throw new NotationError('card/syntax', `unexpected text after the card: '${t.slice(end)}'`);
  return card;
}

/** Parses cards separated by white space or by nothing (`[E -1][K 19]`). */
export function parseCards(text: string, fold: Fold): Card[] {
  const out: Card[] = [];
  let pos = 0;
  for (;;) {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++;
    if (pos >= text.length) return out;
    const { card, end } = cardAt(text, pos, fold);
    out.push(card);
    pos = end;
  }
}

export function parseCell(text: string): { col: number; row: number } {
  const m = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(text);
  if (!m) throw new NotationError('cell/syntax', `expected a cell 'col,row' (0-based), not '${text}'`);
  return { col: Number(m[1]), row: Number(m[2]) };
}

export function formatPlacement(cards: readonly PlacedCard[]): string {
  return cards.map((p) => `${p.col},${p.row} ${formatCard(p.card)}`).join(' ');
}

/** Parses `c,r [X n] c,r [X n] ...` (the cards of a move). */
export function parsePlacement(text: string, fold: Fold): PlacedCard[] {
  const out: PlacedCard[] = [];
  let pos = 0;
  const cell = /\s*(\d+)\s*,\s*(\d+)\s*/y;
  for (;;) {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++;
    if (pos >= text.length) break;
    cell.lastIndex = pos;
    const m = cell.exec(text);
    if (!m) throw new NotationError('move/syntax', `expected a cell 'col,row' at '${text.slice(pos, pos + 12)}'`);
    const { card, end } = cardAt(text, cell.lastIndex, fold);
    out.push({ col: Number(m[1]), row: Number(m[2]), card });
    pos = end;
  }
  if (out.length === 0) throw new NotationError('move/syntax', 'a move lays at least one card');
  return out;
}

export function formatAction(action: CardwordsAction): string {
  switch (action.type) {
    case 'move':
      return `move ${formatPlacement(action.cards)}`;
    case 'trade':
      return `trade ${formatCards(action.cards)}`;
    case 'pass':
      return 'pass';
  }
}

/** Parses `move c,r [X n] ...`, `trade [X n] ...` or `pass` into an action of seat `player`. */
export function parseAction(text: string, fold: Fold, player: number): CardwordsAction {
  const t = text.trim();
  const m = /^(\S+)(?:\s+([\s\S]*))?$/.exec(t);
  const verb = m?.[1] ?? '';
  const rest = m?.[2] ?? '';
  switch (verb) {
    case 'move':
      return { type: 'move', player, cards: parsePlacement(rest, fold) };
    case 'trade': {
      const cards = parseCards(rest, fold);
      if (cards.length === 0) throw new NotationError('action/syntax', 'a trade names at least one card: trade [Q 10] [  0]');
      for (const c of cards) if (c.meaning !== undefined) throw new NotationError('action/syntax', `a traded wildcard has no meaning: write [  ${c.points}], not ${formatCard(c)}`);
      return { type: 'trade', player, cards };
    }
    case 'pass':
      if (rest.trim() !== '') throw new NotationError('action/syntax', `unexpected text after pass: '${rest.trim()}'`);
      return { type: 'pass', player };
    default:
      throw new NotationError('action/unknown', t === '' ? 'an empty action: expected move, trade or pass' : `unknown action '${verb}': expected move, trade or pass`);
  }
}

export const RECORD_VERSION = 1;

/**
 * The text of a game record. `comments[i]`, when given, is written as a `#` line after
 * action i (e.g. the score it made); comments are ignored when parsing.
 */
export function formatRecord(record: CardwordsRecord, comments: ReadonlyArray<string | undefined> = []): string {
  const lines = [
    `cardwords-record ${RECORD_VERSION}`,
    `ruleset ${JSON.stringify(record.ruleset.name)} ${record.ruleset.digest}`,
    `seed ${JSON.stringify(record.seed)}`,
    ...record.players.map((p) => `player ${JSON.stringify(p)}`),
  ];
  record.actions.forEach((a, i) => {
    lines.push(`${a.player + 1}: ${formatAction(a)}`);
    const c = comments[i];
    if (c !== undefined) lines.push(...c.split('\n').map((l) => `# ${l}`));
  });
  return `${lines.join('\n')}\n`;
}

const QUOTED = /^"(?:[^"\\]|\\.)*"/;

/** Reads a JSON string at the start of `text`; returns it and the rest, or null. */
function quoted(text: string): { value: string; rest: string } | null {
  const m = QUOTED.exec(text);
  if (!m) return null;
  try {
    return { value: JSON.parse(m[0]) as string, rest: text.slice(m[0].length) };
  } catch {
    return null;
  }
}

/** Parses a game record's text; every problem is a NotationError with its line. */
export function parseRecord(text: string, fold: Fold): CardwordsRecord {
  let version = false;
  let ruleset: { name: string; digest: string } | null = null;
  let seed: string | null = null;
  const players: string[] = [];
  const actions: CardwordsAction[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    const err = (code: NotationErrorCode, message: string) => new NotationError(code, `line ${n}: ${message}`, n);
    if (!version) {
      const m = /^cardwords-record\s+(\d+)$/.exec(line);
      if (!m) throw err('record/header', `a game record starts with 'cardwords-record ${RECORD_VERSION}'`);
      if (Number(m[1]) !== RECORD_VERSION) throw err('record/header', `record version ${m[1]}; this program reads version ${RECORD_VERSION}`);
      version = true;
      continue;
    }
    const word = /^[a-z-]+/.exec(line)?.[0];
    if (word === 'ruleset' || word === 'seed' || word === 'player') {
      if (actions.length) throw err('record/header', `the '${word}' line belongs before the actions`);
      const q = quoted(line.slice(word.length).trimStart());
      if (!q) throw err('record/syntax', `expected ${word} "..." (a quoted string)`);
      const rest = q.rest.trim();
      if (word === 'ruleset') {
        if (ruleset) throw err('record/header', 'a second ruleset line');
        if (!/^[0-9a-f]{16}$/.test(rest)) throw err('record/syntax', 'expected ruleset "name" followed by its 16-digit digest');
        ruleset = { name: q.value, digest: rest };
      } else {
        if (rest !== '') throw err('record/syntax', `unexpected text after the ${word}: '${rest}'`);
        if (word === 'seed') {
          if (seed !== null) throw err('record/header', 'a second seed line');
          seed = q.value;
        } else players.push(q.value);
      }
      continue;
    }
    const m = /^(\d+)\s*:\s*([\s\S]*)$/.exec(line);
    if (!m) throw err('record/syntax', `expected an action line 'seat: move|trade|pass ...' or a header line, not '${line.slice(0, 30)}'`);
    if (!ruleset || seed === null || players.length === 0) throw err('record/header', 'the header (ruleset, seed, players) must come before the actions');
    const seat = Number(m[1]);
    if (!(seat >= 1 && seat <= players.length)) throw err('record/seat', `seat ${m[1]}: the players are numbered 1..${players.length}`);
    try {
      actions.push(parseAction(m[2]!, fold, seat - 1));
    } catch (e) {
      if (e instanceof NotationError) throw err(e.code, e.message);
      throw e;
    }
  }
  if (!version) throw new NotationError('record/header', `an empty record: it starts with 'cardwords-record ${RECORD_VERSION}'`, 1);
  if (!ruleset) throw new NotationError('record/header', 'the record names no ruleset');
  if (seed === null) throw new NotationError('record/header', 'the record has no seed');
  if (players.length === 0) throw new NotationError('record/header', 'the record names no player');
  return { ruleset, seed, players, actions };
}
