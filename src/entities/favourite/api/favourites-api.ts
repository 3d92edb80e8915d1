import { api, isErrorBody } from '@/shared/api'
import type {
  Favourite,
  FavouriteRequest,
  FavouritesQuery,
  FavouritesResponse,
  RemoveFavouriteResponse,
} from '@/shared/api'

/** A refusal by the server, carrying its message for the user. */
export class FavouritesFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message)
    this.name = 'FavouritesFailure'
  }
}

function unwrap<T>(result: T | { status: number; message: string; code: string }): T {
  if (isErrorBody(result)) throw new FavouritesFailure(result.message, result.status, result.code)
  return result
}

export async function fetchFavourites(query: FavouritesQuery, headers: Record<string, string>): Promise<FavouritesResponse> {
  return unwrap(await api.get<FavouritesResponse>('/favourites', { query, headers }))
}

export async function addFavourite(body: FavouriteRequest, headers: Record<string, string>): Promise<Favourite> {
  return unwrap(await api.post<Favourite>('/favourites', body, { headers }))
}

export async function removeFavourite(body: FavouriteRequest, headers: Record<string, string>): Promise<RemoveFavouriteResponse> {
  return unwrap(await api.delete<RemoveFavouriteResponse>('/favourites', { body, headers }))
}
