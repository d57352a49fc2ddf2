import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LinesScores, dataDir, formatScores } from '../../server/lines/scores.js';
import { tempDir } from './helpers.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function fresh(): string {
  const d = tempDir('cw-lines-scores-');
  dirs.push(d);
  return d;
}

describe('Lines high scores', () => {
  it('keeps one record per user, only when beaten, best first, written durably', () => {
    const dir = path.join(fresh(), 'nested', 'data');
    const s = new LinesScores(dir);
    expect(s.list()).toEqual([]);
    expect(s.submit('ann', 120, new Date('2024-01-01T00:00:00Z'))).toBe(true);
    expect(s.submit('bob', 300, new Date('2024-01-02T00:00:00Z'))).toBe(true);
    expect(s.submit('ann', 100)).toBe(false);
    expect(s.submit('ann', 120)).toBe(false);
    expect(s.submit('ann', 150, new Date('2024-01-03T00:00:00Z'))).toBe(true);
    expect(s.list().map((e) => [e.user, e.score])).toEqual([
      ['bob', 300],
      ['ann', 150],
    ]);
    expect(s.best('ann')).toBe(150);
    expect(s.best('carl')).toBeNull();
    expect(s.top()?.user).toBe('bob');
    // A fresh reader sees the same file; no temporary files are left behind.
    expect(new LinesScores(dir).list()).toEqual(s.list());
    expect(fs.readdirSync(dir)).toEqual(['lines-scores.json']);
    const raw = JSON.parse(fs.readFileSync(s.file, 'utf8'));
    expect(raw.format).toBe('cardwords-lines-scores');
    expect(raw.scores).toHaveLength(2);
  });

  it('a damaged file is reported by list() and set aside by submit()', () => {
    const dir = fresh();
    const s = new LinesScores(dir);
    fs.writeFileSync(s.file, '{not json');
    expect(() => s.list()).toThrow(/not a high-score file/);
    expect(s.submit('ann', 5)).toBe(true);
    expect(fs.readFileSync(`${s.file}.bad`, 'utf8')).toBe('{not json');
    expect(s.best('ann')).toBe(5);
  });

  it('finds the data folder: CARDWORDS_DATA_DIR, then XDG_DATA_HOME, then ~/.local/share', () => {
    expect(dataDir({ CARDWORDS_DATA_DIR: '/x/y', XDG_DATA_HOME: '/d', HOME: '/h' })).toBe('/x/y');
    expect(dataDir({ XDG_DATA_HOME: '/d', HOME: '/h' })).toBe('/d/cardwords');
    expect(dataDir({ XDG_DATA_HOME: 'relative', HOME: '/h' })).toBe('/h/.local/share/cardwords');
    expect(dataDir({ HOME: '/h' })).toBe('/h/.local/share/cardwords');
  });

  it('formats the -l listing', () => {
    expect(formatScores([])).toBe('No high scores yet.\n');
    const text = formatScores([
      { user: 'bob', score: 300, date: '2024-01-02T00:00:00.000Z' },
      { user: 'ann', score: 15, date: '2024-01-03T00:00:00.000Z' },
    ]);
    expect(text.split('\n')[1]).toMatch(/^\s+1\s+bob\s+300\s+2024-01-02$/);
    expect(text.split('\n')[2]).toMatch(/^\s+2\s+ann\s+15\s+2024-01-03$/);
  });
});
