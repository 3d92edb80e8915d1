import { and, count, eq, inArray } from 'drizzle-orm'
import type { FindMerchantResponse, SearchService } from '@/shared/api/contracts/merchants'
import { openingStatus, type OpeningStatus } from '@/shared/lib/hours'
import type { DatabaseHandle } from '../../db/client'
import type { Executor } from '../../db/executor'
import { isDatabaseUnavailable } from '../../lib/errors'
import { keepListening } from '../../lib/keep-listening'
import { locations } from '../../db/schema'
import type { SealedBytes } from '../../lib/wire'
import type { SummarySource } from './find'
import { loadJoined, loadSummaryParts, summaryOf, type SummaryParts } from './restaurants'
import { byCodePoint, distanceOrder, searchWords, servicesOf, type Candidate, type SearchFilters } from './search'

export type SearchCacheOptions = {
  /** Locations kept at most, the least recently shown going first; more active restaurants than this keep no index. */
  maxEntries?: number
  /**
   * Locations loaded per query when many are missing (open now over a whole city, the whole index):
   * small enough that a search waiting behind one batch's query waits little (PGlite runs one at a time).
   */
  loadBatch?: number
  /** The database's notifications: with them the cache holds every active location and answers a search without words by itself. */
  listen?: DatabaseHandle['listen']
  log?: Pick<Console, 'error'>
  /** How often the index compares every location's version with the database's (a safety net for a lost notification). */
  sweepMs?: number
  /** Whole sealed answers kept at most, in bytes. */
  maxAnswerBytes?: number
  clock?: () => number
}

/** A location's summary parts at a search version, and its opening status for one minute. */
type Entry = { version: number; parts: SummaryParts; minute: number; status: OpeningStatus | null; candidate: Candidate; facets: Facets }

/** What the filters of a search without words look at, ready to compare. */
type Facets = { cityName: string; citySlug: string; merchantType: string; ratingTenths: number; services: Set<SearchService>; lat: number; lng: number }

/** One sealed answer: the bytes sent and their tag, good while the index's generation and the minute hold. */
export type SealedAnswer = SealedBytes

const MINUTE_MS = 60_000

/** The NOTIFY channel of migration 0020's triggers; the payload is the location id. */
export const SEARCH_VERSION_CHANNEL = 'search_version'

const candidateOf = ({ joined: { location, merchant, city } }: SummaryParts): Candidate => ({
  id: location.id,
  timeZone: location.timeZoneCd,
  merchantName: merchant.name,
  branchName: location.branchName,
  neighbourhood: location.neighbourhood,
  locationSlug: location.locationSlug,
  merchantType: merchant.merchantType,
  city: city.name,
  cuisine: location.cuisine,
  version: location.searchVersion,
})

const facetsOf = (parts: SummaryParts): Facets => {
  const { location, merchant, city } = parts.joined
  return {
    cityName: city.name.toLowerCase(),
    citySlug: city.slug,
    merchantType: merchant.merchantType,
    ratingTenths: location.ratingTenths,
    services: new Set(servicesOf(location, parts.types)),
    lat: location.lat,
    lng: location.lng,
  }
}

const entryOf = (parts: SummaryParts): Entry => ({
  version: parts.joined.location.searchVersion,
  parts,
  minute: -1,
  status: null,
  candidate: candidateOf(parts),
  facets: facetsOf(parts),
})

/** The clock-free filters of `findCandidates`, in JavaScript (a test holds the two to the same answers). */
function matches(facets: Facets, filters: SearchFilters): boolean {
  if (filters.cityName) {
    const city = filters.cityName.toLowerCase()
    if (facets.cityName !== city && facets.citySlug !== city) return false
  }
  if (filters.merchantType && facets.merchantType !== filters.merchantType.toLowerCase()) return false
  if (filters.minRating && facets.ratingTenths < Math.round(filters.minRating * 10)) return false
  return (filters.services ?? []).every((service) => facets.services.has(service))
}

/**
 * Restaurant search from memory (docs/discovery.md, "Search from an index").
 *
 * What a result shows is built from a location's row, its merchant and city, its hours, order
 * types, cover and logo; every change to them bumps the location's `search_version` (triggers,
 * migration 0014), which NOTIFYs `search_version` with the location's id, as a new or deleted
 * location does (migration 0020).
 *
 * - **Listening** (the server's case): the cache holds every active location — the index — and
 *   a notified location is loaded again before the next answer. A search without words is then
 *   answered from memory: the filters, the distance order and the paging in JavaScript, no query.
 *   Every `sweepMs` the index compares each location's version with the database's, in one query,
 *   for a notification lost with a dropped connection. The whole sealed answer of such a search is
 *   kept too, per request and minute, until the index changes (`answer`).
 * - **Not listening** (or a search with words): the candidates come from the database's query,
 *   which reads each one's version; a cached location is used only when it is at least as new.
 *
 * The clock-dependent part (open now, the next session) is an overlay computed from the cached
 * hours at the request's instant and kept for that minute (the hours are minute-grained, so the
 * minute's answer is the instant's); distance and delivery fee are computed per request from the
 * point. The answer is the same, byte for byte, as reading everything from the database.
 */
export function createSearchCache(
  db: Executor,
  apiBase: string,
  { maxEntries = 20_000, loadBatch = 250, listen, log = console, sweepMs = 5_000, maxAnswerBytes = 16 * 1024 * 1024, clock = Date.now }: SearchCacheOptions = {},
) {
  // Insertion order is recency order: a hit moves its entry to the end; at most `maxEntries`.
  const entries = new Map<string, Entry>()
  let builds = 0
  let hits = 0
  let notices = 0

  // The index: `complete` once every active location is in `entries` while listening; `dirty`
  // holds the locations notified since; `generation` moves whenever an entry changes.
  let listening = false
  let complete = false
  // Moves on every (re)start of listening: a full load that began before it is not complete.
  let listenings = 0
  let sweptAt = 0
  let generation = 0
  const dirty = new Set<string>()
  let refreshing: Promise<void> | null = null
  // More active restaurants than `maxEntries`: no index, every search asks the database.
  let tooMany = false

  if (listen) {
    keepListening(
      listen,
      SEARCH_VERSION_CHANNEL,
      (locationId) => {
        notices += 1
        dirty.add(locationId)
      },
      () => {
        // (Again) listening: whatever was sent while not listening is lost, so load everything again.
        complete = false
        tooMany = false
        listening = true
        listenings += 1
      },
      { log, what: 'Search could not LISTEN for restaurant changes; every search asks the database until it can' },
    )
  }

  const keep = (id: string, entry: Entry) => {
    const current = entries.get(id)
    // A slower load of an older version never replaces a newer one.
    if (current && current.version > entry.version) return
    entries.delete(id)
    if (entries.size >= maxEntries) {
      // A whole list that has grown past what it may hold stops being one: searches ask the database.
      if (complete) tooManyToHold(entries.size + 1)
      while (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
    }
    entries.set(id, entry)
    generation += 1
  }

  function tooManyToHold(active: number) {
    tooMany = true
    complete = false
    log.error(`Search keeps no index: ${active} active restaurants are more than its ${maxEntries}; every search asks the database.`)
  }

  /**
   * Loads these locations (or every active one), `loadBatch` at a time: between batches other
   * queries get their turn (PGlite runs one at a time), so a search asked meanwhile does not wait
   * for the whole list. A location not found active is dropped from the index.
   */
  async function load(ids: string[] | 'all'): Promise<Map<string, Entry>> {
    const loaded = new Map<string, Entry>()
    const wanted = ids === 'all' ? (await db.select({ id: locations.id }).from(locations).where(eq(locations.isActive, true))).map((row) => row.id) : ids
    for (let start = 0; start < wanted.length; start += loadBatch) {
      const rows = await loadJoined(db, and(eq(locations.isActive, true), inArray(locations.id, wanted.slice(start, start + loadBatch))))
      for (const parts of await loadSummaryParts(db, rows)) {
        builds += 1
        const entry = entryOf(parts)
        keep(parts.joined.location.id, entry)
        loaded.set(parts.joined.location.id, entry)
      }
      // A turn of the event loop for the requests waiting on the database.
      await new Promise((resolve) => setImmediate(resolve))
    }
    if (ids !== 'all') {
      for (const id of ids) {
        if (!loaded.has(id) && entries.delete(id)) generation += 1
      }
    }
    return loaded
  }

  /** Brings the index up to date: the whole list when new, the notified locations, and the periodic sweep. */
  async function refresh(): Promise<void> {
    const now = clock()
    if (!complete) {
      const startedAt = listenings
      const [{ active }] = (await db.select({ active: count() }).from(locations).where(eq(locations.isActive, true))) as [{ active: number }]
      // Too many to hold: every search keeps asking the database (counted again on re-listening).
      if (active > maxEntries) return tooManyToHold(active)
      dirty.clear()
      entries.clear()
      generation += 1
      await load('all')
      complete = listenings === startedAt
      sweptAt = now
    } else if (now - sweptAt >= sweepMs) {
      sweptAt = now
      const current = await db.select({ id: locations.id, version: locations.searchVersion }).from(locations).where(eq(locations.isActive, true))
      const seen = new Set<string>()
      for (const { id, version } of current) {
        seen.add(id)
        if (entries.get(id)?.version !== version) dirty.add(id)
      }
      for (const id of entries.keys()) if (!seen.has(id)) dirty.add(id)
    }
    if (dirty.size > 0) {
      // Taken before loading: a notice heard during the load marks its location again.
      const ids = [...dirty]
      dirty.clear()
      try {
        await load(ids)
      } catch (error) {
        for (const id of ids) dirty.add(id)
        throw error
      }
    }
  }

  /**
   * True when the index holds every active location as it is now (as far as this instance has
   * heard). While the database is unavailable a complete index answers as it was: nothing can
   * change a restaurant then (docs/operations.md), as a menu read before keeps being served.
   */
  async function indexReady(): Promise<boolean> {
    if (!listening || tooMany) return false
    if (complete && dirty.size === 0 && clock() - sweptAt < sweepMs) return true
    if (!complete || clock() - sweptAt >= sweepMs) {
      // In the background: no search waits for the whole list (seconds for 10,000 restaurants; it
      // asks the database meanwhile) nor for the sweep (a safety net, one query late at worst).
      startRefresh().catch(() => undefined)
      if (!complete) return false
    }
    try {
      // A notified restaurant is loaded before the answer (a few rows); notices heard meanwhile too.
      for (let round = 0; round < 3 && dirty.size > 0; round += 1) await startRefresh()
    } catch (error) {
      if (isDatabaseUnavailable(error)) return true
      throw error
    }
    return complete
  }

  function startRefresh(): Promise<void> {
    refreshing ??= refresh().finally(() => (refreshing = null))
    return refreshing
  }

  /** The current entries of these candidates; the missing and stale ones loaded in a few queries. */
  async function entriesOf(candidates: Candidate[]): Promise<Map<string, Entry>> {
    const found = new Map<string, Entry>()
    const missing: string[] = []
    for (const candidate of candidates) {
      const entry = entries.get(candidate.id)
      if (entry && entry.version >= candidate.version) {
        hits += 1
        entries.delete(candidate.id)
        entries.set(candidate.id, entry)
        found.set(candidate.id, entry)
      } else missing.push(candidate.id)
    }
    if (missing.length > 0) for (const [id, entry] of await load(missing)) found.set(id, entry)
    return found
  }

  const statusAt = (entry: Entry, now: Date): OpeningStatus => {
    const minute = Math.floor(now.getTime() / MINUTE_MS)
    if (entry.status === null || entry.minute !== minute) {
      entry.status = openingStatus(entry.parts.sessions, entry.parts.joined.location.timeZoneCd, now)
      entry.minute = minute
    }
    return entry.status
  }

  const source: SummarySource = {
    async candidates(filters, origin) {
      if (searchWords(filters.query).length > 0 || !(await indexReady())) return undefined
      const found: { entry: Entry; distance: number }[] = []
      for (const entry of entries.values()) {
        if (matches(entry.facets, filters)) found.push({ entry, distance: origin ? distanceOrder(origin, entry.facets) : 0 })
      }
      found.sort(
        (a, b) =>
          a.distance - b.distance ||
          byCodePoint(a.entry.candidate.merchantName, b.entry.candidate.merchantName) ||
          byCodePoint(a.entry.candidate.branchName, b.entry.candidate.branchName) ||
          byCodePoint(a.entry.candidate.id, b.entry.candidate.id),
      )
      return found.map(({ entry }) => entry.candidate)
    },
    async openAt(candidates, now) {
      const found = await entriesOf(candidates)
      return candidates.filter((candidate) => {
        const entry = found.get(candidate.id)
        return entry !== undefined && statusAt(entry, now).open === 1
      })
    },
    async summaries(page, origin, now) {
      const found = await entriesOf(page)
      return page.flatMap((candidate) => {
        const entry = found.get(candidate.id)
        return entry ? [summaryOf(apiBase, entry.parts, statusAt(entry, now), origin)] : []
      })
    },
  }

  // Whole sealed answers of searches without words, by request and minute (insertion order is recency).
  const answers = new Map<string, SealedAnswer & { generation: number }>()
  let answerBytes = 0
  let answerHits = 0
  let answerBuilds = 0
  const forget = (key: string) => {
    const kept = answers.get(key)
    if (!kept) return
    answers.delete(key)
    answerBytes -= kept.ciphertext.length
  }

  /**
   * The sealed answer to a search at `now`: kept and reused for the same request in the same
   * minute while the index has not changed (a search without words, while listening); otherwise
   * built by `build` and sealed by `seal` each time.
   */
  async function answer(
    request: SearchFilters & { page: number; size: number },
    now: Date,
    build: () => Promise<FindMerchantResponse>,
    seal: (body: FindMerchantResponse) => SealedAnswer,
  ): Promise<SealedAnswer> {
    if (searchWords(request.query).length > 0 || !(await indexReady())) return seal(await build())
    const key = `${Math.floor(now.getTime() / MINUTE_MS)} ${JSON.stringify(request)}`
    const kept = answers.get(key)
    if (kept && kept.generation === generation) {
      answerHits += 1
      answers.delete(key)
      answers.set(key, kept)
      return kept
    }
    const builtAt = generation
    const sealed = seal(await build())
    answerBuilds += 1
    forget(key)
    if (sealed.ciphertext.length <= maxAnswerBytes) {
      while (answerBytes + sealed.ciphertext.length > maxAnswerBytes) forget(answers.keys().next().value!)
      answers.set(key, { ...sealed, generation: builtAt })
      answerBytes += sealed.ciphertext.length
    }
    return sealed
  }

  return {
    ...source,
    answer,
    /** Loads the whole list now, when listening (tests; a server could call it at start): true once it holds it. */
    async warm(): Promise<boolean> {
      if (!listening) return false
      while (!complete && !tooMany) await startRefresh()
      return complete
    },
    /** For tests and the bench: locations loaded and answered from the cache, locations kept, notices heard, whole answers reused and built. */
    stats: () => ({ builds, hits, entries: entries.size, notices, listening, answerHits, answerBuilds }),
  }
}

export type SearchCache = ReturnType<typeof createSearchCache>
