// Types of scripts/find-postgres.mjs for the TypeScript that imports it (server/src/test/own-postgres.ts).
export type PostgresBinaries = { bin: string; source: string; initdb: string; pgCtl: string; postgres: string }
export type Cluster = {
  /** postgres://postgres@127.0.0.1:<port>/postgres, trust authentication. */
  url: string
  port: number
  binaries: PostgresBinaries & { version: string }
  /** pg_ctl stop: "fast" ends every session (57P01 to the clients), then the port refuses connections. */
  stop: (mode?: 'fast' | 'immediate' | 'smart') => void
  start: () => void
  /** Stops the cluster if it runs and removes its directory. */
  dispose: () => void
}
export function findPostgres(): PostgresBinaries | undefined
export const missingPostgresMessage: string
export function freePort(): Promise<number>
export function startCluster(options?: { maxConnections?: number; runAs?: string }): Promise<Cluster>
