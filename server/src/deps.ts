import type { Database, DatabaseHandle } from './db/client'
import type { Env } from './env'
import type { StreamGate } from './lib/stream-gate'
import type { SiteBuilder } from './site/site-builder'

export type Logger = Pick<Console, 'error' | 'info'>

/** What every module's routes are built from: the database, the settings and the shared services. */
export type AppDeps = {
  db: Database
  env: Env
  kind: DatabaseHandle['kind']
  ping: DatabaseHandle['ping']
  listen: DatabaseHandle['listen']
  log: Logger
  site: SiteBuilder
  /** The live-stream limits per client; tests pass one with their own clock. */
  streamGate?: StreamGate
  /** What time it is for the routes that read it (the kitchen display, the host stand, the floor, search, placement, events, every reservation route, delivery quotes); tests pass their own. Default: the system clock. */
  now?: () => Date
}
