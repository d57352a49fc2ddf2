// Lines (RULES.md, "Lines"): options, the engine and the hint.
export * from './options.js';
export * from './engine.js';
export * from './hint.js';
