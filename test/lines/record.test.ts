// When a Lines game sets the player's record (docs/rules.md#lines-high-scores): a first
// eligible game always does, even at 0; later only a strictly higher score. One rule in
// core (beatsRecord), used by the terminal client's score file (LinesScores.submit), the
// Emacs bridge (LinesSession, which saved nothing at 0) and the web panel (test/ui/lines.test.ts).
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
  it('beatsRecord: no record yet sets it, even at 0; otherwise only a higher score', () => {
    expect(beatsRecord(0, null)).toBe(true);
    expect(beatsRecord(7, null)).toBe(true);
    expect(beatsRecord(0, 0)).toBe(false);
    expect(beatsRecord(5, 5)).toBe(false);
    expect(beatsRecord(4, 5)).toBe(false);
    expect(beatsRecord(6, 5)).toBe(true);
    expect(beatsRecord(1, 0)).toBe(true);
  });

  it('the score file: a first game at 0 sets the record; an equal or lower score keeps the old one', () => {
    const s = scores();
    expect(s.submit('ann', 0, new Date('2024-01-01T00:00:00Z'))).toBe(true);
    expect(s.best('ann')).toBe(0);
    expect(s.submit('ann', 0, new Date('2024-01-02T00:00:00Z'))).toBe(false);
    expect(s.list()).toEqual([{ user: 'ann', score: 0, date: '2024-01-01T00:00:00.000Z' }]);
    expect(s.submit('ann', 3)).toBe(true);
    expect(s.submit('ann', 0)).toBe(false);
    expect(s.best('ann')).toBe(3);
  });

  it('the Emacs bridge: a first eligible game quit at 0 sets the record; a later 0 keeps it', () => {
    const s = scores();
    const bridge = new LinesSession(s, 'ann');
    expect(bridge.start({}).eligible).toBe(true);
    const quit = bridge.quit();
    expect(quit.score).toBe(0);
    expect(quit.record).toBe(true);
    expect(s.best('ann')).toBe(0);
    const date = s.list()[0]!.date;
    bridge.start({});
    expect(bridge.quit().record).toBe(false);
    expect(s.list()).toEqual([{ user: 'ann', score: 0, date }]);
  });

  it('the Emacs bridge: a fixed seed never counts, not even as a first game', () => {
    const s = scores();
    const bridge = new LinesSession(s, 'bo');
    expect(bridge.start({ seed: 'fixed' }).eligible).toBe(false);
    expect(bridge.quit().record).toBe(false);
    expect(s.best('bo')).toBeNull();
  });
});
