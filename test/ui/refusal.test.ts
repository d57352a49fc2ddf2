// A refused join in the player's words (media/ui/refusal.ts): the room's codes, the
// matchmaker's raw refusals (a room gone or locked, which named the room's id), a full
// table refusing a watcher, and what is not known shown as it came.
import { describe, expect, it } from 'vitest';
import { sentence, translator } from '../../media/ui/l10n/index.js';
import { da } from '../../media/ui/l10n/da.js';
import { de } from '../../media/ui/l10n/de.js';
import { refusedJoin } from '../../media/ui/refusal.js';
import { illegalMoveText, pileTooSmallText } from '../../media/cardwords/words.js';

// the SDK's ServerError messages, as Colyseus 0.18's matchmaker and our rooms word them
const locked = new Error('room "PKxEhzwp" is locked');
const notFound = new Error('room "PKxEhzwp" not found');
const disposed = new Error('room "PKxEhzwp" has been disposed.');
const full = new Error('table-full: at most 10 players can play at the same time');

describe('a refused join, worded', () => {
  const en = translator('en');
  it('Yatzee (the shared words): a room gone or locked is said without its id; a kept seat is given up only where it cannot come back', () => {
    // not found: gone, or not restored yet by a server just started (a rejoin asks again a while)
    expect(refusedJoin(notFound, en, ['err.'])).toEqual({ text: 'The game is over or does not exist.', gone: true, seatLost: true, missing: true, listed: true });
    expect(refusedJoin(disposed, en, ['err.'])).toEqual({ text: 'The game is over or does not exist.', gone: true, seatLost: true, missing: true, listed: true });
    // locked: over, or every connection taken for now: a kept seat is tried again later
    expect(refusedJoin(locked, en, ['err.'])).toEqual({ text: 'The game takes nobody now: it is over, or every place is taken.', gone: true, seatLost: false, missing: false, listed: true });
    expect(refusedJoin(new Error('game-ended: the game has ended'), en, ['err.'])).toEqual({ text: 'The game has ended.', gone: true, seatLost: true, listed: true });
    // a seat key that no longer matches: the name is another's
    expect(refusedJoin(new Error("name-taken: a player named 'Ann' is already in this game"), en, ['err.'])).toMatchObject({ gone: false, seatLost: true });
    // a robot's name (Robot4 where three robots play) is said as such: it read "That name is taken", nobody had it
    expect(refusedJoin(new Error("name-robot: Robot1..RobotN are the robots' names"), en, ['err.'])).toEqual({ text: 'That name is taken: Robot1, Robot2 and so on are the robots’ names.', gone: false, seatLost: false });
    expect(refusedJoin(new Error("name-robot: Robot1..RobotN are the robots' names"), en, ['cw.err.', 'err.']).text).toBe('that name is taken: Robot1, Robot2 and so on are the robots’ names');
  });

  // `listed`: the join page's note says it too (from the server's list): said once, there
  it('a full table: a seat refused for want of seats, a watcher for want of watcher places', () => {
    expect(refusedJoin(full, en, ['err.'])).toEqual({ text: 'The table is full (10 players).', gone: false, seatLost: false, listed: true });
    expect(refusedJoin(full, en, ['err.'], true)).toEqual({ text: 'Every watcher place of this game is taken.', gone: false, seatLost: false, listed: true });
    expect(refusedJoin(full, en, ['cw.err.', 'err.'])).toEqual({ text: 'every seat is taken: watch instead', gone: false, seatLost: false, listed: true });
    expect(refusedJoin(full, en, ['cw.err.', 'err.'], true)).toEqual({ text: 'every watcher place of this game is taken', gone: false, seatLost: false, listed: true });
  });

  it("Cardwords' own words come first, the shared ones after", () => {
    expect(refusedJoin(locked, en, ['cw.err.', 'err.']).text).toBe('the game takes nobody now: it is over, or every place is taken');
    expect(refusedJoin(new Error('not-owner: only the owner may'), en, ['cw.err.', 'err.']).text).toBe('Only the owner (with the owner link) can do that.');
  });

  it('in Danish and German too', () => {
    expect(refusedJoin(locked, translator('da'), ['err.']).text).toBe('Spillet tager ikke imod nogen nu: Det er slut, eller alle pladser er taget.');
    expect(refusedJoin(notFound, translator('de'), ['cw.err.', 'err.']).text).toBe('Das Spiel ist aus oder existiert nicht');
  });

  it('what it does not know it shows as it came (an unknown code, a network failure)', () => {
    expect(refusedJoin(new Error('some-new-code: details'), en, ['err.'])).toEqual({ text: 'some-new-code: details', gone: false, seatLost: false });
    // the network: the kept seat stays for the next try
    expect(refusedJoin(new Error('Failed to fetch'), en, ['err.'])).toEqual({ text: 'Failed to fetch', gone: false, seatLost: false });
    expect(refusedJoin('plain', en, ['err.'])).toEqual({ text: 'plain', gone: false, seatLost: false });
  });

  // VS Code with its server down: code-server's proxy answered 500 in its place, and the
  // panel said "Could not join: Internal Server Error."
  it('no answer from the server (a 5xx of a proxy in its place, fetch failing) is said so, and a kept seat stays', () => {
    const proxied = Object.assign(new Error('Internal Server Error'), { code: 500 });
    expect(refusedJoin(proxied, en, ['err.'])).toEqual({ text: 'The server does not answer.', gone: false, seatLost: false });
    expect(refusedJoin(Object.assign(new Error('Bad Gateway'), { code: 502 }), en, ['cw.err.', 'err.']).text).toBe('the server does not answer');
    expect(refusedJoin(new TypeError('Failed to fetch'), translator('de'), ['cw.err.', 'err.']).text).toBe('Der Server antwortet nicht');
    expect(refusedJoin(proxied, translator('da'), ['err.']).text).toBe('Serveren svarer ikke.');
    // a refusal of the server itself (4xx with its words) is not this
    expect(refusedJoin(Object.assign(new Error('Not Found'), { code: 404 }), en, ['err.']).text).toBe('Not Found');
  });
});

describe('a move refused by the rules, worded', () => {
  it('each broken rule after the language\'s separator: German starts each as a sentence after the colon', () => {
    const errors = [{ code: 'not-touching' }, { code: 'not-in-line' }];
    const start = () => '';
    expect(illegalMoveText(translator('en'), errors, null, start)).toBe('the move breaks the rules: the move touches no card on the table; the cards are not in one row or one column');
    expect(illegalMoveText(translator('de'), errors, null, start)).toBe('Der Zug verstößt gegen die Regeln: Der Zug berührt keine Karte auf dem Tisch. Die Karten liegen nicht in einer Zeile oder Spalte');
    // Danish too writes a whole sentence after a colon with a capital (Retskrivningsordbogen § 11)
    expect(illegalMoveText(translator('da'), errors, null, start)).toBe('Trækket bryder reglerne: Trækket rører intet kort på bordet. Kortene ligger ikke i én række eller én søjle');
  });

  it('Danish and German refusals start as sentences (they follow "Afvist:" / "Abgelehnt:"); a warning standing alone starts with a capital in every language', () => {
    for (const strings of [da, de]) {
      for (const [key, text] of Object.entries(strings)) {
        if (key.startsWith('cw.err.') && key !== 'cw.err.sep') expect(/^(\{|\p{Lu}|\d)/u.test(text), `${key}: ${text}`).toBe(true);
      }
    }
    expect(sentence(translator('en')('err.pile-too-small.n', 1, 2))).toBe('Only 1 card is in the pile: you cannot trade 2');
    expect(translator('da')('err.pile-too-small.n', 1, 2)).toBe('Der er kun 1 kort i bunken: Du kan ikke bytte 2');
    expect(translator('de')('err.pile-too-small.n', 1, 2)).toBe('Nur 1 Karte liegt im Stapel: Du kannst nicht 2 tauschen');
    // an empty pile is said so (it read "Only 0 cards are in the pile: you cannot trade 1")
    expect(sentence(pileTooSmallText(translator('en'), 0, 1))).toBe('The pile is empty: you cannot trade');
    expect(sentence(pileTooSmallText(translator('da'), 0, 1))).toBe('Bunken er tom: Du kan ikke bytte');
    expect(sentence(pileTooSmallText(translator('de'), 0, 3))).toBe('Der Stapel ist leer: Du kannst nicht tauschen');
    expect(pileTooSmallText(translator('en'), 2, 3)).toBe('only 2 cards are in the pile: you cannot trade 3');
  });
});
