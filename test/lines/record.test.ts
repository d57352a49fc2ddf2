// When a Lines game sets the player's record (docs/rules.md#lines-high-scores): a game left at
// 0 never does (a first one was entered, "1. root 0", and praised as a new personal record);
// a first eligible game above 0 does; later only a strictly higher score. One rule in core
// (beatsRecord), used by the terminal client's score file (LinesScores.submit), the Emacs
// bridge (LinesSession) and the web panel (test/ui/lines.test.ts).
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { beatsRecord } from '../../core/games/lines/index.js';
import { LinesSession } from '../../server/bridge/lines.js';
import { LinesScores } from '../../server/lines/scores.js';
import { tempDir } from './helpers.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function scores(): LinesScores {
  const d = tempDir('cw-lines-record-');
  dirs.push(d);
  return new LinesScores(d);
}

describe('Lines records', () => {
  it('beatsRecord: a score above 0 with no record yet sets it; otherwise only a higher score; 0 never', () => {
    expect(beatsRecord(0, null)).toBe(false);
    expect(beatsRecord(7, null)).toBe(true);
    expect(beatsRecord(0, 0)).toBe(false);
    expect(beatsRecord(5, 5)).toBe(false);
    expect(beatsRecord(4, 5)).toBe(false);
    expect(beatsRecord(6, 5)).toBe(true);
    expect(beatsRecord(1, 0)).toBe(true);
  });

  it('the score file: a first game at 0 is not entered; one above 0 is; an equal or lower score keeps the old one', () => {
    const s = scores();
    expect(s.submit('ann', 0, new Date('2024-01-01T00:00:00Z'))).toBe(false);
    expect(s.best('ann')).toBeNull();
    expect(s.list()).toEqual([]);
    expect(s.submit('ann', 3, new Date('2024-01-02T00:00:00Z'))).toBe(true);
    expect(s.submit('ann', 3)).toBe(false);
    expect(s.submit('ann', 0)).toBe(false);
    expect(s.list()).toEqual([{ user: 'ann', score: 3, date: '2024-01-02T00:00:00.000Z' }]);
  });

  it('the Emacs bridge: an eligible game quit at 0 is neither entered nor a record; the name it is given is whose score it is', () => {
    const s = scores();
    const bridge = new LinesSession(s, 'ann');
    expect(bridge.start({}).eligible).toBe(true);
    const quit = bridge.quit();
    expect(quit.score).toBe(0);
    expect(quit.record).toBe(false);
    expect(s.list()).toEqual([]);
    // the editor's player name (Emacs: cardwords-play-name) in place of the login name
    s.submit('Wally', 5);
    expect(bridge.start({ user: 'Wally' }).highScore).toBe('High score: 5 (Wally)');
    s.submit('bo', 9);
    expect(bridge.start({ user: 'Wally' }).highScore).toBe('High score: 9 (bo)  yours: 5');
    expect(() => bridge.start({ user: ' ' })).toThrow(/user must be a player name/);
  });

  it('the Emacs bridge: a fixed seed never counts, not even as a first game', () => {
    const s = scores();
    const bridge = new LinesSession(s, 'bo');
    expect(bridge.start({ seed: 'fixed' }).eligible).toBe(false);
    expect(bridge.quit().record).toBe(false);
    expect(s.best('bo')).toBeNull();
  });
});
