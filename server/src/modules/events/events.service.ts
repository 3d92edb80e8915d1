import { and, asc, eq } from 'drizzle-orm'
import type { CampaignResponse, EventLocation, EventOrderMenuResponse, EventResponse, EventSummary } from '@/shared/api/contracts/events'
import type { MenuResponse } from '@/shared/api/contracts/merchants'
import { campaignOffers, campaigns, events, locations, merchants, offers, orderTypes } from '../../db/schema'
import type { Executor } from '../../db/executor'
import { ApiError, notFound } from '../../lib/errors'
import { menuOf } from '../merchants/menu'
import { merchantDetails, restaurantById } from '../merchants/restaurants'
import { toOffer } from '../offers/offers.service'
import { activeEvent, EVENT_GROUP, eventDates, eventItemPrices, eventSlotBook } from './event-orders'

type EventRow = typeof events.$inferSelect
type LocationRow = typeof locations.$inferSelect

function summaryOf(event: EventRow, orderTypeCode: string): EventSummary {
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    description: event.description,
    startsOn: event.startsOn,
    endsOn: event.endsOn,
    dates: eventDates(event),
    orderTypeCode,
  }
}

async function eventOrderTypeOf(db: Executor, locationId: string, code?: string) {
  const [type] = await db
    .select()
    .from(orderTypes)
    .where(and(eq(orderTypes.locationId, locationId), eq(orderTypes.typeGroup, EVENT_GROUP), code ? eq(orderTypes.code, code) : undefined))
    .orderBy(asc(orderTypes.sortOrder))
  return type
}

async function locationOf(db: Executor, apiBase: string, location: LocationRow): Promise<EventLocation> {
  const details = await restaurantById(db, apiBase, location.id)
  return {
    id: details.id,
    locationSlug: details.locationSlug,
    merchantSlug: details.merchantSlug,
    merchantName: details.merchantName,
    branchName: details.branchName,
    merchantType: details.merchantType,
    address: details.address,
    city: details.city,
    currency: details.currency,
    timeZoneCd: details.timeZoneCd,
    theme: details.theme,
    logo: details.logo,
  }
}

/** Event menus and landings (/e/{eventSlug}: docs/events.md) and campaigns (/campaign/{campaignId}: docs/offers.md "Campaigns"). */
export async function eventLanding(db: Executor, apiBase: string, slug: string, now = new Date()): Promise<EventResponse> {
  const { event, location } = await activeEvent(db, slug)
  const type = await eventOrderTypeOf(db, location.id)
  if (!type) throw notFound('The event')
  return {
    event: summaryOf(event, type.code),
    location: await locationOf(db, apiBase, location),
    eventOrderSlot: await eventSlotBook(db, event, location, type.code, now),
  }
}

export async function eventOrderMenu(db: Executor, apiBase: string, request: { eventSlug: string; locationId: string; orderType: string }, now = new Date()): Promise<EventOrderMenuResponse> {
  const { event, location } = await activeEvent(db, request.eventSlug)
  // Another location's event is not this location's to show.
  if (event.locationId !== request.locationId) throw notFound('The event')
  const type = await eventOrderTypeOf(db, location.id, request.orderType)
  if (!type) throw new ApiError(404, 'menu_type_not_offered', `This restaurant has no ${request.orderType} event menu.`)
  const [fullMenu, prices, restaurant, slots] = await Promise.all([
    menuOf(db, apiBase, location.id, type.code, ['C']),
    eventItemPrices(db, event.id),
    restaurantById(db, apiBase, location.id),
    eventSlotBook(db, event, location, type.code, now),
  ])
  const order = [...prices.keys()]
  const items = fullMenu.items
    .filter((item) => prices.has(item.id))
    .map((item) => ({ ...item, price: prices.get(item.id) ?? item.price }))
    .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
  const categoryIds = new Set(items.map((item) => item.categoryId))
  const menu: MenuResponse = { ...fullMenu, categories: fullMenu.categories.filter((category) => categoryIds.has(category.id)), items }
  return {
    event: summaryOf(event, type.code),
    menu,
    eventOrderSlot: slots,
    // Event orders count the restaurant open, whatever the hours today (docs/events.md "Rules").
    restaurant: { ...restaurant, open: 1, pickupCutOffTimeExceeds: false, deliveryCutOffTimeExceeds: false },
  }
}

export async function campaignPage(db: Executor, apiBase: string, campaignId: string, now = new Date()): Promise<CampaignResponse> {
  const [row] = await db
    .select({ campaign: campaigns, merchant: merchants })
    .from(campaigns)
    .innerJoin(merchants, eq(campaigns.merchantId, merchants.id))
    .where(eq(campaigns.id, campaignId))
  if (!row) throw notFound('The campaign')
  const { campaign, merchant } = row
  const offerRows = await db
    .select({ offer: offers })
    .from(campaignOffers)
    .innerJoin(offers, eq(campaignOffers.offerId, offers.id))
    .where(and(eq(campaignOffers.campaignId, campaign.id), eq(offers.isActive, true)))
    .orderBy(asc(offers.code))
  const details = await merchantDetails(db, apiBase, merchant.slug)
  return {
    id: campaign.id,
    title: campaign.title,
    description: campaign.description,
    startsAt: campaign.startsAt.toISOString(),
    endsAt: campaign.endsAt.toISOString(),
    active: campaign.startsAt.getTime() <= now.getTime() && now.getTime() < campaign.endsAt.getTime(),
    merchant: { id: details.id, name: details.name, slug: details.slug, merchantType: details.merchantType, theme: details.theme, logo: details.logo },
    offers: offerRows.map(({ offer }) => toOffer(offer)).filter((offer) => !offer.expiresAt || Date.parse(offer.expiresAt) > now.getTime()),
    locations: details.locations.map((location) => ({
      id: location.id,
      locationSlug: location.locationSlug,
      branchName: location.branchName,
      merchantType: location.merchantType,
      address: location.address,
      city: location.city,
      open: location.open,
    })),
  }
}
