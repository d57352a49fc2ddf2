// The order of the run's files: vitest's own (by project name, then the longest or largest
// first), except that the unit files go first. They need no Debian package and no
// code-server, so on a fresh machine they keep both cores busy while the global setup
// installs those in the background; the other files start once the packages are there.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const UNITS_PROJECT = 'units';

export default class UnitsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const units = sorted.filter((f) => f.project.name === UNITS_PROJECT);
    return [...units, ...sorted.filter((f) => f.project.name !== UNITS_PROJECT)];
  }
}
