// Property test: bonus parser on 100,000 random and mutated inputs (see fuzz.ts).
import { expect, it } from 'vitest';
import { documentedCodes } from './helpers.js';
import { INPUTS, fuzz } from './fuzz.js';

it('bonus: never throws, ranges inside the document, codes documented, valid inputs print to the same meaning', () => {
  const stats = fuzz('bonus');
  expect(stats.inputs).toBeGreaterThanOrEqual(INPUTS);
  // The generator reaches both worlds: broken inputs and valid ones that round-trip.
  const ofKind = [...documentedCodes()].filter((c) => c.startsWith('bonus/'));
  expect(stats.codes.size).toBeGreaterThanOrEqual(Math.min(ofKind.length, 5));
  expect(stats.roundTrips).toBeGreaterThan(100);
});
