import { api, call, everyRefusal, unwrap, type EventOrderMenuResponse } from '@/shared/api'

/** POST /customer/event/v2 (encrypted): the event behind /e/{eventSlug}, its location and its slots; any refusal (404: no such event) is an ApiRefusal. */
export const fetchEvent = (eventSlug: string) => everyRefusal(call('POST /customer/event/v2', { body: { eventSlug }, encrypted: true }))

/**
 * POST /merchants/locations/event-order-menu/v2 (docs/events.md, "Endpoints"): menu, slots and the
 * restaurant forced open. Not in the endpoint map yet (its menu and restaurant schemas are the catalog's).
 */
export const fetchEventOrderMenu = (eventSlug: string, locationId: string, orderType: string) =>
  everyRefusal(
    api.post<EventOrderMenuResponse>('/merchants/locations/event-order-menu/v2', { eventSlug, locationId, orderType }, { encrypted: true }).then(unwrap),
  )
