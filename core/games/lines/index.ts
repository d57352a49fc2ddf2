// Lines (docs/rules.md#lines): options, the engine and the hint.
export * from './options.js';
export * from './engine.js';
export * from './hint.js';
