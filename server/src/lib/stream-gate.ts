import type { Context } from 'hono'
import { ApiError } from './errors'

/**
 * Live streams a client (one address, `clientAddress`) may hold open at once, and open per
 * minute, on one instance (docs/operations.md, "Live streams"). Generous for a household or a
 * restaurant's guest Wi-Fi behind one address; a flood gets 429 before any database read.
 */
export const STREAM_LIMITS = { open: 20, opensPerMinute: 60 } as const

const MINUTE_MS = 60_000
/** What Retry-After says when the open streams are full: a stream's end cannot be foreseen. */
const FULL_RETRY_AFTER_SECONDS = 30

export type StreamSlot = { release: () => void }

export type StreamRefusal = { retryAfterSeconds: number; reason: 'open' | 'rate' }

/**
 * Counts, per client, the streams open now and the opens of the last minute (a sliding log of
 * at most `opensPerMinute` times each). In memory: the open count is about this process's own
 * sockets, which only it can know exactly, and a shared count would cost the database write per
 * open that the limit is there to spare.
 */
export function createStreamGate({
  open = STREAM_LIMITS.open,
  opensPerMinute = STREAM_LIMITS.opensPerMinute,
  now = Date.now,
}: { open?: number; opensPerMinute?: number; now?: () => number } = {}) {
  const openByClient = new Map<string, number>()
  const opensByClient = new Map<string, number[]>()
  let sweptAt = now()

  const recentOpens = (client: string, at: number) => {
    const times = (opensByClient.get(client) ?? []).filter((time) => at - time < MINUTE_MS)
    if (times.length > 0) opensByClient.set(client, times)
    else opensByClient.delete(client)
    return times
  }

  // Clients seen once and gone would otherwise stay in the log: forget them once a minute.
  const sweep = (at: number) => {
    if (at - sweptAt < MINUTE_MS) return
    sweptAt = at
    for (const client of [...opensByClient.keys()]) recentOpens(client, at)
  }

  return {
    /** A slot for one stream, to release when it ends; or why not and when to come back. */
    admit(client: string): StreamSlot | StreamRefusal {
      const at = now()
      sweep(at)
      const times = recentOpens(client, at)
      if (times.length >= opensPerMinute) {
        return { reason: 'rate', retryAfterSeconds: Math.max(1, Math.ceil((times[0]! + MINUTE_MS - at) / 1000)) }
      }
      const current = openByClient.get(client) ?? 0
      if (current >= open) return { reason: 'open', retryAfterSeconds: FULL_RETRY_AFTER_SECONDS }
      opensByClient.set(client, [...times, at])
      openByClient.set(client, current + 1)
      let released = false
      return {
        release: () => {
          if (released) return
          released = true
          const left = (openByClient.get(client) ?? 1) - 1
          if (left > 0) openByClient.set(client, left)
          else openByClient.delete(client)
        },
      }
    },
    /** Streams open now, all clients together or one client's: for tests of leaks. */
    openStreams: (client?: string) => (client === undefined ? [...openByClient.values()].reduce((sum, count) => sum + count, 0) : (openByClient.get(client) ?? 0)),
  }
}

export type StreamGate = ReturnType<typeof createStreamGate>

export const isRefusal = (answer: StreamSlot | StreamRefusal): answer is StreamRefusal => 'retryAfterSeconds' in answer

export const tooManyStreams = (refusal: StreamRefusal) =>
  new ApiError(
    429,
    'too_many_streams',
    refusal.reason === 'open'
      ? 'Too many live updates are open from your connection. Close some pages, or try again later.'
      : 'Live updates were opened too often from your connection. Please try again in a moment.',
  )

/** The slot the stream gate gave a request; `liveStream` takes it and releases it when the stream ends. */
const slots = new WeakMap<Context, StreamSlot & { taken: boolean }>()

export function giveSlot(c: Context, slot: StreamSlot): { taken: () => boolean } {
  const held = { ...slot, taken: false }
  slots.set(c, held)
  return { taken: () => held.taken }
}

/** Takes the request's stream slot; throws when the route's path did not pass the stream gate. */
export function takeSlot(c: Context): StreamSlot {
  const slot = slots.get(c)
  if (!slot) throw new Error(`${c.req.method} ${c.req.path} opens a live stream without passing the stream gate: add its path to STREAM_PATHS in server/src/app.ts.`)
  slot.taken = true
  return slot
}
