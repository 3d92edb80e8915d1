import type { Executor } from './executor'

type PreparedQuery<R> = { execute(values?: Record<string, unknown>): Promise<R> }
type Session = { client: unknown; logger: unknown }

/**
 * A statement whose SQL drizzle builds once (docs/decisions.md "Issue 16 — placement CPU"):
 * `build` writes it with `sql.placeholder(name)` for every value that changes, and each call runs
 * it with those values on the executor it is given — the database or an open transaction. drizzle
 * binds a prepared query to the connection it was prepared on, so each call points it at the
 * executor's own client (and logger, which the statement-counting tests read).
 */
export function builtOnce<R>(build: (db: Executor) => { prepare(name: string): PreparedQuery<R> }): (executor: Executor, values: Record<string, unknown>) => Promise<R> {
  let prepared: PreparedQuery<R> | undefined
  return (executor, values) => {
    prepared ??= build(executor).prepare('built-once')
    const { client, logger } = (executor as unknown as { session: Session }).session
    const bound = Object.create(prepared, { client: { value: client }, logger: { value: logger } }) as PreparedQuery<R>
    return bound.execute(values)
  }
}
