// The order of the run's files: the unit files first, then the longest program files first.
// - The unit files need no Debian package and no code-server, so on a fresh machine they keep
//   both cores busy while the global setup installs those in the background; the other files
//   start once the packages are there.
// - Vitest orders by the durations of the last run it remembers, and by file size without
//   them: a fresh clone (CI) had the VS Code and Emacs files, long but small, last, and the
//   run ended with one or two of them alone on two cores (emacs/emacs.test.ts, 50 s, started
//   at 352 s of a 409 s run). Without remembered durations the files below go first, longest
//   first; the rest by size, as before.
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { relative } from 'node:path';

export const UNITS_PROJECT = 'units';

/**
 * The program files over 20 s in a clean clone's run (seconds, from its JSON report:
 * endTime - startTime), longest first. Only the order counts: a stale figure orders a file
 * a little early or late, nothing more.
 */
export const EXPECTED_SECONDS: Readonly<Record<string, number>> = {
  'test/vscode/extension.test.ts': 166,
  'test/emacs/bridge.test.ts': 142,
  'test/ui/cardwords-defects.test.ts': 134,
  'test/emacs/tty.test.ts': 77,
  'test/ui/rejoin.test.ts': 77,
  'test/ui/yatzee.test.ts': 67,
  'test/ui/lines.test.ts': 56,
  'test/emacs/emacs.test.ts': 49,
  'test/vscode/shutdown.test.ts': 31,
  'test/game/redis-outage.test.ts': 31,
  'test/game/cardwords.test.ts': 26,
  'test/game/persistence.test.ts': 25,
  'test/game/redis-words.test.ts': 24,
  'test/game/yatzee.test.ts': 24,
  'test/cli/check.test.ts': 22,
  'test/ui/cardwords-layout.test.ts': 22,
  'test/game/log-faults.test.ts': 21,
};

export default class UnitsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const units = sorted.filter((f) => f.project.name === UNITS_PROJECT);
    const programs = sorted.filter((f) => f.project.name !== UNITS_PROJECT);
    const root = this.ctx.config.root;
    const remembered = programs.every((f) => this.ctx.cache.getFileTestResults(`${f.project.name}:${relative(root, f.moduleId)}`));
    if (remembered) return [...units, ...programs];
    // (a stable sort: the files not listed keep vitest's order after the listed ones)
    const expected = (f: TestSpecification) => EXPECTED_SECONDS[relative(root, f.moduleId)] ?? 0;
    return [...units, ...programs.sort((a, b) => expected(b) - expected(a))];
  }
}
