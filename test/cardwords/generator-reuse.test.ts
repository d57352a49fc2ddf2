// The shared generator keeps its cross-sets between calls and updates them only around the
// cells that changed: along played games (moves laid one after another, and the board taken
// back to an earlier state), its moves equal those of a fresh generator that computes
// everything; and a caller's MoveList is not touched by later calls on other lists.
import { describe, expect, it } from 'vitest';
import { generateInto, generateMoves, MoveGenerator, MoveList, moveKey } from '../../core/robots/cardwords/generate.js';
import { Rng } from '../../core/random.js';
import { robotGame, sample } from './games.js';

const keys = (list: MoveList) => {
  const out: string[] = [];
  for (let i = 0; i < list.count; i++) {
    const m = list.move(i);
    out.push(`${moveKey(m)}=${m.score}`);
  }
  return out.sort();
};

describe('generator reuse', () => {
  it('incrementally updated cross-sets give the moves of a fresh generator along games and jumps back', async () => {
    const english = await sample('samples/english');
    const ctx = { table: english.rules.table, bonus: english.rules.bonus, store: english.store };
    const rng = Rng.fromSeed('reuse');
    const shared = new MoveList();
    let compared = 0;
    for (const seed of ['reuse-a', 'reuse-b']) {
      const { states } = robotGame(english, seed, ['good', 'good'], true);
      // in order, then in a random order (several cells change at once, cards are taken away)
      const order = [...states.keys(), ...rng.shuffle([...states.keys()]).slice(0, 12)];
      for (const k of order) {
        const s = states[k]!;
        const hand = s.players[s.turn]!.hand;
        generateInto(ctx, s.board, hand, shared);
        const fresh = new MoveList();
        new MoveGenerator().generate(ctx, s.board, hand, { mode: 'all' }, fresh);
        expect(keys(shared), `${seed} state ${k}`).toEqual(keys(fresh));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(30);
  });

  it('a MoveList keeps its moves while the shared generator works on another board', async () => {
    const english = await sample('samples/english');
    const ctx = { table: english.rules.table, bonus: english.rules.bonus, store: english.store };
    const { states } = robotGame(english, 'reuse-c', ['best', 'best'], true);
    const s = states[4]!;
    const hand = s.players[s.turn]!.hand;
    const before = generateMoves(ctx, s.board, hand).map(moveKey).sort();
    const list = new MoveList();
    generateInto(ctx, s.board, hand, list);
    // the list stays valid while the shared generator works on another board
    const other = generateMoves(ctx, states[8]!.board, states[8]!.players[states[8]!.turn]!.hand);
    expect(other.length).toBeGreaterThan(0);
    expect(keys(list).map((k) => k.split('=')[0]!).sort()).toEqual(before);
  });
});
