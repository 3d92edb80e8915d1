import { describe } from 'vitest'
import { fuzzEveryEndpoint } from '../server/src/test/fuzz'

// The fuzzing of `npm test` (server/src/test/fuzz.test.ts) with 1,000 generated requests per endpoint.
describe('fuzzing every API endpoint, long', async () => {
  await fuzzEveryEndpoint(Number(process.env.FUZZ_RUNS ?? 1000), 20 * 60_000)
})
