// Per-player views (docs/rules.md#cardwords-watchers: watchers never see a hand): a player's view holds their own
// hand and no other; a watcher's holds none; the pile's order, the generator and the seed
// are in no view. Checked structurally on states of seeded robot games (fast-check).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardwordsState } from '../../core/games/cardwords/engine.js';
import type { Card } from '../../core/games/cardwords/types.js';
import { viewOf } from '../../core/games/cardwords/view.js';
import { Rng } from '../../core/random.js';
import type { RobotLevel } from '../../core/robots/cardwords/robot.js';
import { robotGame, sample, type Loaded } from './games.js';

const LEVELS: RobotLevel[] = ['best', 'good', 'casual'];
const VIEW_KEYS = ['actions', 'board', 'end', 'game', 'hand', 'idle', 'last', 'over', 'pile', 'players', 'ruleset', 'turn', 'viewer'];

let tiny: Loaded;
const games = new Map<string, CardwordsState[]>();
beforeAll(async () => {
  tiny = await sample('samples/tiny');
});

/** A state of a seeded robot game: game (seed, players) at action k (clamped). */
function stateAt(seed: number, players: number, k: number): CardwordsState {
  const key = `${seed}/${players}`;
  let states = games.get(key);
  if (!states) {
    states = robotGame(tiny, `secret-seed-${seed}`, Array.from({ length: players }, (_, i) => LEVELS[(seed + i) % 3]!), true).states;
    games.set(key, states);
  }
  return states[Math.min(k, states.length - 1)]!;
}

/** Every path in the view at which an object that looks like a card sits. */
function cardPaths(x: unknown, path: string[] = [], out: string[] = []): string[] {
  if (typeof x !== 'object' || x === null) return out;
  if ('points' in x && 'char' in x) out.push(path.join('.'));
  for (const [k, v] of Object.entries(x)) cardPaths(v, [...path, k], out);
  return out;
}

/** The same game with the hidden parts changed: other hands and the pile exchange cards, another generator state. */
function reshuffleHidden(s: CardwordsState, viewer: number | null, rng: Rng): CardwordsState {
  const hidden: Card[] = [...s.pile];
  s.players.forEach((p, i) => i !== viewer && hidden.push(...p.hand));
  rng.shuffle(hidden);
  let at = 0;
  const take = (n: number) => hidden.slice(at, (at += n));
  const players = s.players.map((p, i) => (i === viewer ? p : { ...p, hand: take(p.hand.length) }));
  return { ...s, players, pile: take(s.pile.length), rng: [rng.nextUint32(), 1, 2, 3], seed: 'another seed' };
}

const arbGame = fc.record({ seed: fc.integer({ min: 0, max: 40 }), players: fc.integer({ min: 1, max: 4 }), k: fc.nat(80), mix: fc.nat() });

describe('views', () => {
  it('have a fixed shape: the scores and card counts of all, the own hand only', () => {
    fc.assert(
      fc.property(arbGame, ({ seed, players, k }) => {
        const s = stateAt(seed, players, k);
        for (const viewer of [null, ...s.players.keys()]) {
          const v = viewOf(s, viewer);
          expect(Object.keys(v).sort()).toEqual(VIEW_KEYS);
          expect(v.viewer).toBe(viewer);
          expect(v.pile).toBe(s.pile.length);
          v.players.forEach((p, i) => {
            expect(Object.keys(p).sort()).toEqual(['cards', 'name', 'score']);
            expect(p).toEqual({ name: s.players[i]!.name, score: s.players[i]!.score, cards: s.players[i]!.hand.length });
          });
          expect(v.hand).toEqual(viewer === null ? null : s.players[viewer]!.hand);
          expect(v.board).toEqual(s.board);
          // cards sit only on the table, in the own hand and in the last move's laid cards
          for (const p of cardPaths(v)) expect(p).toMatch(viewer === null ? /^(board\.cells\.\d+|last\.laid\.\d+\.card)$/ : /^(board\.cells\.\d+|hand\.\d+|last\.laid\.\d+\.card)$/);
          const json = JSON.stringify(v);
          expect(json).not.toContain('secret-seed');
          expect(json).not.toContain('"rng"');
        }
      }),
      { numRuns: 150 },
    );
  });

  it('do not change when the hidden parts change (other hands, the pile and its order, the generator)', () => {
    fc.assert(
      fc.property(arbGame, ({ seed, players, k, mix }) => {
        const s = stateAt(seed, players, k);
        const rng = new Rng([mix, 7, 11, 13]);
        for (const viewer of [null, ...s.players.keys()]) {
          const other = reshuffleHidden(s, viewer, rng);
          expect(viewOf(other, viewer)).toEqual(viewOf(s, viewer));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('are copies: changing a view leaves the state alone', () => {
    const s = stateAt(3, 2, 10);
    const before = structuredClone(s);
    const v = viewOf(s, 0) as unknown as { hand: Card[]; board: { cells: Array<Card | null> } };
    v.hand[0]!.points = 999;
    v.board.cells.fill(null);
    expect(s).toEqual(before);
    expect(() => viewOf(s, 2)).toThrow(RangeError);
  });
});
