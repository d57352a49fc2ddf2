// The run's order (test/support/sequencer.ts): its list of the long program files names files
// that exist and are program files, so a renamed file is not silently dropped to the end of a
// fresh clone's run.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPECTED_SECONDS } from '../support/sequencer.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('the order of a fresh clone’s run', () => {
  it('lists existing program test files, longest first', () => {
    const files = Object.keys(EXPECTED_SECONDS);
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      expect(existsSync(path.join(root, f)), f).toBe(true);
      expect(f, 'a program file (the unit files run first anyway)').toMatch(/^test\/(ui|vscode|emacs|game|cli|language|nvim|lines)\//);
    }
    const seconds = Object.values(EXPECTED_SECONDS);
    expect(seconds).toEqual([...seconds].sort((a, b) => b - a));
  });
});
