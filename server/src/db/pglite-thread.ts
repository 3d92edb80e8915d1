// The embedded PGlite on a thread of its own (docs/decisions.md "Issue 16 — PGlite on its own
// thread"): this module is the worker's side. It opens the database as `openEmbeddedPglite` does
// on the main thread and answers the requests of `ThreadedPglite` (threaded-pglite.ts), one
// message each: queries, transactions held open across messages, LISTEN, a dump, closing.
import { workerData, type MessagePort } from 'node:worker_threads'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { openEmbeddedPglite } from './pglite-layers.ts'
import { errorFields, type ThreadReply, type ThreadRequest } from './thread-protocol.ts'

type Opening = { dataDir: string; loadDataDir?: ArrayBuffer; port: MessagePort }

/** Thrown inside a transaction to end it with a ROLLBACK (PGlite rolls back on any throw). */
class RolledBack extends Error {}

const { dataDir, loadDataDir, port } = workerData as Opening
const post = (reply: ThreadReply, transfer?: ArrayBuffer[]) => port.postMessage(reply, transfer)

let client: PGlite
const opened = openEmbeddedPglite(dataDir, loadDataDir ? new Blob([loadDataDir]) : undefined).then((db) => (client = db))

type Open = { tx: Transaction; end: (commit: boolean) => void }
/**
 * Transactions by the number the main thread gave them, from their BEGIN message to their end:
 * each holds PGlite's transaction lock once begun. A statement sent right behind its BEGIN (the
 * main thread does not wait for the BEGIN's reply) waits here until the transaction has begun.
 */
const transactions = new Map<number, Promise<Open>>()
/** The LISTENs in place, by channel: notifications go to the main thread, which fans them out. */
const listening = new Map<string, () => Promise<void>>()

async function executor(txId: number | undefined): Promise<PGlite | Transaction> {
  if (txId === undefined) return client
  const open = transactions.get(txId)
  if (!open) throw new Error('Transaction is closed')
  return (await open).tx
}

async function answer(request: ThreadRequest): Promise<{ result?: unknown; transfer?: ArrayBuffer[] }> {
  await opened
  switch (request.t) {
    case 'ready':
      return {}
    case 'query':
      return { result: await (await executor(request.tx)).query(request.text, request.params, request.rowMode ? { rowMode: request.rowMode } : undefined) }
    case 'exec':
      return { result: await (await executor(request.tx)).exec(request.text) }
    case 'begin': {
      const txId = request.tx
      // Registered before this handler awaits anything: the statements sent behind the BEGIN find it.
      let begun!: (open: Open) => void
      let notBegun!: (error: unknown) => void
      const open = new Promise<Open>((resolve, reject) => ((begun = resolve), (notBegun = reject)))
      open.catch(() => undefined) // Its failure is this BEGIN's reply, and each waiting statement's.
      const done = client
        .transaction(async (tx) => {
          let end!: (commit: boolean) => void
          const ending = new Promise<boolean>((resolve) => (end = resolve))
          begun({ tx, end })
          if (!(await ending)) throw new RolledBack()
        })
        .finally(() => transactions.delete(txId))
      transactions.set(txId, open)
      endings.set(txId, done.catch((error: unknown) => (error instanceof RolledBack ? undefined : Promise.reject(error))))
      // A BEGIN that fails never opens: the statements waiting for it fail with its error.
      done.catch(notBegun)
      // Answered once PGlite's BEGIN has run and the transaction holds the lock; ended by 'end'.
      await open
      return {}
    }
    case 'end': {
      const open = transactions.get(request.tx)
      const ended = endings.get(request.tx)
      if (!open || !ended) throw new Error('Transaction is closed')
      endings.delete(request.tx)
      ;(await open).end(request.commit)
      await ended
      return {}
    }
    case 'listen': {
      if (!listening.has(request.channel)) {
        const unlisten = await client.listen(request.channel, (payload) => post({ t: 'notify', channel: request.channel, payload }))
        listening.set(request.channel, unlisten)
      }
      return {}
    }
    case 'unlisten': {
      const unlisten = listening.get(request.channel)
      listening.delete(request.channel)
      await unlisten?.()
      return {}
    }
    case 'dump': {
      const bytes = await (await client.dumpDataDir('none')).arrayBuffer()
      return { result: bytes, transfer: [bytes] }
    }
    case 'close':
      await client.close()
      return {}
  }
}

/** Each transaction's COMMIT or ROLLBACK, by number: what its 'end' message waits for. */
const endings = new Map<number, Promise<unknown>>()

port.on('message', (request: ThreadRequest) => {
  answer(request).then(
    ({ result, transfer }) => post({ t: 'reply', id: request.id, ok: true, result }, transfer),
    (error: unknown) => post({ t: 'reply', id: request.id, ok: false, error: errorFields(error) }),
  )
})
