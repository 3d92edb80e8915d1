import { ApiRefusal, type EventOrderMenuResponse, type EventResponse } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { fetchEvent, fetchEventOrderMenu } from '../api/event-api'

/** The general failure text; a missing event says so instead (docs/events.md, "In the app"). */
export const EVENT_LOAD_FAILED = 'Please Try Again'
export const EVENT_NOT_FOUND = 'This event was not found'

const failure = (error: unknown) => {
  console.error('Loading the event failed:', error)
  return error instanceof ApiRefusal && error.status === 404 ? EVENT_NOT_FOUND : EVENT_LOAD_FAILED
}

const eventRequest = createRequestState<EventResponse>()
/** The event of the /e/{eventSlug} landing. */
export const $eventRequest = eventRequest.$state

export async function loadEvent(eventSlug: string): Promise<EventResponse | undefined> {
  if ($eventRequest.get().data?.event.slug !== eventSlug) eventRequest.reset()
  return eventRequest.run(() => fetchEvent(eventSlug), failure)
}

const eventMenuRequest = createRequestState<EventOrderMenuResponse>()
/** The event order menu of a location: the event order slots of each date (docs/events.md, "Rules") and the restaurant forced open. */
export const $eventMenuRequest = eventMenuRequest.$state

export async function loadEventOrderMenu(eventSlug: string, locationId: string, orderType: string): Promise<EventOrderMenuResponse | undefined> {
  const current = $eventMenuRequest.get().data
  if (current?.event.slug !== eventSlug || current.menu.locationId !== locationId) eventMenuRequest.reset()
  return eventMenuRequest.run(() => fetchEventOrderMenu(eventSlug, locationId, orderType), failure)
}
