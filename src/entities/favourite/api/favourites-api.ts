import { call } from '@/shared/api'
import type { FavouriteRequest, FavouritesQuery } from '@/shared/api'

// Signed with the session's headers as given: a favourites call never refreshes the token itself.
export const fetchFavourites = (query: FavouritesQuery, headers: Record<string, string>) => call('GET /favourites', { query, headers })

export const addFavourite = (body: FavouriteRequest, headers: Record<string, string>) => call('POST /favourites', { body, headers })

export const removeFavourite = (body: FavouriteRequest, headers: Record<string, string>) => call('DELETE /favourites', { body, headers })
