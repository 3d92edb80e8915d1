import { z } from 'zod'
import type { MenuResponse, RestaurantDetail, Theme, MediaRef } from './merchants'
import { slug, uuid } from './fields'
import type { Offer } from './offers'

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

export type EventSummary = {
  id: string
  slug: string
  title: string
  description: string
  /** Local dates (YYYY-MM-DD), inclusive. */
  startsOn: string
  endsOn: string
  /** Every date of the event, in order. */
  dates: string[]
  orderTypeCode: string
}

/** One pickup slot of an event date: `remaining` of the slot's orders are left; unavailable when full or past the cut-off. */
export type EventSlot = { time: string; available: boolean; remaining: number }

/** The pickup slots of each event date. */
export type EventDateSlots = { date: string; orderable: boolean; slots: EventSlot[] }

export type EventLocation = {
  id: string
  locationSlug: string
  merchantSlug: string
  merchantName: string
  branchName: string
  merchantType: string
  address: string
  city: string
  currency: string
  timeZoneCd: string
  theme: Theme | null
  logo: MediaRef | null
}

export type EventResponse = { event: EventSummary; location: EventLocation; eventOrderSlot: EventDateSlots[] }

export type EventOrderMenuResponse = {
  event: EventSummary
  menu: MenuResponse
  eventOrderSlot: EventDateSlots[]
  /** An event takes orders whatever the restaurant's hours. */
  restaurant: RestaurantDetail
}

export type CampaignLocation = {
  id: string
  locationSlug: string
  branchName: string
  merchantType: string
  address: string
  city: string
  open: 0 | 1
}

export type CampaignResponse = {
  id: string
  title: string
  description: string
  startsAt: string
  endsAt: string
  active: boolean
  merchant: { id: string; name: string; slug: string; merchantType: string; theme: Theme | null; logo: MediaRef | null }
  offers: Offer[]
  locations: CampaignLocation[]
}
