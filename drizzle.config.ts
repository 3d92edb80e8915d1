import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  // One file per domain under schema/; index.ts exports them all.
  schema: './server/src/db/schema/index.ts',
  out: './server/src/db/migrations',
})
