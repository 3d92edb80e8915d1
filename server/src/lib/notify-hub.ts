import type { Context } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { DatabaseHandle } from '../db/client'
import { isDatabaseUnavailable } from './errors'
import { takeSlot } from './stream-gate'

type Listen = DatabaseHandle['listen']
type Wake = () => void

/**
 * One LISTEN per channel per process, shared by every open live stream (docs/operations.md, "Live streams"): a stream
 * subscribes to one key (a location, an order …) and is woken on each NOTIFY whose JSON payload
 * names that key in `keyField`. The LISTENs start with the first subscriber and end with the
 * last, so closed streams leave nothing behind.
 */
export function createNotifyHub({
  listen,
  channels,
  keyField,
  log,
  what,
}: {
  listen: Listen
  channels: readonly string[]
  keyField: string
  log: Pick<Console, 'error'>
  /** Names the hub in logs: "The live queue", "Live tracking". */
  what: string
}) {
  const byKey = new Map<string, Set<Wake>>()
  let subscribers = 0
  let listening: Promise<(() => Promise<void>)[]> | null = null

  const onNotify = (payload: string) => {
    let key: unknown
    try {
      key = (JSON.parse(payload) as Record<string, unknown>)[keyField]
    } catch {
      return
    }
    if (typeof key !== 'string') return
    for (const wake of byKey.get(key) ?? []) wake()
  }

  return {
    /** Calls `wake` on every NOTIFY for `key` until the returned unsubscribe. */
    async subscribe(key: string, wake: Wake): Promise<() => Promise<void>> {
      const wakes = byKey.get(key) ?? new Set<Wake>()
      wakes.add(wake)
      byKey.set(key, wakes)
      subscribers += 1
      listening ??= Promise.all(channels.map((channel) => listen(channel, onNotify)))
      try {
        await listening
      } catch (error) {
        listening = null
        log.error(`${what} could not LISTEN on ${channels.join(', ')}:`, error)
      }
      let done = false
      return async () => {
        if (done) return
        done = true
        wakes.delete(wake)
        if (wakes.size === 0) byKey.delete(key)
        subscribers -= 1
        if (subscribers === 0 && listening) {
          const stops = listening
          listening = null
          try {
            await Promise.all((await stops).map((stop) => stop()))
          } catch (error) {
            log.error(`${what} could not UNLISTEN:`, error)
          }
        }
      }
    },
    /** Open subscriptions, for tests of leaks. */
    size: () => subscribers,
  }
}

export type NotifyHub = ReturnType<typeof createNotifyHub>

/** A comment line every this many ms keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000

/**
 * Answers Server-Sent Events for one key of a hub: `read()` at once and again after every NOTIFY
 * for the key, sent as `event`, until `isLast` says the thing is over or the client leaves; a
 * heartbeat comment in between. The caller refuses (404) before calling this, so the stream only
 * ever starts for someone allowed to see it. The stream gate (STREAM_PATHS in app.ts) admitted the
 * request before any database read; the stream holds its slot until it ends. A database that goes
 * away ends the stream quietly: the client falls back to asking (docs/operations.md).
 */
export function liveStream<T>(
  c: Context,
  { hub, key, event, read, isLast, onError }: { hub: NotifyHub; key: string; event: string; read: () => Promise<T>; isLast: (value: T) => boolean; onError: (error: unknown) => void },
) {
  const slot = takeSlot(c)
  c.header('Cache-Control', 'no-store')
  c.header('X-Accel-Buffering', 'no')
  return streamSSE(
    c,
    async (stream) => {
      let unsubscribe = async () => {}
      try {
        let changed = false
        let wake: (() => void) | null = null
        unsubscribe = await hub.subscribe(key, () => {
          changed = true
          wake?.()
        })
        stream.onAbort(() => wake?.())
        let sequence = 0
        while (!stream.aborted) {
          changed = false
          const value = await read()
          await stream.writeSSE({ event, data: JSON.stringify(value), id: String(++sequence) })
          if (isLast(value)) break
          while (!changed && !stream.aborted) {
            const beat = await new Promise<boolean>((resolve) => {
              const timer = setTimeout(() => resolve(true), HEARTBEAT_MS)
              wake = () => {
                clearTimeout(timer)
                resolve(false)
              }
            })
            wake = null
            if (beat && !stream.aborted) await stream.write(': heartbeat\n\n')
          }
        }
      } finally {
        try {
          await unsubscribe()
        } finally {
          slot.release()
        }
      }
    },
    async (error) => {
      if (!isDatabaseUnavailable(error)) onError(error)
    },
  )
}
