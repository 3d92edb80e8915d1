import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import {
  SEARCH_SERVICES,
  type DishSuggestion,
  type MatchedDish,
  type RestaurantSuggestion,
  type SearchService,
  type SearchSuggestions,
} from '@/shared/api/contracts/merchants'
import { openingStatus, type WorkingSession } from '@/shared/lib/hours'
import type { Executor } from '../../db/executor'
import { cities, locations, menuItems, merchants, orderTypes, workingHours } from '../../db/schema'

/**
 * Restaurant search (docs/discovery.md). In two steps, so that a cache keyed by the data's
 * version can keep the first and only the clock-dependent second runs per request:
 *  1. `findCandidates` — one indexed query: every active restaurant that matches the words and the
 *     clock-free filters, in the answer's order (distance, then name). No clock in it.
 *  2. `keepOpen` — the "open now" filter, in JavaScript with the same `openingStatus` that the
 *     cards show, at the request's instant.
 * Paging then slices the list, and only the page is summarised.
 */

type LocationRow = typeof locations.$inferSelect

export type SearchFilters = {
  cityName?: string
  merchantType?: string
  query?: string
  services?: SearchService[]
  minRating?: number
}

export type Origin = { lat: number; lng: number }

export type Candidate = {
  id: string
  timeZone: string
  merchantName: string
  branchName: string
  neighbourhood: string
  locationSlug: string
  merchantType: string
  city: string
  cuisine: string[]
  /** The location's search_version, read with the match: a cached summary of an older one is stale. */
  version: number
}

const stripMarks = (text: string) => text.normalize('NFD').replace(/\p{M}+/gu, '')

/**
 * A word without its plural ending ("burgers" → "burger", "curries" → "curr"): words match inside
 * names, so the shorter stem finds the singular and the plural alike.
 */
export function stem(word: string): string {
  if (word.length >= 5 && word.endsWith('ies')) return word.slice(0, -3)
  if (word.length >= 4 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1)
  return word
}

/** The words of a query, lower case without accents (as SQL's `search_fold`) and stemmed, at most six. */
export function searchWords(query: string | undefined): string[] {
  if (!query) return []
  const words = stripMarks(query.toLowerCase()).split(/\s+/).filter(Boolean).map(stem)
  return [...new Set(words)].slice(0, 6)
}

/** Dish names are searched for words of three letters or more: shorter ones match too much to help. */
export const DISH_WORD_MIN = 3

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)
const likePattern = (word: string) => `%${escapeLike(word)}%`

const fold = (text: SQL) => sql`search_fold(${text})`

/** A restaurant's own words: brand, branch, neighbourhood and cuisines. */
const ownText = fold(sql`${merchants.name} || ' ' || ${locations.branchName} || ' ' || ${locations.neighbourhood} || ' ' || ${locations.cuisine}::text`)

/** Dishes a diner can see: not hidden, not staff-only. */
const dinerDish = sql`${menuItems.display} = 1 and ${menuItems.visibleTo} ? 'C'`

/** How close a word must be to a word of a name to match it when nothing matches as typed. */
export const CLOSE_WORD_SIMILARITY = 0.4

/**
 * Every word appears in the restaurant's own words or in the name of one of its dishes. `close`:
 * or a word of them is close to it (pg_trgm's word similarity, `<%`), for misspellings.
 */
function wordMatches(word: string, close = false): SQL {
  const pattern = likePattern(word)
  if (word.length < DISH_WORD_MIN) return sql`${ownText} like ${pattern}`
  const dishName = sql`${menuItems.nameFolded}`
  const own = close ? sql`(${ownText} like ${pattern} or ${word} <% ${ownText})` : sql`${ownText} like ${pattern}`
  const dish = close ? sql`(${dishName} like ${pattern} or ${word} <% ${dishName})` : sql`${dishName} like ${pattern}`
  // A hashed sub-plan: the trigram index finds the dishes once per query, not once per restaurant.
  return sql`(${own} or ${locations.id} in (select ${menuItems.locationId} from ${menuItems} where ${dish} and ${dinerDish}))`
}

const flagOff = (flag: string) => sql`not coalesce((${locations.disabledServices} ->> ${flag})::boolean, false)`
const hasTypeGroup = (group: string) =>
  sql`exists (select 1 from ${orderTypes} where ${orderTypes.locationId} = ${locations.id} and ${orderTypes.typeGroup} = ${group})`
const ordersOnline = sql`(${locations.onlineOrder} and ${flagOff('isOnlineOrder')})`

/** `servicesOf` in SQL, for the filter; a test holds the two to the same answer for every seeded restaurant. */
const SERVICE_SQL: Record<SearchService, SQL> = {
  pickup: sql`(${ordersOnline} and ${hasTypeGroup('P')})`,
  delivery: sql`(${ordersOnline} and ${hasTypeGroup('L')} and ${locations.deliveryKMRadius} > 0 and ${flagOff('isDelivery')})`,
  dinein: hasTypeGroup('D'),
  reservations: sql`(${locations.dining} and ${flagOff('isReservation')})`,
  waitlist: sql`(${locations.onlineCheckin} and ${flagOff('isCheckin')})`,
}

/** What a restaurant offers online: the card's actions and the search filters (docs/discovery.md). */
export function servicesOf(location: LocationRow, types: { typeGroup: string }[]): SearchService[] {
  const groups = new Set(types.map((type) => type.typeGroup))
  const off = location.disabledServices
  const ordering = location.onlineOrder && !off.isOnlineOrder
  const offered: Record<SearchService, boolean> = {
    pickup: ordering && groups.has('P'),
    delivery: ordering && groups.has('L') && location.deliveryKMRadius > 0 && !off.isDelivery,
    dinein: groups.has('D'),
    reservations: location.dining && !off.isReservation,
    waitlist: location.onlineCheckin && !off.isCheckin,
  }
  return SEARCH_SERVICES.filter((service) => offered[service])
}

// To 7 decimals (about 1 cm): PostgreSQL refuses float8 results that underflow, as tiny coordinates give.
const toCentimetres = (degrees: number) => Math.round(degrees * 1e7) / 1e7
const RADIANS = Math.PI / 180

/**
 * The order of `distanceSql`, in JavaScript, for the search index (search-cache.ts): the same
 * expression on the same rounded coordinates (only restaurants a centimetre apart could differ).
 */
export function distanceOrder(origin: Origin, at: Origin): number {
  const from = { lat: toCentimetres(origin.lat), lng: toCentimetres(origin.lng) }
  const lat = toCentimetres(at.lat)
  const lng = toCentimetres(at.lng)
  return Math.asin(
    Math.sqrt(Math.sin(((lat - from.lat) * RADIANS) / 2) ** 2 + Math.cos(from.lat * RADIANS) * Math.cos(lat * RADIANS) * Math.sin(((lng - from.lng) * RADIANS) / 2) ** 2),
  )
}

/**
 * Strings in code-point order: PostgreSQL's "C" collation, which the search's order uses on every
 * database so that the index sorts as the query does (docs/discovery.md).
 */
export function byCodePoint(a: string, b: string): number {
  if (a === b) return 0
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i += 1) {
    const x = a.codePointAt(i)!
    const y = b.codePointAt(i)!
    if (x !== y) return x < y ? -1 : 1
    if (x > 0xffff) i += 1
  }
  return a.length < b.length ? -1 : 1
}

/** `distanceKm` in SQL (the same haversine), to sort a search before paging it. */
function distanceSql(origin: Origin): SQL {
  const from = { lat: toCentimetres(origin.lat), lng: toCentimetres(origin.lng) }
  const lat = sql`round(${locations.lat}::numeric, 7)::float8`
  const lng = sql`round(${locations.lng}::numeric, 7)::float8`
  return sql`asin(sqrt(power(sin(radians(${lat} - ${from.lat}) / 2), 2) + cos(radians(${from.lat})) * cos(radians(${lat})) * power(sin(radians(${lng} - ${from.lng}) / 2), 2)))`
}

/**
 * The words of a query that no active restaurant holds as typed (misspellings, most likely): only
 * these are then matched loosely, so "olive dosa" (two real words, no one place) still finds nothing.
 */
export async function wordsFoundNowhere(db: Executor, query: string | undefined): Promise<Set<string>> {
  const words = searchWords(query).filter((word) => word.length >= DISH_WORD_MIN)
  const found = await Promise.all(
    words.map((word) =>
      db
        .select({ id: locations.id })
        .from(locations)
        .innerJoin(merchants, eq(locations.merchantId, merchants.id))
        .where(and(eq(locations.isActive, true), wordMatches(word)))
        .limit(1),
    ),
  )
  return new Set(words.filter((_, i) => found[i]!.length === 0))
}

/** Step 1: every match, in the answer's order; `close` words match loosely, closest restaurants first. Clock-free. */
export async function findCandidates(db: Executor, filters: SearchFilters, origin?: Origin, close: Set<string> = new Set()): Promise<Candidate[]> {
  const where: SQL[] = [eq(locations.isActive, true)]
  if (filters.cityName) where.push(or(sql`lower(${cities.name}) = ${filters.cityName.toLowerCase()}`, eq(cities.slug, filters.cityName.toLowerCase()))!)
  if (filters.merchantType) where.push(eq(merchants.merchantType, filters.merchantType.toLowerCase()))
  if (filters.minRating) where.push(sql`${locations.ratingTenths} >= ${Math.round(filters.minRating * 10)}`)
  for (const service of new Set(filters.services ?? [])) where.push(SERVICE_SQL[service])
  for (const word of searchWords(filters.query)) where.push(wordMatches(word, close.has(word)))
  // The closest first: how near the loose words come to the restaurant's own words.
  const closeness = [...close].map(
    (word) =>
      sql`greatest(word_similarity(${word}, ${ownText}), (select max(word_similarity(${word}, ${sql`${menuItems.nameFolded}`})) from ${menuItems} where ${menuItems.locationId} = ${locations.id} and ${dinerDish}))`,
  )
  const query = (executor: Pick<Executor, 'select'>) =>
    executor
      .select({
        id: locations.id,
        timeZone: locations.timeZoneCd,
        merchantName: merchants.name,
        branchName: locations.branchName,
        neighbourhood: locations.neighbourhood,
        locationSlug: locations.locationSlug,
        merchantType: merchants.merchantType,
        city: cities.name,
        cuisine: locations.cuisine,
        version: locations.searchVersion,
      })
      .from(locations)
      .innerJoin(merchants, eq(locations.merchantId, merchants.id))
      .innerJoin(cities, eq(locations.cityId, cities.id))
      .where(and(...where))
      .orderBy(
        ...closeness.map((similarity) => desc(similarity)),
        ...(origin ? [asc(distanceSql(origin))] : []),
        // Code-point order on every database, as the index sorts; the id last, so that no two rows tie.
        sql`${merchants.name} collate "C"`,
        sql`${locations.branchName} collate "C"`,
        sql`${locations.id}::text collate "C"`,
      )
  if (close.size === 0) return query(db)
  // Looser than pg_trgm's default 0.6, so one dropped letter ("buger" for "burger", 0.44) still counts.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local pg_trgm.word_similarity_threshold = ${sql.raw(String(CLOSE_WORD_SIMILARITY))}`)
    return query(tx)
  })
}

/** The opening hours of these restaurants, by id (data only: cacheable with the candidates). */
export async function hoursOf(db: Executor, ids: string[]): Promise<Map<string, WorkingSession[]>> {
  const byLocation = new Map<string, WorkingSession[]>()
  if (ids.length === 0) return byLocation
  const rows = await db.select().from(workingHours).where(inArray(workingHours.locationId, ids))
  for (const row of rows) {
    const session = { day: row.dayOfWeek, sessionName: row.sessionName, opensAt: row.opensAt, closesAt: row.closesAt }
    const list = byLocation.get(row.locationId)
    if (list) list.push(session)
    else byLocation.set(row.locationId, [session])
  }
  return byLocation
}

/** Step 2: the candidates open at `now` in their own zones, in the same order. */
export function keepOpen<T extends { id: string; timeZone: string }>(candidates: T[], hours: Map<string, WorkingSession[]>, now: Date): T[] {
  return candidates.filter((candidate) => openingStatus(hours.get(candidate.id) ?? [], candidate.timeZone, now).open === 1)
}

type DishRow = { locationId: string; name: string; slug: string; orderTypeCodes: string[]; sortOrder: number }

const TYPE_GROUP_OF_SERVICE: Partial<Record<SearchService, string>> = { pickup: 'P', delivery: 'L', dinein: 'D' }

/**
 * The menu a dish opens in: the order type the diner filtered on when the dish is on it, else
 * delivery (the app's default menu), else the restaurant's first type that offers the dish.
 */
async function menuTypeChooser(db: Executor, locationIds: string[], services: SearchService[] = []) {
  const types = locationIds.length
    ? await db
        .select({ locationId: orderTypes.locationId, code: orderTypes.code, typeGroup: orderTypes.typeGroup })
        .from(orderTypes)
        .where(inArray(orderTypes.locationId, locationIds))
        .orderBy(asc(orderTypes.sortOrder))
    : []
  const preferred = [...services.map((service) => TYPE_GROUP_OF_SERVICE[service]).filter(Boolean), 'L']
  return (dish: DishRow): string | null => {
    const offered = types.filter(
      (type) => type.locationId === dish.locationId && type.typeGroup !== 'E' && (dish.orderTypeCodes.length === 0 || dish.orderTypeCodes.includes(type.code)),
    )
    for (const group of preferred) {
      const match = offered.find((type) => type.typeGroup === group)
      if (match) return match.code
    }
    return offered[0]?.code ?? null
  }
}

/**
 * Dishes of these restaurants whose names hold every dish word, at most `perRestaurant` each, best
 * first: names starting with the first word, then the menu's own order.
 */
async function dishesMatching(db: Executor, locationIds: string[], words: string[], perRestaurant: number): Promise<DishRow[]> {
  const dishWords = words.filter((word) => word.length >= DISH_WORD_MIN)
  if (locationIds.length === 0 || dishWords.length === 0) return []
  const name = sql`${menuItems.nameFolded}`
  const startsWith = sql`${name} like ${`${escapeLike(dishWords[0]!)}%`}`
  const ranked = db
    .select({
      locationId: menuItems.locationId,
      name: menuItems.name,
      slug: menuItems.slug,
      orderTypeCodes: menuItems.orderTypeCodes,
      sortOrder: menuItems.sortOrder,
      place: sql<number>`row_number() over (partition by ${menuItems.locationId} order by ${startsWith} desc, ${menuItems.sortOrder}, ${menuItems.name})`.as('place'),
    })
    .from(menuItems)
    .where(and(inArray(menuItems.locationId, locationIds), dinerDish, ...dishWords.map((word) => sql`${name} like ${likePattern(word)}`)))
    .as('ranked')
  return db
    .select({ locationId: ranked.locationId, name: ranked.name, slug: ranked.slug, orderTypeCodes: ranked.orderTypeCodes, sortOrder: ranked.sortOrder })
    .from(ranked)
    .where(sql`${ranked.place} <= ${perRestaurant}`)
    .orderBy(asc(ranked.place))
}

/** A few dishes per result that matched the words, so a card can say why it was found. */
export async function matchedDishesOf(
  db: Executor,
  locationIds: string[],
  query: string | undefined,
  services?: SearchService[],
  perRestaurant = 3,
): Promise<Map<string, MatchedDish[]>> {
  const byLocation = new Map<string, MatchedDish[]>()
  const rows = await dishesMatching(db, locationIds, searchWords(query), perRestaurant)
  if (rows.length === 0) return byLocation
  const menuTypeOf = await menuTypeChooser(db, [...new Set(rows.map((row) => row.locationId))], services)
  for (const row of rows) {
    const menuType = menuTypeOf(row)
    if (!menuType) continue
    byLocation.set(row.locationId, [...(byLocation.get(row.locationId) ?? []), { name: row.name, slug: row.slug, menuType }])
  }
  return byLocation
}

const SUGGESTED_RESTAURANTS = 4
const SUGGESTED_CUISINES = 4
const SUGGESTED_DISHES = 5
const DISH_SUGGESTION_PLACES = 100

const suggestionOf = (candidate: Candidate): RestaurantSuggestion => ({
  locationSlug: candidate.locationSlug,
  merchantType: candidate.merchantType,
  merchantName: candidate.merchantName,
  neighbourhood: candidate.neighbourhood,
  city: candidate.city,
  cuisine: candidate.cuisine,
})

/** 0: starts with the query; 1: a word of it starts with the first word; 2: contains the words. */
function rank(text: string, words: string[]): number {
  const phrase = words.join(' ')
  if (text.startsWith(phrase)) return 0
  return text.split(/[^\p{L}\p{N}]+/u).some((part) => part.startsWith(words[0]!)) ? 1 : 2
}

const bestFirst = <T>(items: { item: T; rank: number; order: number }[]) =>
  items.sort((a, b) => a.rank - b.rank || a.order - b.order).map(({ item }) => item)

/** What a search box offers for the words so far: restaurants, cuisines and dishes among the candidates. */
export async function suggestionsFor(db: Executor, candidates: Candidate[], query: string | undefined, services?: SearchService[]): Promise<SearchSuggestions> {
  const words = searchWords(query)
  if (words.length === 0) return { restaurants: [], cuisines: [], dishes: [] }
  const folded = (text: string) => stripMarks(text.toLowerCase())
  const holdsAll = (text: string) => words.every((word) => text.includes(word))

  const restaurants = bestFirst(
    candidates.flatMap((candidate, order) => {
      const text = folded(`${candidate.merchantName} ${candidate.neighbourhood} ${candidate.branchName}`)
      return holdsAll(text) ? [{ item: suggestionOf(candidate), rank: rank(text, words), order }] : []
    }),
  ).slice(0, SUGGESTED_RESTAURANTS)

  const cuisineCounts = new Map<string, { name: string; count: number; order: number }>()
  candidates.forEach((candidate, order) => {
    for (const name of candidate.cuisine) {
      if (!holdsAll(folded(name))) continue
      const entry = cuisineCounts.get(name.toLowerCase()) ?? { name, count: 0, order }
      entry.count += 1
      cuisineCounts.set(name.toLowerCase(), entry)
    }
  })
  const cuisines = [...cuisineCounts.values()]
    .map((entry) => ({ item: { name: entry.name, count: entry.count }, rank: rank(folded(entry.name), words), order: -entry.count }))
  const sortedCuisines = bestFirst(cuisines).slice(0, SUGGESTED_CUISINES)

  // Dishes from the first restaurants in the answer's order (the nearest, with a point), two each.
  const byId = new Map(candidates.slice(0, DISH_SUGGESTION_PLACES).map((candidate, order) => [candidate.id, { candidate, order }]))
  const rows = await dishesMatching(db, [...byId.keys()], words, 2)
  const menuTypeOf = await menuTypeChooser(db, [...new Set(rows.map((row) => row.locationId))], services)
  const dishes = bestFirst(
    rows.flatMap((row) => {
      const place = byId.get(row.locationId)
      const menuType = menuTypeOf(row)
      if (!place || !menuType) return []
      const item: DishSuggestion = { name: row.name, slug: row.slug, menuType, restaurant: suggestionOf(place.candidate) }
      return [{ item, rank: rank(folded(row.name), words), order: place.order }]
    }),
  ).slice(0, SUGGESTED_DISHES)

  return { restaurants, cuisines: sortedCuisines, dishes }
}
