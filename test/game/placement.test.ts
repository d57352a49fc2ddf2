// New rooms across processes (server/game/placement.ts): a burst of creations between two
// publications of the room counts still spreads evenly.
import { describe, expect, it } from 'vitest';
import { Placement, STALE_MS } from '../../server/game/placement.js';

describe('placement of new rooms', () => {
  it('spreads a burst over two processes although the other process count is stale', () => {
    let now = 0;
    const p = new Placement(() => now);
    let mine = 0;
    const placed = { A: 0, B: 0 };
    for (let i = 0; i < 100; i++) {
      // B published 10 rooms once; A's own count is exact
      const id = p.choose([{ processId: 'A', roomCount: mine }, { processId: 'B', roomCount: 10 }], 'A') as 'A' | 'B';
      placed[id]++;
      if (id === 'A') mine++;
      now += 5;
    }
    // 110 rooms in all, 55 each: B has its 10 and gets 45 of the burst
    expect(placed).toEqual({ A: 55, B: 45 });
  });

  it('forgets what it sent once the other process has published since', () => {
    let now = 0;
    const p = new Placement(() => now);
    expect(p.choose([{ processId: 'A', roomCount: 3 }, { processId: 'B', roomCount: 2 }], 'A')).toBe('B');
    // B's published count has not changed yet: the room sent there counts, a tie stays here
    expect(p.choose([{ processId: 'A', roomCount: 3 }, { processId: 'B', roomCount: 2 }], 'A')).toBe('A');
    now += STALE_MS;
    // B published 3: no double count
    expect(p.choose([{ processId: 'A', roomCount: 4 }, { processId: 'B', roomCount: 3 }], 'A')).toBe('B');
  });

  it('counts its own rooms still being created (its count grows only when a creation ends)', () => {
    let now = 0;
    const p = new Placement(() => now);
    const placed = { A: 0, B: 0 };
    // a burst of 10 at A while every creation is still running: A's own count stays 0
    for (let i = 0; i < 10; i++) {
      placed[p.choose([{ processId: 'A', roomCount: 0 }, { processId: 'B', roomCount: 0 }], 'A') as 'A' | 'B']++;
      now += 10;
    }
    expect(placed).toEqual({ A: 5, B: 5 });
    // A's 5 are created (count 5), B has not published yet: A is 5 (not 10), B 0 + 5 sent, a tie: A
    expect(p.choose([{ processId: 'A', roomCount: 5 }, { processId: 'B', roomCount: 0 }], 'A')).toBe('A');
    // later A's 6 are created and B has published its 5: nothing counts twice, a tie, A takes it
    now += STALE_MS;
    expect(p.choose([{ processId: 'A', roomCount: 6 }, { processId: 'B', roomCount: 5 }], 'A')).toBe('B');
  });

  it('one process alone takes every room', () => {
    const p = new Placement();
    for (let i = 0; i < 5; i++) expect(p.choose([{ processId: 'A', roomCount: i }], 'A')).toBe('A');
    expect(p.choose([], 'A')).toBe('A');
  });
});
