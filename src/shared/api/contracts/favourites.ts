import { z } from 'zod'
import { defineEndpoints } from './endpoint'
import type { MediaRef } from './merchants'

const customerId = z.uuid('must be a customer id')
const locationId = z.uuid('must be a location id')

/** POST and DELETE /favourites: a restaurant without itemId, one of its items with it. */
export const favouriteRequest = z.object({
  customerId,
  locationId,
  itemId: z.uuid('must be an item id').optional(),
})

/** GET /favourites: one restaurant's favourites with locationId, all of them without. */
export const favouritesQuery = z.object({
  customerId,
  locationId: locationId.optional(),
})

export type FavouriteRequest = z.input<typeof favouriteRequest>
export type FavouritesQuery = z.input<typeof favouritesQuery>

export const favourite = z
  .strictObject({
    id: z.uuid(),
    customerId: z.uuid(),
    locationId: z.uuid(),
    itemId: z.uuid().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Favourite' })

const mediaRef = z.strictObject({ id: z.string(), entityType: z.string(), mimeType: z.string(), url: z.string(), altText: z.string() })

export const favouriteRestaurant = z
  .strictObject({
    locationId: z.uuid(),
    branchName: z.string(),
    merchantName: z.string(),
    merchantType: z.string(),
    merchantSlug: z.string(),
    locationSlug: z.string(),
    city: z.string(),
    logo: mediaRef.nullable(),
  })
  .meta({ id: 'FavouriteRestaurant' })

export const favouriteItem = z
  .strictObject({
    itemId: z.uuid(),
    locationId: z.uuid(),
    name: z.string(),
    slug: z.string(),
    price: z.number().int().meta({ description: 'Minor units of `currency`.' }),
    currency: z.string(),
    merchantType: z.string(),
    locationSlug: z.string(),
  })
  .meta({ id: 'FavouriteItem' })

/** Newest first. */
export const favouritesResponse = z
  .strictObject({ restaurants: z.array(favouriteRestaurant), items: z.array(favouriteItem) })
  .meta({ id: 'FavouritesResponse', description: 'Newest first.' })

export const removeFavouriteResponse = z.strictObject({ removed: z.boolean() }).meta({ id: 'RemoveFavouriteResponse' })

export type Favourite = z.output<typeof favourite>
export type FavouriteRestaurant = z.output<typeof favouriteRestaurant>
export type FavouriteItem = z.output<typeof favouriteItem>
export type FavouritesResponse = z.output<typeof favouritesResponse>
export type RemoveFavouriteResponse = z.output<typeof removeFavouriteResponse>

// The logo is a media reference of the merchant contracts: this keeps the two in step.
null as unknown as FavouriteRestaurant['logo'] satisfies MediaRef | null

/** Favourite restaurants and items of the signed-in customer (docs/accounts.md). */
export const favouriteEndpoints = defineEndpoints({
  'GET /favourites': {
    auth: 'customer',
    wire: 'json',
    tag: 'favourites',
    summary: 'The signed-in customer’s favourites: one restaurant’s with locationId, all without',
    query: favouritesQuery,
    response: favouritesResponse,
    errors: ['not_found'],
  },
  'POST /favourites': {
    auth: 'customer',
    wire: 'json',
    tag: 'favourites',
    summary: 'Marks a restaurant (no itemId) or one of its items as a favourite; 200 when it already was',
    body: favouriteRequest,
    response: favourite,
    statuses: [201, 200],
    errors: ['not_found', 'item_not_at_location'],
  },
  'DELETE /favourites': {
    auth: 'customer',
    wire: 'json',
    tag: 'favourites',
    summary: 'Removes a favourite; removed is false when it was not one',
    body: favouriteRequest,
    response: removeFavouriteResponse,
    errors: ['not_found', 'item_not_at_location'],
  },
})
