import { call } from '@/shared/api'

/** POST /customer/event/v2 (encrypted): the event behind /e/{eventSlug}, its location and its slots; a 404 is an ApiRefusal like any refusal. */
export const fetchEvent = (eventSlug: string) => call('POST /customer/event/v2', { body: { eventSlug }, encrypted: true })

/** POST /merchants/locations/event-order-menu/v2 (docs/events.md, "Endpoints"): menu, slots and the restaurant forced open. */
export const fetchEventOrderMenu = (eventSlug: string, locationId: string, orderType: string) =>
  call('POST /merchants/locations/event-order-menu/v2', { body: { eventSlug, locationId, orderType }, encrypted: true })
