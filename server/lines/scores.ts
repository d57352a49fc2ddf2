// Lines high scores: one personal record per user, kept only for default settings
// (docs/rules.md#lines-high-scores). Stored as JSON in the user's data folder, written durably: a temporary file
// in the same folder, fsync, then rename over the old file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beatsRecord } from '../../core/games/lines/engine.js';
import { dataDir } from '../data-dir.js';

export interface ScoreEntry {
  user: string;
  score: number;
  /** ISO date of the game that set the record. */
  date: string;
}

interface ScoreFile {
  format: 'cardwords-lines-scores';
  version: 1;
  scores: ScoreEntry[];
}

// the data folder (server/data-dir.ts), where the high-score file is kept
export { dataDir };

export function currentUser(env: NodeJS.ProcessEnv = process.env): string {
  try {
    return os.userInfo().username || env.USER || 'player';
  } catch {
    return env.USER || env.USERNAME || 'player';
  }
}

export class LinesScores {
  readonly file: string;

  constructor(dir: string = dataDir()) {
    this.file = path.join(dir, 'lines-scores.json');
  }

  /** Every record, best first. A missing file is an empty table; a damaged one throws. */
  list(): ScoreEntry[] {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new Error(`${this.file}: not a high-score file (bad JSON)`);
    }
    const f = data as Partial<ScoreFile>;
    if (f?.format !== 'cardwords-lines-scores' || !Array.isArray(f.scores)) throw new Error(`${this.file}: not a high-score file`);
    return f.scores
      .filter((s): s is ScoreEntry => typeof s?.user === 'string' && Number.isInteger(s.score) && typeof s.date === 'string')
      .sort((a, b) => b.score - a.score || a.date.localeCompare(b.date));
  }

  /** The best record of all users, or null. */
  top(): ScoreEntry | null {
    return this.list()[0] ?? null;
  }

  best(user: string): number | null {
    return this.list().find((s) => s.user === user)?.score ?? null;
  }

  /**
   * Saves `score` as the user's record when it is above 0 and they have none, or it beats the
   * old one (core's `beatsRecord`).
   * Returns whether it was saved. A damaged file is kept aside as `*.bad` and replaced.
   */
  submit(user: string, score: number, date: Date = new Date()): boolean {
    let scores: ScoreEntry[];
    try {
      scores = this.list();
    } catch {
      try {
        fs.renameSync(this.file, `${this.file}.bad`);
      } catch {
        // nothing to keep
      }
      scores = [];
    }
    const old = scores.find((s) => s.user === user);
    if (!beatsRecord(score, old ? old.score : null)) return false;
    const next = scores.filter((s) => s.user !== user);
    next.push({ user, score, date: date.toISOString() });
    next.sort((a, b) => b.score - a.score || a.date.localeCompare(b.date));
    this.write({ format: 'cardwords-lines-scores', version: 1, scores: next });
    return true;
  }

  private write(data: ScoreFile): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.${Date.now().toString(36)}.tmp`;
    const fd = fs.openSync(tmp, 'w', 0o644);
    try {
      fs.writeSync(fd, JSON.stringify(data, null, 2) + '\n');
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    try {
      fs.renameSync(tmp, this.file);
    } catch (e) {
      fs.rmSync(tmp, { force: true });
      throw e;
    }
  }
}

/** The `-l` listing. */
export function formatScores(scores: ScoreEntry[]): string {
  if (scores.length === 0) return 'No high scores yet.\n';
  const width = Math.max(4, ...scores.map((s) => s.user.length));
  const lines = ['Rank  ' + 'User'.padEnd(width) + '  Score  Date'];
  scores.forEach((s, i) => lines.push(`${String(i + 1).padStart(4)}  ${s.user.padEnd(width)}  ${String(s.score).padStart(5)}  ${s.date.slice(0, 10)}`));
  return lines.join('\n') + '\n';
}
