import { api, isErrorBody, thrownErrorBody, type EventOrderMenuResponse, type EventResponse } from '@/shared/api'

/** A refusal or failure of an event call, with the server's message (404: no such event). */
export class EventLoadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'EventLoadError'
  }
}

/** POST /customer/event/v2 (encrypted): the event behind /e/{eventSlug}, its location and its slots. */
export async function fetchEvent(eventSlug: string): Promise<EventResponse> {
  try {
    const answer = await api.post<EventResponse>('/customer/event/v2', { eventSlug }, { encrypted: true })
    if (isErrorBody(answer)) throw new EventLoadError(answer.message, answer.status)
    return answer
  } catch (error) {
    throw toEventError(error)
  }
}

/** POST /merchants/locations/event-order-menu/v2 (docs/events.md, "Endpoints"): menu, slots and the restaurant forced open. */
export async function fetchEventOrderMenu(eventSlug: string, locationId: string, orderType: string): Promise<EventOrderMenuResponse> {
  try {
    const answer = await api.post<EventOrderMenuResponse>('/merchants/locations/event-order-menu/v2', { eventSlug, locationId, orderType }, { encrypted: true })
    if (isErrorBody(answer)) throw new EventLoadError(answer.message, answer.status)
    return answer
  } catch (error) {
    throw toEventError(error)
  }
}

function toEventError(error: unknown): EventLoadError {
  if (error instanceof EventLoadError) return error
  const body = thrownErrorBody(error)
  return body ? new EventLoadError(body.message, body.status) : new EventLoadError(error instanceof Error ? error.message : String(error))
}
