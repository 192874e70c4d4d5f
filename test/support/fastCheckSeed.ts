import fc from 'fast-check';

/**
 * Property tests draw from one fixed seed, so the suite is deterministic: a failure in CI
 * reproduces here with the same seed. Set PROVE_FC_SEED to explore other draws (for example
 * in a loop before a release); fast-check prints the seed and path of any counterexample.
 */
const seed = process.env.PROVE_FC_SEED === undefined ? 20_261_205 : Number(process.env.PROVE_FC_SEED);
if (!Number.isSafeInteger(seed)) throw new Error(`PROVE_FC_SEED must be an integer, not ${process.env.PROVE_FC_SEED}`);
fc.configureGlobal({ seed });
