import { map } from 'nanostores'
import { isFinishedStatus, openEventStream, type TrackingEvent } from '@/shared/api'
import { fetchDeliveryStatus, fetchValetLocation } from '../api/delivery-api'

/** docs/delivery.md, "Tracking": initiated (loading), success (live), failed; the last known event stays on screen. */
export type TrackingState = { event: TrackingEvent | null; loading: boolean; live: boolean; failed: boolean }

const IDLE: TrackingState = { event: null, loading: false, live: false, failed: false }
/** When the stream drops, how long before it is opened again; when it cannot be opened, how often to ask instead. */
export const TRACKING_RETRY_MS = 3000
export const TRACKING_POLL_MS = 5000

/** The live delivery on screen: status, courier position, runner and ETA. */
export const $tracking = map<TrackingState>({ ...IDLE })

export const clearTracking = () => $tracking.set({ ...IDLE })

/** Asks for the runner, ETA and courier position when there is no stream to tell them. */
async function pollOnce(signedIn: boolean) {
  const event = $tracking.get().event
  const delivery = event?.delivery
  if (!event || !delivery?.deliveryStaffId) return
  const [status, valet] = await Promise.all([
    fetchDeliveryStatus(delivery.providerCode, event.orderId, signedIn),
    fetchValetLocation(delivery.deliveryStaffId, signedIn),
  ])
  const current = $tracking.get().event
  if (current?.orderId !== event.orderId) return
  const moving = status.status === 'PICKED_UP' || status.status === 'ARRIVED' || status.status === 'DELIVERED'
  $tracking.setKey('event', {
    ...current,
    runner: status.runner,
    eta: status.eta,
    courier: moving ? { lat: valet.latitude, lng: valet.longitude } : current.courier,
    delivery: current.delivery && { ...current.delivery, status: status.status, trackingUrl: status.trackingUrl },
  })
}

/**
 * Follows `orderId` over its event stream until the returned stop: every event replaces the last.
 * A dropped stream is opened again; one the server will not open (other than 404) falls back to
 * asking /delivery/status/v2 and the valet location. Tracking failures show no message (docs/delivery.md, "Tracking").
 */
export function watchTracking(orderId: string, signedIn: boolean): () => void {
  if ($tracking.get().event?.orderId !== orderId) clearTracking()
  $tracking.setKey('loading', true)
  let stopped = false
  let closeStream: (() => void) | null = null
  let timer: ReturnType<typeof setTimeout> | undefined

  const poll = () => {
    timer = setTimeout(() => {
      if (stopped) return
      pollOnce(signedIn)
        .catch((error: unknown) => console.error('Asking where the delivery is failed:', error))
        .finally(() => {
          const status = $tracking.get().event?.status
          if (!stopped && !(status && isFinishedStatus(status))) poll()
        })
    }, TRACKING_POLL_MS)
  }

  const open = () => {
    closeStream = openEventStream(`/order/${encodeURIComponent(orderId)}/tracking/events`, {
      auth: signedIn,
      onEvent: ({ event, data }) => {
        if (event !== 'tracking') return
        try {
          $tracking.set({ event: JSON.parse(data) as TrackingEvent, loading: false, live: true, failed: false })
        } catch (error) {
          console.error('A tracking event could not be read:', error)
        }
      },
      onClosed: (status) => {
        if (stopped) return
        $tracking.set({ ...$tracking.get(), loading: false, live: false })
        const ended = $tracking.get().event?.status
        if (ended && isFinishedStatus(ended)) return
        if (status === 404) {
          $tracking.setKey('failed', true)
          return
        }
        if (status === null) timer = setTimeout(() => !stopped && open(), TRACKING_RETRY_MS)
        else {
          console.error(`The tracking stream was refused (${status}); asking every ${TRACKING_POLL_MS / 1000} s instead.`)
          poll()
        }
      },
    })
  }
  open()

  return () => {
    stopped = true
    clearTimeout(timer)
    closeStream?.()
  }
}
