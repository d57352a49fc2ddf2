// Yatzee: rules, engine and server-lifetime policy (see docs/yatzee.md).
export * from './rules.js';
export * from './engine.js';
export * from './lifetime.js';
