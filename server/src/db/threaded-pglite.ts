import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads'
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite'
import { errorFrom, type ThreadReply, type ThreadRequest } from './thread-protocol'

/** What a request is, without its number: each call below sends one. */
type Request = ThreadRequest extends infer R ? (R extends ThreadRequest ? Omit<R, 'id'> : never) : never

/**
 * drizzle hands every query the same parsers (timestamps and a few arrays as text), which the
 * PGlite thread installs on its instance once (`parsingOnce`); functions cannot cross to that
 * thread, so a query asking for any other parser, or for serializers or a blob, is refused.
 */
function checkOptions(options: QueryOptions | undefined, drizzleTextTypes: Set<string>) {
  if (!options) return
  const { parsers, serializers, blob, paramTypes } = options
  if (serializers || blob || paramTypes) throw new Error('The PGlite thread takes no serializers, blob or paramTypes')
  if (parsers && !Object.keys(parsers).every((type) => drizzleTextTypes.has(type))) throw new Error('The PGlite thread takes only drizzle’s text parsers')
}

/** The threads open in this process, for `drainPgliteReplies`. */
const live = new Set<ThreadedPglite>()

/**
 * Takes every reply the PGlite threads have sent already, now, at the start of each request's work
 * (the app's first middleware). PGlite runs one transaction at a time, held until its COMMIT, and a
 * transaction's next statement is sent when the reply to its last one has been taken: left to its
 * turn in the event loop, that reply waited behind every request that arrived meanwhile, the
 * transaction held the database all that time, and placements at one restaurant fell from 70 to
 * 31 a second. Taken first, they run as fast as on PGlite in this thread.
 */
export function drainPgliteReplies() {
  for (const client of live) client.drain()
}

/**
 * The embedded PGlite run on a worker thread, as its own `PGlite` is used by drizzle and the app:
 * `query`, `exec`, `transaction`, `listen`, `dumpDataDir`, `close`. Every call is a message to the
 * thread (pglite-thread.ts), which owns the database; a transaction's queries go to the open
 * transaction there, which holds PGlite's lock until this side ends it. The server's thread then
 * runs no PostgreSQL of its own: while a placement runs in the database, menu reads, streams and
 * the next requests' JSON go on (docs/decisions.md "Issue 16 — PGlite on its own thread").
 * Notifications arrive in the order PGlite raised them, before the reply of the statement whose
 * commit sent them, as on the main thread.
 */
export class ThreadedPglite {
  readonly #worker: Worker
  readonly #port: MessagePort
  readonly #pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>()
  readonly #listeners = new Map<string, Set<(payload: string) => void>>()
  readonly #drizzleTextTypes: Set<string>
  #last = 0
  #lastTransaction = 0
  #closed = false
  /** Resolves once the thread has opened the database; rejects with its error when it could not. */
  readonly waitReady: Promise<void>

  constructor(options: { dataDir: string; loadDataDir?: ArrayBuffer; drizzleTextTypes: Set<string> }) {
    this.#drizzleTextTypes = options.drizzleTextTypes
    const { port1, port2 } = new MessageChannel()
    this.#port = port1
    const transfer = [port2, ...(options.loadDataDir ? [options.loadDataDir] : [])]
    this.#worker = new Worker(new URL('./pglite-thread.ts', import.meta.url), {
      workerData: { dataDir: options.dataDir, loadDataDir: options.loadDataDir, port: port2 },
      transferList: transfer,
      // Node runs the thread's TypeScript itself (type stripping), without tsx's loader: the thread
      // imports PGlite and its layers only, and starts in a fraction of the time tsx took.
      execArgv: [],
    })
    this.#port.on('message', (message: ThreadReply) => this.#receive(message))
    live.add(this)
    this.#worker.on('error', (error) => this.#fail(error))
    this.#worker.on('exit', (code) => {
      live.delete(this)
      this.#fail(new Error(this.#closed ? 'PGlite is closed' : `The PGlite thread stopped (exit code ${code})`))
    })
    // A database nobody asks anything keeps no process alive; a pending call does (#send, #receive).
    this.waitReady = this.#send({ t: 'ready' }).then(() => undefined)
  }

  /** Takes the replies the thread has sent already, now, instead of in the event loop's turn. */
  drain() {
    for (let message = receiveMessageOnPort(this.#port); message; message = receiveMessageOnPort(this.#port)) this.#receive(message.message as ThreadReply)
  }

  get closed() {
    return this.#closed
  }

  #receive(message: ThreadReply) {
    if (message.t === 'notify') {
      for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload)
      return
    }
    const pending = this.#pending.get(message.id)
    if (!pending) return
    this.#pending.delete(message.id)
    if (this.#pending.size === 0) this.#hold(false)
    if (message.ok) pending.resolve(message.result)
    else pending.reject(errorFrom(message.error))
  }

  /** Whether the thread keeps the process alive: while a call waits for its reply, and not otherwise. */
  #hold(waiting: boolean) {
    if (waiting) {
      this.#worker.ref()
      this.#port.ref()
    } else {
      this.#worker.unref()
      this.#port.unref()
    }
  }

  #fail(error: Error) {
    this.#closed = true
    for (const pending of this.#pending.values()) pending.reject(error)
    this.#pending.clear()
  }

  #send(request: Request): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'))
    const id = ++this.#last
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      if (this.#pending.size === 1) this.#hold(true)
      this.#port.postMessage({ ...request, id })
    })
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    try {
      checkOptions(options, this.#drizzleTextTypes)
    } catch (error) {
      return Promise.reject(error)
    }
    return this.#send({ t: 'query', text, params, rowMode: options?.rowMode, tx }) as Promise<Results<T>>
  }

  exec(text: string, _options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.#send({ t: 'exec', text, tx }) as Promise<Results[]>
  }

  /**
   * BEGIN on the thread, `body` with the transaction's queries, then COMMIT, or ROLLBACK when
   * `body` throws or rolls back. The BEGIN is not waited for: the body's first statement follows
   * it at once and the thread runs it once the transaction has begun, so the transaction does not
   * hold PGlite's lock through a round trip of its own (docs/decisions.md "Issue 16 — PGlite on
   * its own thread"). A BEGIN that fails fails the body's first statement and the transaction.
   */
  async transaction<T>(body: (tx: Transaction) => Promise<T>): Promise<T> {
    const txId = ++this.#lastTransaction
    const begun = this.#send({ t: 'begin', tx: txId })
    // Its failure reaches the body through its first statement, and the caller below.
    begun.catch(() => undefined)
    const opened = () => begun.then(() => true, () => false)
    let ended = false
    const open = () => {
      if (ended) throw new Error('Transaction is closed')
    }
    const tx = {
      query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => (open(), this.query<R>(text, params, options, txId)),
      exec: async (text: string, options?: QueryOptions) => (open(), this.exec(text, options, txId)),
      rollback: async () => {
        open()
        ended = true
        await begun
        await this.#send({ t: 'end', tx: txId, commit: false })
      },
      listen: async (channel: string, callback: (payload: string) => void) => (open(), this.listen(channel, callback)),
      sql: () => Promise.reject(new Error('sql`` is not available on the PGlite thread')),
      get closed() {
        return ended
      },
    } as unknown as Transaction
    let result: T
    try {
      result = await body(tx)
    } catch (error) {
      if (!ended) {
        ended = true
        // A transaction that never began has nothing to roll back; the body's error is the answer.
        if (await opened()) await this.#send({ t: 'end', tx: txId, commit: false })
      }
      throw error
    }
    if (!ended) {
      ended = true
      await begun
      await this.#send({ t: 'end', tx: txId, commit: true })
    }
    return result
  }

  /** Calls `callback` with every NOTIFY on `channel`; resolves to the unsubscribe, as PGlite's listen does. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel)
    if (!listeners) {
      listeners = new Set()
      this.#listeners.set(channel, listeners)
    }
    listeners.add(callback)
    try {
      await this.#send({ t: 'listen', channel })
    } catch (error) {
      listeners.delete(callback)
      throw error
    }
    return async () => {
      listeners.delete(callback)
      if (listeners.size === 0 && this.#listeners.get(channel) === listeners) {
        this.#listeners.delete(channel)
        if (!this.#closed) await this.#send({ t: 'unlisten', channel })
      }
    }
  }

  /** The data directory as PGlite's dumpDataDir makes it (uncompressed). */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.#send({ t: 'dump' })) as ArrayBuffer])
  }

  async close(): Promise<void> {
    if (this.#closed) return
    try {
      await this.#send({ t: 'close' })
    } finally {
      this.#closed = true
      live.delete(this)
      this.#port.close()
      await this.#worker.terminate()
    }
  }
}
