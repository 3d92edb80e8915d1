import type { AppDeps } from '../../app'

type Listen = AppDeps['listen']
type Wake = () => void

/**
 * One LISTEN on the 'waitlist' channel per process, shared by every open live-queue stream
 * (DESIGN §6): a stream subscribes to its location and is woken on each NOTIFY for it. The LISTEN
 * starts with the first subscriber and ends with the last, so closed streams leave nothing behind.
 */
export function createQueueHub(listen: Listen, log: Pick<Console, 'error'>) {
  const byLocation = new Map<string, Set<Wake>>()
  let subscribers = 0
  let listening: Promise<() => Promise<void>> | null = null

  const onNotify = (payload: string) => {
    let locationId: unknown
    try {
      locationId = (JSON.parse(payload) as { locationId?: unknown }).locationId
    } catch {
      return
    }
    if (typeof locationId !== 'string') return
    for (const wake of byLocation.get(locationId) ?? []) wake()
  }

  return {
    /** Calls `wake` on every change to the queue of `locationId` until the returned unsubscribe. */
    async subscribe(locationId: string, wake: Wake): Promise<() => Promise<void>> {
      const wakes = byLocation.get(locationId) ?? new Set<Wake>()
      wakes.add(wake)
      byLocation.set(locationId, wakes)
      subscribers += 1
      listening ??= listen('waitlist', onNotify)
      try {
        await listening
      } catch (error) {
        listening = null
        log.error('The live queue could not LISTEN for waitlist changes:', error)
      }
      let done = false
      return async () => {
        if (done) return
        done = true
        wakes.delete(wake)
        if (wakes.size === 0) byLocation.delete(locationId)
        subscribers -= 1
        if (subscribers === 0 && listening) {
          const stop = listening
          listening = null
          await (await stop)().catch((error: unknown) => log.error('The live queue could not UNLISTEN:', error))
        }
      }
    },
    /** Open subscriptions, for tests of leaks. */
    size: () => subscribers,
  }
}

export type QueueHub = ReturnType<typeof createQueueHub>
