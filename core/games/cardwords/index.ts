// Cardwords (docs/rules.md#cardwords; docs/cardwords.md): the model, the one validator and scoring
// function, the notation, analysis positions, the engine and the per-player views.
export * from './types.js';
export * from './actions.js';
export * from './scoring.js';
export * from './rules.js';
export * from './notation.js';
export * from './position.js';
export * from './setup.js';
export * from './engine.js';
export * from './view.js';
