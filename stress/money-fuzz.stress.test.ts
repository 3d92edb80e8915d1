import { describe } from 'vitest'
import { fuzzMoneyFlows, fuzzSettings } from '../server/src/test/money-fuzz'

// The money fuzzer of `npm test` (server/src/test/money-fuzz.test.ts) with many more runs; the
// money audit runs after every one. FUZZ_SEED=n replays a seed; MONEY_FUZZ_RUNS, MONEY_FUZZ_COMMANDS.
describe('fuzzing the money flows, long', () => {
  fuzzMoneyFlows({ ...fuzzSettings({ runs: 400, maxCommands: 60 }), timeoutMs: 30 * 60_000 })
})
