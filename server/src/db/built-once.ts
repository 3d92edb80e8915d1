import type { Executor } from './executor'

type PreparedQuery<R> = { execute(values?: Record<string, unknown>): Promise<R> }
type Session = { client: unknown; logger: unknown }

/**
 * A statement whose SQL drizzle builds once (docs/decisions.md "Issue 16 — placement CPU"):
 * `build` writes it with `sql.placeholder(name)` for every value that changes, and each call runs
 * it with those values on the executor it is given — the database or an open transaction. drizzle
 * binds a prepared query to the connection it was prepared on, so each call points it at the
 * executor's own client (and logger, which the statement-counting tests read). It is built once per
 * driver (PGlite's and postgres.js's prepared queries differ), so one process may use both.
 */
export function builtOnce<R>(build: (db: Executor) => { prepare(name: string): PreparedQuery<R> }): (executor: Executor, values: Record<string, unknown>) => Promise<R> {
  const byDriver = new Map<unknown, PreparedQuery<R>>()
  return (executor, values) => {
    const session = (executor as unknown as { session: Session }).session
    let prepared = byDriver.get(session.constructor)
    if (!prepared) byDriver.set(session.constructor, (prepared = build(executor).prepare('built-once')))
    const { client, logger } = session
    const bound = Object.create(prepared, { client: { value: client }, logger: { value: logger } }) as PreparedQuery<R>
    return bound.execute(values)
  }
}
