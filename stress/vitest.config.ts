import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('..', import.meta.url))

// `npm run test:stress`: every stress/**/*.stress.test.ts, one file at a time (they start servers,
// fire hundreds of requests and would only fight each other for this machine's cores).
export default defineConfig({
  root,
  resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
  test: {
    name: 'stress',
    // With STRESS=1 the unstorable-text sweep tries both kinds of bad text on every field.
    include: ['stress/**/*.stress.test.ts', 'server/src/test/unstorable-text.test.ts'],
    env: { STRESS: '1' },
    environment: 'node',
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 30 * 60_000,
    hookTimeout: 5 * 60_000,
  },
})
