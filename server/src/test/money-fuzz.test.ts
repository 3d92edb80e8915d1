import { describe } from 'vitest'
import { fuzzMoneyFlows, fuzzSettings } from './money-fuzz'

// A few runs in `npm test` (and `npm run test:pg`); stress/money-fuzz.stress.test.ts runs many more.
// FUZZ_SEED=n replays another seed, MONEY_FUZZ_RUNS=n and MONEY_FUZZ_COMMANDS=n change the counts.
describe('fuzzing the money flows', () => {
  fuzzMoneyFlows({ ...fuzzSettings({ runs: 24, maxCommands: 50 }), timeoutMs: 180_000 })
})
