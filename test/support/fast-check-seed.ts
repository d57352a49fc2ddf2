// Property tests (fast-check) draw the same inputs on every run, so a run's verdict never
// depends on which inputs it happened to draw (docs/architecture.md#testing-with-real-parts).
// To explore other inputs, run with CARDWORDS_FC_SEED=<integer>; a failure prints the seed
// and the path that replay it.
import fc from 'fast-check';

const FIXED_SEED = 20_261_123;
const env = process.env.CARDWORDS_FC_SEED;
const seed = env !== undefined && /^-?\d+$/.test(env) ? Number(env) : FIXED_SEED;
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
