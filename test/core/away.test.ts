// The clients' reading of the away policy (core/protocol/away.ts): what the table waits on
// when the turn's player has gone, for every case the server distinguishes.
import { describe, expect, it } from 'vitest';
import { awayNote, isAway, waitText } from '../../core/protocol/away.js';

const seat = (name: string, o: Partial<{ robot: boolean; connected: boolean; awaySince: number; auto: boolean; left: boolean; removed: boolean }> = {}) => ({
  name, robot: false, connected: true, awaySince: 0, auto: false, ...o,
});
const room = (o: Partial<{ status: string; turn: number; paused: boolean; grace: number }>, players = [seat('Ann'), seat('Bo', { connected: false, awaySince: 1_000_000 })]) => ({
  status: 'playing', turn: 1, paused: false, grace: 60_000, players, ...o,
});

describe('the away note', () => {
  it('counts down the grace period from the drop, to 0 and no further', () => {
    expect(awayNote(room({}), 1_000_000 + 18_000)).toEqual({ kind: 'soon', name: 'Bo', msLeft: 42_000 });
    expect(awayNote(room({}), 1_000_000 + 90_000)).toEqual({ kind: 'soon', name: 'Bo', msLeft: 0 });
  });

  it('a stand-in playing, a grace of never, a paused game', () => {
    expect(awayNote(room({}, [seat('Ann'), seat('Bo', { connected: false, awaySince: 5, auto: true })]), 10)).toEqual({ kind: 'standIn', name: 'Bo' });
    expect(awayNote(room({ grace: -1 }), 2_000_000)).toEqual({ kind: 'waits', name: 'Bo' });
    expect(awayNote(room({ paused: true, turn: 0 }), 0)).toEqual({ kind: 'paused' });
  });

  it('a player who left (Leave) is not away: a stand-in plays for them to the end', () => {
    const left = seat('Bo', { connected: false, awaySince: 5, auto: true, left: true });
    expect(awayNote(room({}, [seat('Ann'), left]), 10)).toEqual({ kind: 'left', name: 'Bo', removed: false });
    expect(awayNote(room({ grace: -1 }, [seat('Ann'), left]), 10)).toEqual({ kind: 'left', name: 'Bo', removed: false });
    // the owner's removal is said as such (it read as a leave)
    expect(awayNote(room({}, [seat('Ann'), { ...left, removed: true }]), 10)).toEqual({ kind: 'left', name: 'Bo', removed: true });
    expect(isAway(left)).toBe(false);
    expect(isAway(seat('Bo', { connected: false }))).toBe(true);
  });

  it('nothing when the table waits on nobody who is away', () => {
    expect(awayNote(room({ turn: 0 }), 1_000_000)).toBeNull(); // Ann, connected, has the turn
    expect(awayNote(room({ status: 'waiting' }), 1_000_000)).toBeNull();
    expect(awayNote(room({ status: 'over' }), 1_000_000)).toBeNull();
    expect(awayNote(room({}, [seat('Ann'), seat('Robot1', { robot: true, connected: false })]), 0)).toBeNull();
    expect(awayNote(room({}, [seat('Ann'), seat('', { connected: false })]), 0)).toBeNull();
    expect(awayNote(room({ turn: 5 }), 0)).toBeNull();
  });

  it('writes a wait in minutes and seconds, rounded up', () => {
    expect([0, 1, 999, 1000, 42_000, 59_001, 60_000, 725_000].map(waitText)).toEqual(['0:00', '0:01', '0:01', '0:01', '0:42', '1:00', '1:00', '12:05']);
  });
});
