// The WebAssembly loops of the solver: the committed module is what kernel.wat assembles to.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assemble, moduleText } from '../../scripts/make-yatzee-wasm.mjs';

describe('yatzee solver wasm', () => {
  it('core/robots/yatzee/kernel-wasm.ts is current with kernel.wat (run scripts/make-yatzee-wasm.mjs)', async () => {
    expect(readFileSync('core/robots/yatzee/kernel-wasm.ts', 'utf8')).toBe(moduleText(await assemble()));
  });
});
