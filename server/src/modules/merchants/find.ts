import { inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { FindMerchantResponse, findMerchantRequest, LocationSummary } from '@/shared/api/contracts/merchants'
import type { Executor } from '../../db/executor'
import { locations } from '../../db/schema'
import { loadJoined, summarise } from './restaurants'
import { findCandidates, hoursOf, keepOpen, matchedDishesOf, suggestionsFor, wordsFoundNowhere, type Candidate, type Origin, type SearchFilters } from './search'

/**
 * Where a search's clock- and point-dependent answers come from: straight from the database
 * (`summariesFromDatabase`), or from the search cache (search-cache.ts), which must answer the same.
 */
export type SummarySource = {
  /**
   * Every match of a search in the answer's order, as `findCandidates` finds them, when the source
   * can answer it by itself (the search index: no words, while listening); else undefined.
   */
  candidates?(filters: SearchFilters, origin: Origin | undefined): Promise<Candidate[] | undefined>
  /** The candidates open at `now` in their own zones, in the same order. */
  openAt(candidates: Candidate[], now: Date): Promise<Candidate[]>
  /** The summaries of a page of candidates, in its order, at `now`, from `origin`; a location gone since is left out. */
  summaries(page: Candidate[], origin: Origin | undefined, now: Date): Promise<LocationSummary[]>
}

/** Every answer read from the database at the request: what the cache is held to. */
export const summariesFromDatabase = (db: Executor, apiBase: string): SummarySource => ({
  openAt: async (candidates, now) => keepOpen(candidates, await hoursOf(db, candidates.map((c) => c.id)), now),
  async summaries(page, origin, now) {
    const pageIds = page.map((c) => c.id)
    if (pageIds.length === 0) return []
    const rows = await loadJoined(db, inArray(locations.id, pageIds))
    const position = new Map(pageIds.map((id, index) => [id, index]))
    rows.sort((a, b) => position.get(a.location.id)! - position.get(b.location.id)!)
    return (await summarise(db, apiBase, rows, origin, now)).map((s) => s.summary)
  },
})

/**
 * POST /customer/findMerchant/v2, restaurant search (docs/discovery.md): `now` decides "open now"
 * and the open status of each result; `source` gives the summaries (the route passes its cache).
 */
export async function findRestaurants(
  db: Executor,
  apiBase: string,
  request: z.output<typeof findMerchantRequest>,
  now = new Date(),
  source: SummarySource = summariesFromDatabase(db, apiBase),
): Promise<FindMerchantResponse> {
  const origin = request.lat !== undefined && request.lng !== undefined ? { lat: request.lat, lng: request.lng } : undefined
  let candidates = (await source.candidates?.(request, origin)) ?? (await findCandidates(db, request, origin))
  // Nothing holds the words as typed: look for close words, as a misspelling ("buger") needs.
  const loose = candidates.length > 0 ? new Set<string>() : await wordsFoundNowhere(db, request.query)
  const close = loose.size > 0
  if (close) candidates = await findCandidates(db, request, origin, loose)
  if (request.openNow) candidates = await source.openAt(candidates, now)
  const page = candidates.slice(request.page * request.size, (request.page + 1) * request.size)
  const pageIds = page.map((c) => c.id)
  const [summaries, dishes, suggestions] = await Promise.all([
    source.summaries(page, origin, now),
    matchedDishesOf(db, pageIds, request.query, request.services),
    request.suggest ? suggestionsFor(db, candidates, request.query, request.services) : Promise.resolve(undefined),
  ])
  return {
    content: summaries.map((summary) => ({ ...summary, matchedDishes: dishes.get(summary.id) ?? [] })),
    totalElements: candidates.length,
    page: request.page,
    size: request.size,
    ...(suggestions ? { suggestions } : {}),
    ...(close ? { closeMatches: true } : {}),
  }
}
