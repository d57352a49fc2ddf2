// Property test: charset parser on 100,000 random and mutated inputs (see fuzz.ts).
import { expect, it } from 'vitest';
import { documentedCodes } from './helpers.js';
import { INPUTS, fuzz } from './fuzz.js';

it('charset: never throws, ranges inside the document, codes documented, valid inputs print to the same meaning', () => {
  const stats = fuzz('charset');
  expect(stats.inputs).toBeGreaterThanOrEqual(INPUTS);
  // The generator reaches both worlds: broken inputs and valid ones that round-trip.
  const ofKind = [...documentedCodes()].filter((c) => c.startsWith('charset/'));
  expect(stats.codes.size).toBeGreaterThanOrEqual(Math.min(ofKind.length, 5));
  expect(stats.roundTrips).toBeGreaterThan(100);
});
