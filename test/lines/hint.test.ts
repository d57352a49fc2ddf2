import { describe, expect, it } from 'vitest';
import { apply, hint, newGame, playGame, randomMove, type LinesState } from '../../core/games/lines/index.js';
import { Rng } from '../../core/random.js';

function position(rows: string[]): LinesState {
  const g = newGame('fixture', { width: rows[0]!.length, height: rows.length });
  if (!g.ok) throw new Error(g.error.message);
  return { ...g.value, board: rows.join('').split('').map((ch) => (ch === '.' ? 0 : Number(ch))) };
}

describe('Lines hint', () => {
  it('completes a line when one move does it, preferring the bigger removal', () => {
    const s = position(['1111.....', '.........', '22.222...', '.........', '........1', '........2']);
    const h = hint(s);
    // Filling (2,2) with colour 2 removes 6 chips (12 points) against 5 for row 0.
    expect(h).toEqual({ from: 5 * 9 + 8, to: 2 * 9 + 2 });
  });

  it('builds towards a line: puts a chip next to others of its colour, away from other colours', () => {
    const s = position(['.........', '.33......', '.........', '.........', '.........', '.........', '.........', '.........', '........3']);
    const h = hint(s)!;
    expect(h.from).toBe(8 * 9 + 8);
    const x = h.to % 9;
    const y = Math.floor(h.to / 9);
    // On row 1, inside a window of 5 with the pair (x in 0..5 but not the pair's own cells).
    expect(y).toBe(1);
    expect([0, 3, 4, 5]).toContain(x);
  });

  it('proposes only legal moves, and none when the game is over', () => {
    const g = newGame('legal');
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    let s = g.value;
    for (let i = 0; i < 200 && !s.over; i++) {
      const h = hint(s);
      expect(h).not.toBeNull();
      const r = apply(s, { type: 'move', ...h! });
      expect(r.ok).toBe(true);
      if (r.ok) s = r.value;
    }
    const over = { ...s, over: true };
    expect(hint(over)).toBeNull();
  });

  it('scores more on average than a random mover (8 seeded games each)', () => {
    let hintTotal = 0;
    let randomTotal = 0;
    for (let i = 0; i < 8; i++) {
      hintTotal += playGame(`avg-${i}`, (s) => hint(s), {}, 3000).score;
      const rng = new Rng([i, 1, 2, 3]);
      randomTotal += playGame(`avg-${i}`, (s) => randomMove(s, rng)).score;
    }
    expect(hintTotal / 8).toBeGreaterThan(randomTotal / 8);
    expect(hintTotal / 8).toBeGreaterThan(100);
  });

  it('the random mover plays legal moves from its own generator', () => {
    const g = newGame('rnd');
    if (!g.ok) throw new Error('no game');
    const a = randomMove(g.value, new Rng([1, 2, 3, 4]));
    const b = randomMove(g.value, new Rng([1, 2, 3, 4]));
    expect(a).toEqual(b);
    expect(apply(g.value, { type: 'move', ...a! }).ok).toBe(true);
  });
});
