import { z } from 'zod'
import { mediaRef, menuResponse, restaurantDetail, theme } from './merchants'
import { defineEndpoints } from './endpoint'
import { localDate, slug, uuid } from './fields'
import { offer } from './offers'

/** POST /merchants/locations/event-order-menu/v2 (eventSlug, locationId, and type or orderType, which default to "event"). */
export const eventOrderMenuRequest = z
  .object({
    eventSlug: slug,
    locationId: uuid('a location id'),
    orderType: z.string().trim().min(1).max(40).optional(),
    type: z.string().trim().min(1).max(40).optional(),
  })
  .transform(({ type, orderType, ...rest }) => ({ ...rest, orderType: orderType ?? type ?? 'event' }))

/** POST /customer/event/v2: the event behind /e/{eventSlug}. */
export const eventRequest = z.object({ eventSlug: slug })

/** POST /customer/campaign/v2: the campaign behind /campaign/{campaignId}. */
export const campaignRequest = z.object({ campaignId: uuid('a campaign id') })

export type EventOrderMenuRequest = z.input<typeof eventOrderMenuRequest>

export const eventSummary = z
  .strictObject({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    /** Local dates (YYYY-MM-DD), inclusive. */
    startsOn: localDate,
    endsOn: localDate,
    /** Every date of the event, in order. */
    dates: z.array(localDate),
    orderTypeCode: z.string(),
  })
  .meta({ id: 'EventSummary', description: 'startsOn and endsOn are local dates, inclusive; dates lists every date in order.' })

/** One pickup slot of an event date: `remaining` of the slot's orders are left; unavailable when full or past the cut-off. */
export const eventSlot = z
  .strictObject({ time: z.string(), available: z.boolean(), remaining: z.number().int() })
  .meta({ id: 'EventSlot', description: 'A local HH:mm pickup slot; remaining orders left; unavailable when full or past the cut-off.' })

/** The pickup slots of each event date. */
export const eventDateSlots = z
  .strictObject({ date: localDate, orderable: z.boolean(), slots: z.array(eventSlot) })
  .meta({ id: 'EventDateSlots' })

export const eventLocation = z
  .strictObject({
    id: z.uuid(),
    locationSlug: z.string(),
    merchantSlug: z.string(),
    merchantName: z.string(),
    branchName: z.string(),
    merchantType: z.string(),
    address: z.string(),
    city: z.string(),
    currency: z.string(),
    timeZoneCd: z.string(),
    theme: theme.nullable(),
    logo: mediaRef.nullable(),
  })
  .meta({ id: 'EventLocation' })

export const eventResponse = z
  .strictObject({ event: eventSummary, location: eventLocation, eventOrderSlot: z.array(eventDateSlots) })
  .meta({ id: 'EventResponse' })

export type EventSummary = z.output<typeof eventSummary>
export type EventSlot = z.output<typeof eventSlot>
export type EventDateSlots = z.output<typeof eventDateSlots>
export type EventLocation = z.output<typeof eventLocation>
export type EventResponse = z.output<typeof eventResponse>

export const eventOrderMenuResponse = z
  .strictObject({
    event: eventSummary,
    menu: menuResponse,
    eventOrderSlot: z.array(eventDateSlots),
    restaurant: restaurantDetail,
  })
  .meta({ id: 'EventOrderMenuResponse', description: "An event takes orders whatever the restaurant's hours." })
export type EventOrderMenuResponse = z.output<typeof eventOrderMenuResponse>

export const campaignLocation = z
  .strictObject({
    id: z.uuid(),
    locationSlug: z.string(),
    branchName: z.string(),
    merchantType: z.string(),
    address: z.string(),
    city: z.string(),
    open: z.union([z.literal(0), z.literal(1)]),
  })
  .meta({ id: 'CampaignLocation' })

export const campaignResponse = z
  .strictObject({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    active: z.boolean(),
    merchant: z.strictObject({ id: z.uuid(), name: z.string(), slug: z.string(), merchantType: z.string(), theme: theme.nullable(), logo: mediaRef.nullable() }),
    offers: z.array(offer),
    locations: z.array(campaignLocation),
  })
  .meta({ id: 'CampaignResponse', description: 'An ended or not yet started campaign answers with active false; its offers are the active, unexpired ones.' })

export type CampaignLocation = z.output<typeof campaignLocation>
export type CampaignResponse = z.output<typeof campaignResponse>

/**
 * Event landings and campaigns (docs/events.md, docs/offers.md "Campaigns"): encrypted both ways
 * like the other merchant calls. The event order menu embeds the catalog's menu and restaurant
 * schemas (merchants.ts).
 */
export const eventEndpoints = defineEndpoints({
  'POST /merchants/locations/event-order-menu/v2': {
    auth: 'none',
    wire: 'encrypted',
    tag: 'events',
    summary: 'The menu of an event at its location, with the event, its pickup slots by date and the restaurant',
    body: eventOrderMenuRequest,
    response: eventOrderMenuResponse,
    errors: ['not_found', 'menu_type_not_offered'],
  },
  'POST /customer/event/v2': {
    auth: 'none',
    wire: 'encrypted',
    tag: 'events',
    summary: 'The event behind /e/{eventSlug}: its dates, its location and the pickup slots of each date',
    body: eventRequest,
    response: eventResponse,
    errors: ['not_found'],
  },
  'POST /customer/campaign/v2': {
    auth: 'none',
    wire: 'encrypted',
    tag: 'events',
    summary: 'The campaign behind /campaign/{campaignId}: its offers and the merchant’s locations',
    body: campaignRequest,
    response: campaignResponse,
    errors: ['not_found'],
  },
})
