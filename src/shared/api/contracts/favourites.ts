import { z } from 'zod'
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

export type Favourite = {
  id: string
  customerId: string
  locationId: string
  itemId: string | null
  createdAt: string
}

export type FavouriteRestaurant = {
  locationId: string
  branchName: string
  merchantName: string
  merchantType: string
  merchantSlug: string
  locationSlug: string
  city: string
  logo: MediaRef | null
}

export type FavouriteItem = {
  itemId: string
  locationId: string
  name: string
  slug: string
  /** Minor units of `currency`. */
  price: number
  currency: string
  merchantType: string
  locationSlug: string
}

/** Newest first. */
export type FavouritesResponse = {
  restaurants: FavouriteRestaurant[]
  items: FavouriteItem[]
}

export type RemoveFavouriteResponse = { removed: boolean }
