import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) }

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default leaves one core idle (cores − 1); the server tests wait on PGlite and sockets
    // as much as on the CPU, so two files at a time finish the suite sooner on a 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
          // Temporal, as the browsers the app runs in have it: the app's code takes it where it exists
          // (the restaurant's clock, shared/lib/hours); the server's Node 24 has it only behind this flag.
          execArgv: ['--harmony-temporal'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          // One migrated, seeded PGlite dump for the whole run; each file starts from a copy.
          globalSetup: ['server/src/test/seeded-dump.ts'],
          // Every route mounted from the endpoint map checks its answers against its response schema (server/src/lib/endpoint.ts).
          env: { TABLEFRONT_CHECK_RESPONSES: '1' },
          environment: 'node',
          // One module graph per worker, not per file: starting a file's server modules afresh cost
          // about 3 s a file on 2 cores (466 s → 350 s for the project). Each file still opens its own
          // database and app; what the modules keep between files is pure caches (docs/decisions.md,
          // "npm test on a slower machine: server files share their modules"). Spies are put back
          // before every test so that none outlives its file.
          isolate: false,
          restoreMocks: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
