// Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL cluster started here, then
// removes the cluster. Usage: node scripts/with-postgres.mjs <command> [args…]
// Which binaries, and how it runs as root: scripts/find-postgres.mjs (README "Running the tests").
import { spawnSync } from 'node:child_process'
import { startCluster } from './find-postgres.mjs'

const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error('Usage: node scripts/with-postgres.mjs <command> [args…]')
  process.exit(2)
}

let cluster
try {
  cluster = await startCluster({ maxConnections: 200 })
} catch (error) {
  console.error(`Could not start PostgreSQL: ${error.message}`)
  process.exit(1)
}
const { binaries } = cluster
console.log(`PostgreSQL ${binaries.version} from ${binaries.source} (${binaries.bin}) is running on port ${cluster.port}`)

// Ctrl-C reaches the command too; the cluster is removed once the command has gone.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {})
let status = 1
try {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: cluster.url }, shell: false })
  if (result.error) console.error(`Could not run ${command}: ${result.error.message}`)
  status = result.status ?? 1
} finally {
  cluster.dispose()
}
process.exit(status)
