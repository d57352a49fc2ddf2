// The links to a game's pages (core/protocol/game.ts): the lobby's, the web panel's invite
// link and the Emacs bridge's, from a server URL as a client was given it.
import { describe, expect, it } from 'vitest';
import { gamePath, seatFree, webBase, yatzeePlaceFree } from '../../core/protocol/game.js';

describe('links to a game', () => {
  it('gamePath: the join page, or the watch page, the id escaped', () => {
    expect(gamePath('cardwords', 'AB12')).toBe('/cardwords.html?game=AB12');
    expect(gamePath('yatzee', 'AB12', true)).toBe('/yatzee.html?game=AB12&watch=1');
    expect(gamePath('cardwords', 'a&b c')).toBe('/cardwords.html?game=a%26b%20c');
  });

  it('webBase: http for ws, https for wss, the path kept, trailing slashes and the query dropped', () => {
    expect(webBase('http://127.0.0.1:2567')).toBe('http://127.0.0.1:2567');
    expect(webBase('ws://127.0.0.1:2567/')).toBe('http://127.0.0.1:2567');
    expect(webBase('WSS://games.example.org/cardwords//?x=1')).toBe('https://games.example.org/cardwords');
    expect(webBase(' https://[::1]:8080 ')).toBe('https://[::1]:8080');
    // not a URL: left as it is (the client refuses it before any link is made)
    expect(webBase('localhost:2567')).toBe('localhost:2567');
  });

  it('seatFree: before the deal only, a human seat nobody has taken', () => {
    const seat = (name: string, robot = false) => ({ name, robot });
    expect(seatFree({ status: 'waiting', players: [seat('Ann'), seat('')] } as never)).toBe(true);
    expect(seatFree({ status: 'waiting', players: [seat('Ann'), seat('Robot1', true)] } as never)).toBe(false);
    expect(seatFree({ status: 'waiting', players: [seat('Ann'), seat('', true)] } as never)).toBe(false);
    expect(seatFree({ status: 'playing', players: [seat('Ann'), seat('')] } as never)).toBe(false);
  });

  it('yatzeePlaceFree: while the game goes on, fewer than ten players present (a left sheet frees its place)', () => {
    const sheets = (present: number, gone = 0) => [...Array(present).fill({ present: true }), ...Array(gone).fill({ present: false })];
    expect(yatzeePlaceFree({ status: 'playing', players: sheets(1) } as never)).toBe(true);
    expect(yatzeePlaceFree({ status: 'playing', players: sheets(9, 3) } as never)).toBe(true);
    expect(yatzeePlaceFree({ status: 'playing', players: sheets(10) } as never)).toBe(false);
    expect(yatzeePlaceFree({ status: 'ended', players: sheets(1) } as never)).toBe(false);
  });
});
