import { describe } from 'vitest'
import { fuzzEveryEndpoint } from './fuzz'

// A few runs per endpoint in `npm test`; `npm run test:stress` runs stress/fuzz.stress.test.ts with 1,000.
describe('fuzzing every API endpoint', async () => {
  await fuzzEveryEndpoint(Number(process.env.FUZZ_RUNS ?? 4), 60_000)
})
