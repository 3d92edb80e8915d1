import { inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { FindMerchantResponse, findMerchantRequest } from '@/shared/api/contracts/merchants'
import type { Executor } from '../../db/executor'
import { locations } from '../../db/schema'
import { loadJoined, summarise } from './restaurants'
import { findCandidates, hoursOf, keepOpen, matchedDishesOf, suggestionsFor, wordsFoundNowhere } from './search'

/** POST /customer/findMerchant/v2, restaurant search (docs/discovery.md): `now` decides "open now" and the open status of each result. */
export async function findRestaurants(db: Executor, apiBase: string, request: z.output<typeof findMerchantRequest>, now = new Date()): Promise<FindMerchantResponse> {
  const origin = request.lat !== undefined && request.lng !== undefined ? { lat: request.lat, lng: request.lng } : undefined
  let candidates = await findCandidates(db, request, origin)
  // Nothing holds the words as typed: look for close words, as a misspelling ("buger") needs.
  const loose = candidates.length > 0 ? new Set<string>() : await wordsFoundNowhere(db, request.query)
  const close = loose.size > 0
  if (close) candidates = await findCandidates(db, request, origin, loose)
  if (request.openNow) candidates = keepOpen(candidates, await hoursOf(db, candidates.map((c) => c.id)), now)
  const pageIds = candidates.slice(request.page * request.size, (request.page + 1) * request.size).map((c) => c.id)
  const [rows, dishes, suggestions] = await Promise.all([
    pageIds.length ? loadJoined(db, inArray(locations.id, pageIds)) : Promise.resolve([]),
    matchedDishesOf(db, pageIds, request.query, request.services),
    request.suggest ? suggestionsFor(db, candidates, request.query, request.services) : Promise.resolve(undefined),
  ])
  const position = new Map(pageIds.map((id, index) => [id, index]))
  rows.sort((a, b) => position.get(a.location.id)! - position.get(b.location.id)!)
  return {
    content: (await summarise(db, apiBase, rows, origin, now)).map((s) => ({ ...s.summary, matchedDishes: dishes.get(s.summary.id) ?? [] })),
    totalElements: candidates.length,
    page: request.page,
    size: request.size,
    ...(suggestions ? { suggestions } : {}),
    ...(close ? { closeMatches: true } : {}),
  }
}
