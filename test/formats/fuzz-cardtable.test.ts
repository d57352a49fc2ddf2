// Property test: cardtable parser on 100,000 random and mutated inputs (see fuzz.ts).
import { expect, it } from 'vitest';
import { documentedCodes } from './helpers.js';
import { INPUTS, fuzz } from './fuzz.js';

it('cardtable: never throws, ranges inside the document, codes documented, valid inputs print to the same meaning', () => {
  const stats = fuzz('cardtable');
  expect(stats.inputs).toBeGreaterThanOrEqual(INPUTS);
  // The generator reaches both worlds: broken inputs and valid ones that round-trip.
  const ofKind = [...documentedCodes()].filter((c) => c.startsWith('cardtable/'));
  expect(stats.codes.size).toBeGreaterThanOrEqual(Math.min(ofKind.length, 5));
  expect(stats.roundTrips).toBeGreaterThan(100);
});
