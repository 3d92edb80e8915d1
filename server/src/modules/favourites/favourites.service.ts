import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type {
  Favourite,
  FavouriteItem,
  FavouriteRestaurant,
  FavouritesResponse,
} from '@/shared/api/contracts/favourites'
import type { MediaRef } from '@/shared/api/contracts/merchants'
import type { Executor } from '../../db/executor'
import { cities, customers, favourites, locations, media, menuItems, merchants } from '../../db/schema'
import { ApiError, notFound } from '../../lib/errors'
import { unauthenticated } from '../auth/tokens'
import { mediaUrl } from '../merchants/restaurant-view'

export type FavouriteKey = { customerId: string; locationId: string; itemId?: string }

const toFavourite = (row: typeof favourites.$inferSelect): Favourite => ({
  id: row.id,
  customerId: row.customerId,
  locationId: row.locationId,
  itemId: row.itemId,
  createdAt: row.createdAt.toISOString(),
})

const activeLocation = (locationId: string) => and(eq(locations.id, locationId), eq(locations.isActive, true))

/** The location must be listed; an item must exist, be on its menu and be meant for customers. */
async function checkTarget(db: Executor, { locationId, itemId }: FavouriteKey) {
  const [location] = await db.select({ id: locations.id }).from(locations).where(activeLocation(locationId))
  if (!location) throw notFound('The restaurant')
  if (!itemId) return
  const [item] = await db
    .select({ locationId: menuItems.locationId, visibleTo: menuItems.visibleTo })
    .from(menuItems)
    .where(eq(menuItems.id, itemId))
  if (!item || !item.visibleTo.includes('C')) throw notFound('The menu item')
  if (item.locationId !== locationId) {
    throw new ApiError(400, 'item_not_at_location', 'Invalid request: itemId is not on the menu of locationId.')
  }
}

const matching = ({ customerId, locationId, itemId }: FavouriteKey) =>
  and(
    eq(favourites.customerId, customerId),
    itemId ? eq(favourites.itemId, itemId) : and(eq(favourites.locationId, locationId), isNull(favourites.itemId)),
  )

async function restaurantsOf(db: Executor, apiBase: string, customerId: string, locationId?: string): Promise<FavouriteRestaurant[]> {
  const rows = await db
    .select({ location: locations, merchant: merchants, city: cities })
    .from(favourites)
    .innerJoin(locations, eq(favourites.locationId, locations.id))
    .innerJoin(merchants, eq(locations.merchantId, merchants.id))
    .innerJoin(cities, eq(locations.cityId, cities.id))
    .where(
      and(
        eq(favourites.customerId, customerId),
        isNull(favourites.itemId),
        eq(locations.isActive, true),
        locationId ? eq(favourites.locationId, locationId) : undefined,
      ),
    )
    .orderBy(desc(favourites.createdAt), desc(favourites.id))
  if (rows.length === 0) return []
  const merchantIds = [...new Set(rows.map((r) => r.merchant.id))]
  const logos = await db
    .select({ id: media.id, merchantId: media.merchantId, mimeType: media.mimeType, altText: media.altText })
    .from(media)
    .where(and(inArray(media.merchantId, merchantIds), eq(media.entityType, 'LOGO')))
  const logoOf = (merchantId: string): MediaRef | null => {
    const logo = logos.find((m) => m.merchantId === merchantId)
    if (!logo) return null
    return { id: logo.id, entityType: 'LOGO', mimeType: logo.mimeType, altText: logo.altText, url: mediaUrl(apiBase, 'LOGO', logo.id) }
  }
  return rows.map(({ location, merchant, city }) => ({
    locationId: location.id,
    branchName: location.branchName,
    merchantName: merchant.name,
    merchantType: merchant.merchantType,
    merchantSlug: merchant.slug,
    locationSlug: location.locationSlug,
    city: city.name,
    logo: logoOf(merchant.id),
  }))
}

async function itemsOf(db: Executor, customerId: string, locationId?: string): Promise<FavouriteItem[]> {
  const rows = await db
    .select({
      itemId: menuItems.id,
      locationId: menuItems.locationId,
      name: menuItems.name,
      slug: menuItems.slug,
      price: menuItems.priceMinor,
      currency: locations.currency,
      merchantType: merchants.merchantType,
      locationSlug: locations.locationSlug,
    })
    .from(favourites)
    .innerJoin(menuItems, eq(favourites.itemId, menuItems.id))
    .innerJoin(locations, eq(menuItems.locationId, locations.id))
    .innerJoin(merchants, eq(locations.merchantId, merchants.id))
    .where(
      and(
        eq(favourites.customerId, customerId),
        eq(locations.isActive, true),
        sql`${menuItems.visibleTo} @> '["C"]'::jsonb`,
        locationId ? eq(favourites.locationId, locationId) : undefined,
      ),
    )
    .orderBy(desc(favourites.createdAt), desc(favourites.id))
  return rows
}

/** Adds a favourite; adding one that exists returns it unchanged (`created: false`). */
export async function addFavourite(db: Executor, key: FavouriteKey): Promise<{ favourite: Favourite; created: boolean }> {
  await checkTarget(db, key)
  // A valid token of a customer deleted since it was issued.
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, key.customerId))
  if (!customer) throw unauthenticated()
  const [inserted] = await db
    .insert(favourites)
    .values({ customerId: key.customerId, locationId: key.locationId, itemId: key.itemId ?? null })
    .onConflictDoNothing()
    .returning()
  if (inserted) return { favourite: toFavourite(inserted), created: true }
  const [existing] = await db.select().from(favourites).where(matching(key))
  if (!existing) throw new Error(`Favourite ${JSON.stringify(key)} conflicted but cannot be read`)
  return { favourite: toFavourite(existing), created: false }
}

/** Removes a favourite; removing one that does not exist is not an error. */
export async function removeFavourite(db: Executor, key: FavouriteKey): Promise<{ removed: boolean }> {
  await checkTarget(db, key)
  const removed = await db.delete(favourites).where(matching(key)).returning()
  return { removed: removed.length > 0 }
}

export async function listFavourites(db: Executor, apiBase: string, customerId: string, locationId?: string): Promise<FavouritesResponse> {
  if (locationId) {
    const [location] = await db.select({ id: locations.id }).from(locations).where(activeLocation(locationId))
    if (!location) throw notFound('The restaurant')
  }
  const [restaurants, items] = await Promise.all([restaurantsOf(db, apiBase, customerId, locationId), itemsOf(db, customerId, locationId)])
  return { restaurants, items }
}
