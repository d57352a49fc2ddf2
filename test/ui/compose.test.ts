// The action selection area's keyboard and mouse rules (core/games/cardwords/compose.ts) alone,
// without a browser: locations typed in either order, the direction, cards by letter with
// their points when the letter alone is ambiguous (and the keys typed meanwhile kept),
// wildcards, trades and passes, taking cards back, the hint loaded, the coordinate options.
import { beforeAll, describe, expect, it } from 'vitest';
import { Composer, Coords, DEFAULT_COORDS, letterLabel, type ComposeContext } from '../../core/games/cardwords/compose.js';
import type { Board, Card } from '../../core/games/cardwords/types.js';
import type { Ruleset } from '../../core/ruleset/types.js';
import { loadTestRuleset } from '../game/cardwords-helpers.js';

let ruleset: Ruleset;
beforeAll(async () => {
  ruleset = await loadTestRuleset('samples/tiny');
});

const card = (char: string | null, points: number): Card => ({ char, points });

function context(hand: Card[], board?: Board, coords = new Coords(7, 7)): ComposeContext {
  const W = ruleset.table.width;
  const H = ruleset.table.height;
  return {
    coords,
    table: ruleset.table,
    board: board ?? { width: W, height: H, cells: new Array<Card | null>(W * H).fill(null) },
    hand,
    canonical: (ch) => ruleset.canonical(ch),
  };
}

function typed(c: Composer, keys: string): void {
  for (const k of keys) c.key(k);
}

describe('Coords', () => {
  it('names cells by the player options', () => {
    const c = new Coords(7, 7);
    expect(c.name(3, 0)).toBe('D1');
    expect(c.name(3, 0, 'across')).toBe('1D');
    const d = new Coords(7, 7, { digitsForColumns: true, colsRight: false, rowsUp: true });
    expect(d.colLabel(0)).toBe('7');
    expect(d.rowLabel(0)).toBe('G');
    expect(d.fromLetter('G')).toBe(0);
    expect(d.fromNumber(7)).toBe(0);
    expect(letterLabel(26)).toBe('AA');
    expect(DEFAULT_COORDS.colsRight).toBe(true);
  });
});

describe('Composer keys', () => {
  it('a location typed letter first is a move down; number first across; `/` turns it', () => {
    const c = new Composer(context([card('N', 1), card('S', 1)]));
    typed(c, 'D4');
    expect(c.location).toEqual({ col: 3, row: 3 });
    expect(c.dir).toBe('down');
    expect(c.mode).toBe('cards');
    c.key('Escape');
    typed(c, '4D');
    expect(c.dir).toBe('across');
    c.key('/');
    expect(c.dir).toBe('down');
  });

  it('cards by letter land on the next free cells; the action is a move', () => {
    const c = new Composer(context([card('N', 1), card('S', 1), card('E', 1), card('T', 2)]));
    typed(c, '4DNE');
    const a = c.action();
    expect(a.type).toBe('move');
    expect(a.type === 'move' && a.cards.map((p) => [p.col, p.row, p.card.char])).toEqual([
      [3, 3, 'N'],
      [4, 3, 'E'],
    ]);
  });

  it('refuses a letter not in the hand, and one whose cards are all composed', () => {
    const c = new Composer(context([card('N', 1), card('S', 1)]));
    typed(c, 'D4');
    const r = c.key('B');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.why.key).toBe('cw.key.notInHand');
    c.key('N');
    const again = c.key('N');
    expect(!again.ok && again.why.key).toBe('cw.key.allUsed');
  });

  it('"Which E?": the points tell the cards apart, and a letter typed before them is kept for after', () => {
    const c = new Composer(context([card('N', 2), card('B', 3), card('E', 1), card('E', 0)]));
    typed(c, 'D4');
    const q = c.key('E');
    expect(q.ok && q.note?.key).toBe('cw.key.whichPoints');
    // the next card before the answer: kept, not lost
    const n = c.key('N');
    expect(n.ok).toBe(true);
    expect(c.queued).toEqual(['N']);
    expect(c.cards).toHaveLength(0);
    c.key('0');
    expect(c.cards.map((x) => `${x.card.char}${x.card.points}`)).toEqual(['E0', 'N2']);
    expect(c.queued).toEqual([]);
    expect(c.pending).toBeNull();
  });

  it('a card still asked about (its points, a wildcard\'s letter) is `cardAsked`: the words so far are not checked (NB read "not in the dictionary" under "Which E?")', () => {
    const c = new Composer(context([card('N', 2), card('B', 3), card('E', 1), card('E', 0), card(null, 0), card(null, 1)]));
    typed(c, 'D4NB');
    expect(c.cardAsked).toBe(false);
    c.key('E');
    expect(c.cardAsked).toBe(true);
    c.key('1');
    expect(c.cardAsked).toBe(false);
    // a wildcard: its letter, then its points (two wildcards of different points)
    c.key(' ');
    expect(c.cardAsked).toBe(true);
    c.key('s');
    expect(c.cardAsked).toBe(true);
    c.key('0');
    expect(c.cardAsked).toBe(false);
    expect(c.cards).toHaveLength(4);
  });

  it('the card being chosen shows as typed: "Which T? -1, 1", then `-` shows T- (it showed nothing until the next key)', () => {
    const c = new Composer(context([card('T', 1), card('T', -1), card('S', 1), card(null, 0), card(null, 3)]));
    typed(c, 'D4');
    expect(c.pendingText()).toBe('');
    c.key('T');
    expect(c.pendingText()).toBe('T?');
    c.key('-');
    expect(c.pendingText()).toBe('T-');
    c.key('Backspace');
    // a card typed before the points: kept for after the answer, and shown
    c.key('S');
    expect(c.pendingText()).toBe('T? S');
    c.key('-');
    expect(c.pendingText()).toBe('T- S');
    // the web panel shows the two parts apart (#cw-pending, #cw-queued)
    expect(c.pendingParts()).toEqual({ card: 'T-', queued: 'S' });
    c.key('1');
    expect(c.pendingText()).toBe('');
    expect(c.pendingParts()).toEqual({ card: '', queued: '' });
    expect(c.cards.map((x) => `${x.card.char}${x.card.points}`)).toEqual(['T-1', 'S1']);
    c.key(' ');
    expect(c.pendingText()).toBe('*??');
    c.key('E');
    expect(c.pendingText()).toBe('*E?');
  });

  it('backspace with no card composed edits the location just typed, in either order', () => {
    const c = new Composer(context([card('N', 1), card('S', 1)]));
    typed(c, '4D');
    expect(c.location).toEqual({ col: 3, row: 3 });
    // number first: it said "no card to take back"
    expect(c.key('Backspace')).toEqual({ ok: true });
    expect([c.mode, c.buf]).toEqual(['coord', '4']);
    typed(c, 'B');
    expect(c.location).toEqual({ col: 1, row: 3 });
    expect(c.dir).toBe('across');
    c.key('Escape');
    typed(c, 'D4');
    c.key('Backspace');
    expect([c.mode, c.buf]).toEqual(['coord', 'D']);
    // once a card is composed and taken back, the location stays
    typed(c, '5N');
    c.key('Backspace');
    expect(c.cards).toHaveLength(0);
    expect(c.key('Backspace').ok).toBe(false);
    expect(c.location).toEqual({ col: 3, row: 4 });
  });

  it('backspace that leaves a location still (E13 -> E1) keeps it, in the direction chosen: a card typed next goes there', () => {
    // defect: E1 read "not complete" and the card typed next was refused ("Type a location")
    const c = new Composer(context([card('N', 1), card('S', 1)], undefined, new Coords(15, 15)));
    typed(c, 'E13');
    expect(c.location).toEqual({ col: 4, row: 12 });
    c.key('/');
    const dir = c.dir;
    expect(c.key('Backspace')).toEqual({ ok: true });
    expect(c.mode).toBe('cards');
    expect(c.location).toEqual({ col: 4, row: 0 });
    expect(c.dir).toBe(dir);
    expect(c.key('N').ok).toBe(true);
    expect(c.cards.map((x) => x.card.char)).toEqual(['N']);
    expect(c.location).toEqual({ col: 4, row: 0 });
    // a number goes on extending it, and backspace edits it again
    c.key('Escape');
    typed(c, 'E13');
    c.key('Backspace');
    typed(c, '2');
    expect(c.location).toEqual({ col: 4, row: 11 });
    // number first: 13E -> 13, not a location: the next key goes on with it
    c.key('Escape');
    typed(c, '13E');
    c.key('Backspace');
    expect([c.mode, c.buf, c.location]).toEqual(['coord', '13', null]);
  });

  it('backspace with nothing typed and no location takes nothing back: it stays at the location prompt, not a trade', () => {
    // defect: the area became {--} and the next letters composed a trade the player did not choose
    const c = new Composer(context([card('B', 3), card('T', 1)], undefined, new Coords(15, 15)));
    expect(c.key('Backspace')).toMatchObject({ ok: false, why: { key: 'cw.key.nothingToRemove' } });
    expect([c.mode, c.display()]).toEqual(['coord', '_']);
    // typed and taken back to nothing: the same
    typed(c, 'E13');
    for (let i = 0; i < 3; i++) c.key('Backspace');
    expect([c.mode, c.buf, c.location]).toEqual(['coord', '', null]);
    expect(c.key('Backspace').ok).toBe(false);
    expect(c.display()).toBe('_');
    expect(c.key('B').ok).toBe(true);
    expect(c.cards).toEqual([]);
    // `.` then Backspace goes back to the location as it was (its purpose), and `..` to the trade
    c.key('Escape');
    typed(c, 'E13B.');
    expect(c.key('Backspace')).toEqual({ ok: true });
    expect([c.mode, c.location]).toEqual(['cards', { col: 4, row: 12 }]);
  });

  it('a second letter where a number must come says so (it said the letter did not exist)', () => {
    const c = new Composer(context([card('N', 1)]));
    typed(c, 'E');
    expect(c.key('B')).toEqual({ ok: false, why: { key: 'cw.key.needNumber', args: ['E', 7] } });
    expect(c.key('Z')).toMatchObject({ ok: false, why: { key: 'cw.key.noLetter' } });
    expect(c.buf).toBe('E');
  });

  it('`.` asks for a new location and shows the old one, which Return still plays, until one is typed', () => {
    const c = new Composer(context([card('N', 1), card('S', 1)]));
    expect(c.display()).toBe('_');
    typed(c, '4DN.');
    expect(c.mode).toBe('coord');
    // it showed "_" alone while the cards stayed at 4D
    expect(c.display()).toBe('_ (4D)');
    expect(c.key('Enter').ok).toBe(true);
    expect(c.action()).toMatchObject({ type: 'move' });
    typed(c, '4');
    expect(c.display()).toBe('4_');
    typed(c, 'D');
    expect(c.display()).toBe('4D');
  });

  it('`.` after a trade\'s braces asks for a location and shows the braces, which Return still trades by', () => {
    // defect (an Emacs play test): `4DB...` showed a bare "_" while Return traded the B
    const c = new Composer(context([card('B', 3), card('N', 1)]));
    typed(c, '4DB.');
    expect(c.display()).toBe('_ (4D)');
    typed(c, '.');
    expect([c.mode, c.display()]).toEqual(['cards', '{--}']);
    typed(c, '.');
    expect([c.mode, c.display()]).toEqual(['coord', '_ {--}']);
    expect(c.key('Enter').ok).toBe(true);
    expect(c.action()).toMatchObject({ type: 'trade' });
    // a location typed then takes the cards there again
    typed(c, '4D');
    expect(c.display()).toBe('4D');
    expect(c.action()).toMatchObject({ type: 'move' });
  });

  it('backspace takes a kept letter back first, then the question, then the cards', () => {
    const c = new Composer(context([card('N', 2), card('E', 1), card('E', 0)]));
    typed(c, 'D4NEN');
    expect(c.queued).toEqual(['N']);
    c.key('Backspace');
    expect(c.queued).toEqual([]);
    expect(c.pending?.char).toBe('E');
    c.key('Backspace');
    expect(c.pending).toBeNull();
    expect(c.cards).toHaveLength(1);
    c.key('Backspace');
    expect(c.cards).toHaveLength(0);
    c.key('Escape');
    expect(c.mode).toBe('coord');
  });

  it('a wildcard by space and its meaning; its points asked when two wildcards differ', () => {
    const c = new Composer(context([card(null, 0), card(null, 2), card('S', 1)]));
    typed(c, 'D4 ');
    expect(c.pending).toEqual({ wild: true, char: null, points: '' });
    const q = c.key('A');
    expect(q.ok && q.note?.key).toBe('cw.key.whichWildPoints');
    c.key('2');
    expect(c.cards).toEqual([{ hand: 1, card: card(null, 2), meaning: 'A' }]);
  });

  it('`.` at the start invalidates the location: the cards are traded; no cards is a pass', () => {
    const c = new Composer(context([card('N', 1), card('S', 1)]));
    expect(c.action()).toEqual({ type: 'pass' });
    c.key('.');
    expect(c.braces).toBe(true);
    typed(c, 'NS');
    expect(c.action()).toEqual({ type: 'trade', cards: [card('N', 1), card('S', 1)] });
    expect(c.display().startsWith('{')).toBe(true);
  });

  it('a wildcard clicked for a trade asks no meaning: after the Trade button, or waiting when Trade is pressed', () => {
    const hand = [card('N', 1), card(null, 0), card(null, 0)];
    const c = new Composer(context(hand));
    c.makeTrade();
    expect(c.clickHand(1)).toEqual({ ok: true });
    expect(c.pendingHand).toBeNull();
    expect(c.pending).toBeNull();
    expect(c.clickHand(0)).toEqual({ ok: true });
    expect(c.action()).toEqual({ type: 'trade', cards: [card(null, 0), card('N', 1)] });
    // clicked first: it waits for its meaning, until the Trade button takes it as it is
    const d = new Composer(context(hand));
    expect(d.clickHand(2)).toEqual({ ok: true, note: { key: 'cw.key.wildMeaning', args: [] } });
    d.makeTrade();
    expect(d.pendingHand).toBeNull();
    expect(d.action()).toEqual({ type: 'trade', cards: [card(null, 0)] });
    // for a move, a clicked wildcard still asks what it stands for
    const e = new Composer(context(hand));
    e.setLocation(3, 3);
    expect(e.clickHand(1)).toEqual({ ok: true, note: { key: 'cw.key.wildMeaning', args: [] } });
  });

  it('a wildcard composed for a trade asks its letter once the cards go to the table, and no move leaves without one', () => {
    const hand = [card('N', 1), card(null, 0), card(null, 0)];
    // Trade…, a wildcard and N, then a cell clicked: the cards go to the table, the wildcard asks its letter
    const c = new Composer(context(hand));
    c.makeTrade();
    c.clickHand(1);
    c.clickHand(0);
    expect(c.setLocation(2, 3)).toEqual({ ok: true, note: { key: 'cw.key.wildMeaning', args: [] } });
    expect(c.pendingHand).toBe(1);
    expect(c.placement()!.some((p) => p.card.meaning === '?')).toBe(true); // not yet a move to send
    expect(c.giveMeaning('a')).toEqual({ ok: true });
    expect(c.pendingHand).toBeNull();
    expect(c.action()).toEqual({ type: 'move', cards: [{ col: 2, row: 3, card: { char: null, points: 0, meaning: 'A' } }, { col: 3, row: 3, card: card('N', 1) }] });
    // by keys: `.` (trade), two wildcards clicked, then `.` and a location typed: each asks in turn, a letter key answers
    const d = new Composer(context(hand));
    typed(d, '.');
    expect(d.invalid).toBe(true);
    d.clickHand(2);
    d.clickHand(1);
    typed(d, '.C3');
    expect(d.pendingHand).toBe(2);
    typed(d, 'S');
    expect(d.pendingHand).toBe(1);
    typed(d, 'E');
    expect(d.pendingHand).toBeNull();
    expect(d.cards.map((x) => x.meaning)).toEqual(['S', 'E']);
    expect(d.cards).toHaveLength(2); // the letters named the composed wildcards, they added none
    // taking the waiting wildcard back drops its question
    const e = new Composer(context(hand));
    e.makeTrade();
    e.clickHand(1);
    e.setLocation(0, 0);
    e.removeComposed(0);
    expect(e.pendingHand).toBeNull();
    expect(e.pending).toBeNull();
    // a wildcard asked by space, then Trade…: the question goes (a trade asks no letter)
    const f = new Composer(context(hand));
    typed(f, 'C3 ');
    expect(f.pending).toEqual({ wild: true, char: null, points: '' });
    f.makeTrade();
    expect(f.pending).toBeNull();
  });

  it('a first move that misses the start cell is a trade, and says why', () => {
    const c = new Composer(context([card('N', 1), card('S', 1)]));
    typed(c, 'A2NS');
    expect(c.bracesWhy).toBe('start');
    expect(c.action().type).toBe('trade');
  });
});

describe('Composer and the table changing under it', () => {
  const W = 7;
  const hand = [card('T', 1), card('E', 1), card('N', 1), card('S', 1)];
  const empty = (): Board => ({ width: W, height: W, cells: new Array<Card | null>(W * W).fill(null) });
  const withCard = (col: number, row: number): Board => {
    const b = empty();
    b.cells[row * W + col] = card('A', 1);
    return b;
  };

  it('defect: a move composed whose cells another player took is cleared, said, and Return is refused once (it would trade or lay elsewhere, or pass)', () => {
    // 4B across: T E N on B4 C4 D4
    const c = new Composer(context(hand, withCard(3, 0)));
    typed(c, '4BTEN');
    expect(c.action()).toMatchObject({ type: 'move', cards: [{ col: 1, row: 3 }, { col: 2, row: 3 }, { col: 3, row: 3 }] });
    // another player's card on C4: the cards would go to B4 D4 E4, another move
    expect(c.setContext(context(hand, withCard(2, 3)))).toBe('4B');
    expect(c.cards).toEqual([]);
    expect(c.location).toBeNull();
    // the first Return says why and does nothing (the empty area would pass); the next passes
    expect(c.key('Enter')).toEqual({ ok: false, why: { key: 'cw.displaced', args: ['4B'] } });
    expect(c.key('Enter')).toEqual({ ok: true });
    expect(c.action()).toEqual({ type: 'pass' });
    // composing again: Return acts on it at once
    expect(c.setContext(context(hand, withCard(2, 3)))).toBeNull();
    typed(c, '5BTEN');
    expect(c.key('Enter')).toEqual({ ok: true });
    expect(c.action().type).toBe('move');
  });

  it('cards that no longer fit (pushed off the table) are cleared, not traded', () => {
    // 4E across: T E on E4 F4 (a card on B2: not the first move); cards on F4 and G4 leave E
    // no cell, which was a trade of both
    const c = new Composer(context(hand, withCard(1, 1)));
    typed(c, '4ETE');
    expect(c.action().type).toBe('move');
    const b = withCard(1, 1);
    b.cells[3 * W + 5] = card('S', 1);
    b.cells[3 * W + 6] = card('S', 1);
    expect(c.setContext(context(hand, b))).toBe('4E');
    expect(c.action()).toEqual({ type: 'pass' });
    expect(c.key('Enter')).toEqual({ ok: false, why: { key: 'cw.displaced', args: ['4E'] } });
    expect(c.key('Enter')).toEqual({ ok: true });
  });

  it('defect: Return pressed after ? before the hint came is refused, however often (the area would pass); the hint loaded, Return plays it; composing takes the area back', () => {
    const c = new Composer(context(hand));
    c.hintAsked(true);
    expect(c.awaitingHint).toBe(true);
    expect(c.key('Enter')).toEqual({ ok: false, why: { key: 'cw.hint.coming', args: [] } });
    expect(c.key('Enter')).toEqual({ ok: false, why: { key: 'cw.hint.coming', args: [] } });
    // the hint comes: loaded, Return acts on it at once
    expect(c.load({ type: 'trade', cards: [card('T', 1)] })).toBe(true);
    expect(c.awaitingHint).toBe(false);
    expect(c.key('Enter')).toEqual({ ok: true });
    expect(c.action()).toEqual({ type: 'trade', cards: [{ char: 'T', points: 1 }] });
    // a refused hint request lets Return act
    c.reset();
    c.hintAsked(true);
    c.hintAsked(false);
    expect(c.key('Enter')).toEqual({ ok: true });
    // a move typed meanwhile: the player's again (the hint, when it comes, is only listed)
    c.hintAsked(true);
    typed(c, '4BTEN');
    expect(c.awaitingHint).toBe(false);
    expect(c.key('Enter')).toEqual({ ok: true });
    expect(c.action().type).toBe('move');
    // so is a click, and Escape
    c.hintAsked(true);
    c.setLocation(1, 1);
    expect(c.awaitingHint).toBe(false);
    c.hintAsked(true);
    c.key('Escape');
    expect(c.awaitingHint).toBe(false);
    expect(c.key('Enter')).toEqual({ ok: true });
  });

  it('a change that leaves its cells alone keeps the move; so does the player\'s own move, and a move not composed yet is not touched', () => {
    const c = new Composer(context(hand));
    typed(c, '4BTEN');
    // a card elsewhere: the same cells, the move kept
    expect(c.setContext(context(hand, withCard(5, 5)))).toBeNull();
    expect(c.action()).toMatchObject({ type: 'move', cards: [{ col: 1 }, { col: 2 }, { col: 3 }] });
    // the player's own move (its state before its acknowledgement): nothing said
    expect(c.setContext(context(hand, withCard(2, 3)), false)).toBeNull();
    // a location alone (no card yet) is not a move: nothing cleared
    const d = new Composer(context(hand));
    typed(d, '4B');
    expect(d.setContext(context(hand, withCard(1, 3)))).toBeNull();
    expect(d.location).toEqual({ col: 1, row: 3 });
  });
});

describe('Composer mouse', () => {
  it('a clicked wildcard waits for its meaning; a click on a composed card takes it back', () => {
    const c = new Composer(context([card(null, 0), card('S', 1)]));
    c.setLocation(3, 3);
    const r = c.clickHand(0);
    expect(r.ok && r.note?.key).toBe('cw.key.wildMeaning');
    expect(c.pendingHand).toBe(0);
    // Return waits for the letter (the area, with no card yet, would pass; it said "Which ??")
    expect(c.returnHeld()).toEqual({ ok: false, why: { key: 'cw.key.wildMeaning', args: [] } });
    expect(c.key('Enter')).toEqual({ ok: false, why: { key: 'cw.key.wildMeaning', args: [] } });
    c.giveMeaning('e');
    expect(c.returnHeld()).toBeNull();
    expect(c.cards).toEqual([{ hand: 0, card: card(null, 0), meaning: 'E' }]);
    c.clickHand(1);
    expect(c.cards).toHaveLength(2);
    c.removeComposed(0);
    expect(c.cards.map((x) => x.card.char)).toEqual(['S']);
  });

  it('a hint loads as location, direction and cards; cards that left the hand leave the area', () => {
    const hand = [card('N', 1), card('S', 1), card('E', 1)];
    const c = new Composer(context(hand));
    expect(
      c.load({
        type: 'move',
        cards: [
          { col: 3, row: 3, card: card('N', 1) },
          { col: 3, row: 4, card: card('E', 1) },
        ],
      }),
    ).toBe(true);
    expect(c.location).toEqual({ col: 3, row: 3 });
    expect(c.dir).toBe('down');
    expect(c.cards.map((x) => x.hand)).toEqual([0, 2]);
    // the hand changed (the move was played elsewhere): the composed cards no longer in it go
    c.setContext(context([card('S', 1), card('T', 2)]));
    expect(c.cards).toEqual([]);
    expect(c.load({ type: 'trade', cards: [card('B', 3)] })).toBe(false);
  });
});
