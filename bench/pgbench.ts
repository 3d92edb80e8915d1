// `npm run bench -- pgbench`: pgbench's TPC-B-like transaction alone on the bench's throwaway
// PostgreSQL (run under scripts/with-postgres.mjs). The placement and mixed steps measure it again
// on their own cluster, next to their figures; this step writes bench/results/pgbench.json.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { measurePgbench } from './lib/pgbench'
import { root } from './lib/server'

if (!process.env.DATABASE_URL) throw new Error('Run it under scripts/with-postgres.mjs (npm run bench -- pgbench)')
const figures = await measurePgbench(process.env.DATABASE_URL)
writeFileSync(join(root, 'bench/results/pgbench.json'), JSON.stringify({ measuredAt: new Date().toISOString(), figures: figures ?? null }, null, 2) + '\n')
