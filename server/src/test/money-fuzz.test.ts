import { describe } from 'vitest'
import { fuzzMoneyFlows, fuzzSettings } from './money-fuzz'

// A few runs in `npm test` (and `npm run test:pg`); stress/money-fuzz.stress.test.ts runs many more.
// FUZZ_SEED=n runs another seed; with FUZZ_PATH=p too (both printed by a failure, with the same
// counts) it starts from the failing run. MONEY_FUZZ_RUNS=n and MONEY_FUZZ_COMMANDS=n change the
// counts; FUZZ_VERBOSE=1 logs every call; FUZZ_SHRINK=1 shrinks a failure.
describe('fuzzing the money flows', () => {
  fuzzMoneyFlows({ ...fuzzSettings({ runs: 24, maxCommands: 50 }), timeoutMs: 180_000 })
})
