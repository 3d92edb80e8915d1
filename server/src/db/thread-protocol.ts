// The messages between the main thread's ThreadedPglite and the PGlite thread (pglite-thread.ts).

export type ThreadRequest = { id: number } & (
  | { t: 'ready' }
  | { t: 'query'; text: string; params?: unknown[]; rowMode?: 'array' | 'object'; tx?: number }
  | { t: 'exec'; text: string; tx?: number }
  | { t: 'begin'; tx: number }
  | { t: 'end'; tx: number; commit: boolean }
  | { t: 'listen'; channel: string }
  | { t: 'unlisten'; channel: string }
  | { t: 'dump' }
  | { t: 'close' }
)

/** A plain copy of an error: what survives the structured clone between threads. */
export type ErrorFields = { message: string; name?: string } & Record<string, unknown>

export type ThreadReply =
  | { t: 'reply'; id: number; ok: true; result?: unknown }
  | { t: 'reply'; id: number; ok: false; error: ErrorFields }
  | { t: 'notify'; channel: string; payload: string }

/** PostgreSQL's error fields (pg-protocol's DatabaseError) and the statement PGlite names, as plain values. */
const FIELDS = ['code', 'severity', 'detail', 'hint', 'position', 'internalPosition', 'internalQuery', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'file', 'line', 'routine', 'query', 'params']

export function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { message: String(error) }
  const fields: ErrorFields = { message: error.message, name: error.name }
  for (const field of FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field]
    if (value !== undefined) fields[field] = value
  }
  return fields
}

/** The error again on the main thread, with the same message, code, constraint, detail and the rest. */
export function errorFrom(fields: ErrorFields): Error {
  const { message, name, ...rest } = fields
  const error = Object.assign(new Error(message), rest)
  if (name) error.name = name
  return error
}
