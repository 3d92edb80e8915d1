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
    include: ['stress/**/*.stress.test.ts'],
    environment: 'node',
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 30 * 60_000,
    hookTimeout: 5 * 60_000,
  },
})
