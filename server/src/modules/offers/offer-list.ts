import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm'
import type { z } from 'zod'
import type { offerListQuery, OfferListing, OfferListResponse, OfferLocation } from '@/shared/api/contracts/offers'
import type { Database } from '../../db/client'
import { campaignOffers, campaigns, cities, locations, menuItems, merchants, offers } from '../../db/schema'
import { notFound } from '../../lib/errors'
import { toOffer } from './offers.service'
import { usesOf, type Redeemer } from './offer-uses'

type ScopeLocation = OfferLocation & { currency: string }

const asOfferLocation = ({ id, locationSlug, merchantType, merchantName, branchName, city }: ScopeLocation): OfferLocation => ({
  id,
  locationSlug,
  merchantType,
  merchantName,
  branchName,
  city,
})

const listingColumns = {
  id: locations.id,
  locationSlug: locations.locationSlug,
  merchantType: merchants.merchantType,
  merchantName: merchants.name,
  branchName: locations.branchName,
  city: cities.name,
  citySlug: cities.slug,
  currency: locations.currency,
  onlineOrder: locations.onlineOrder,
  disabledServices: locations.disabledServices,
}

/** A coupon comes off an order: only restaurants taking online orders right now can be offered for one. */
const takesOrders = (row: { onlineOrder: boolean; disabledServices: { isOnlineOrder?: boolean } }) => row.onlineOrder && row.disabledServices.isOnlineOrder !== true

/**
 * GET /coupon/v2/offers: the offers usable in a city or at one restaurant — active, started and
 * unexpired at `now`, each with the restaurants it can be used at (a restaurant's own offer there,
 * an offer of every location at the city's restaurants of its currency), the dish of an item offer,
 * its campaign, and the uses the diner has left (docs/payments.md "Coupons").
 */
export async function listOffers(db: Database, query: z.output<typeof offerListQuery>, who: Redeemer | undefined, now = new Date()): Promise<OfferListResponse> {
  const base = db
    .select(listingColumns)
    .from(locations)
    .innerJoin(merchants, eq(merchants.id, locations.merchantId))
    .innerJoin(cities, eq(cities.id, locations.cityId))
  let scope: ScopeLocation[]
  let city: OfferListResponse['city']
  if (query.locationId) {
    const [row] = await base.where(and(eq(locations.id, query.locationId), eq(locations.isActive, true)))
    if (!row) throw notFound('The restaurant')
    city = { slug: row.citySlug, name: row.city }
    scope = takesOrders(row) ? [row] : []
  } else {
    const [found] = await db.select({ slug: cities.slug, name: cities.name }).from(cities).where(eq(cities.slug, query.citySlug!))
    if (!found) throw notFound('The city')
    city = found
    const rows = await base.where(and(eq(cities.slug, found.slug), eq(locations.isActive, true))).orderBy(asc(merchants.name), asc(locations.branchName))
    scope = rows.filter(takesOrders)
  }
  if (scope.length === 0) return { city, offers: [] }

  const currencies = [...new Set(scope.map((location) => location.currency))]
  const rows = await db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.isActive, true),
        lte(offers.startsAt, now),
        or(isNull(offers.expiresAt), gt(offers.expiresAt, now)),
        or(
          inArray(
            offers.locationId,
            scope.map((location) => location.id),
          ),
          and(isNull(offers.locationId), inArray(offers.currency, currencies)),
        ),
      ),
    )
  if (rows.length === 0) return { city, offers: [] }

  const itemIds = rows.flatMap((row) => (row.itemId ? [row.itemId] : []))
  const items = itemIds.length
    ? await db.select({ id: menuItems.id, name: menuItems.name, locationId: menuItems.locationId, visibleTo: menuItems.visibleTo }).from(menuItems).where(inArray(menuItems.id, itemIds))
    : []
  const running = await db
    .select({ offerId: campaignOffers.offerId, id: campaigns.id, title: campaigns.title })
    .from(campaignOffers)
    .innerJoin(campaigns, eq(campaigns.id, campaignOffers.campaignId))
    .where(
      and(
        inArray(
          campaignOffers.offerId,
          rows.map((row) => row.id),
        ),
        lte(campaigns.startsAt, now),
        gt(campaigns.endsAt, now),
      ),
    )
    .orderBy(asc(campaigns.endsAt))

  const listings: OfferListing[] = []
  for (const row of rows) {
    const item = row.itemId ? items.find((candidate) => candidate.id === row.itemId) : undefined
    // An item offer whose dish diners cannot order is no offer at all.
    if (row.kind === 'ITEM' && (!item || !item.visibleTo.includes('C'))) continue
    const usable = scope.filter((location) =>
      row.locationId ? location.id === row.locationId : location.currency === row.currency && (!item || item.locationId === location.id),
    )
    if (usable.length === 0) continue
    const campaign = running.find((entry) => entry.offerId === row.id)
    listings.push({
      ...toOffer(row),
      item: item ? { id: item.id, name: item.name } : null,
      locations: usable.map(asOfferLocation),
      campaign: campaign ? { id: campaign.id, title: campaign.title } : null,
      usesPerDiner: row.perCustomerLimit,
      usesLeft: who ? Math.max(0, row.perCustomerLimit - (await usesOf(db, row.id, who))) : null,
    })
  }
  // Usable first, then what ends soonest, then by code.
  listings.sort(
    (a, b) =>
      Number(a.usesLeft === 0) - Number(b.usesLeft === 0) ||
      (a.expiresAt ?? '9999').localeCompare(b.expiresAt ?? '9999') ||
      a.code.localeCompare(b.code),
  )
  return { city, offers: listings }
}
