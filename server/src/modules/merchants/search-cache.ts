import { inArray } from 'drizzle-orm'
import { openingStatus, type OpeningStatus } from '@/shared/lib/hours'
import type { Executor } from '../../db/executor'
import { locations } from '../../db/schema'
import type { SummarySource } from './find'
import { loadJoined, loadSummaryParts, summaryOf, type SummaryParts } from './restaurants'
import type { Candidate } from './search'

export type SearchCacheOptions = {
  /** Locations kept at most; the least recently shown go first. */
  maxEntries?: number
  /** Locations loaded per query when many are missing (open now over a whole city). */
  loadBatch?: number
}

/** A location's summary parts at a search version, and its opening status for one minute. */
type Entry = { version: number; parts: SummaryParts; minute: number; status: OpeningStatus | null }

const MINUTE_MS = 60_000

/**
 * Search summaries from a versioned cache (docs/discovery.md, "Search from a cache").
 *
 * What a result shows is built from a location's row, its merchant and city, its hours, order
 * types, cover and logo; every change to them bumps the location's `search_version` (triggers,
 * migration 0014). The query that finds a search's candidates reads that version with each of
 * them, so a cached location is used only when it is at least as new — on every instance, with
 * no notification to wait for and no extra query. A miss loads the missing locations together.
 *
 * The clock-dependent part (open now, the next session) is an overlay computed from the cached
 * hours at the request's instant and kept for that minute (the hours are minute-grained, so the
 * minute's answer is the instant's); distance and delivery fee are computed per request from the
 * point. The answer is the same, byte for byte, as reading everything from the database.
 */
export function createSearchCache(db: Executor, apiBase: string, { maxEntries = 20_000, loadBatch = 1_000 }: SearchCacheOptions = {}) {
  // Insertion order is recency order: a hit moves its entry to the end.
  const entries = new Map<string, Entry>()
  let builds = 0
  let hits = 0

  const keep = (id: string, entry: Entry) => {
    const current = entries.get(id)
    // A slower load of an older version never replaces a newer one.
    if (current && current.version > entry.version) return
    entries.delete(id)
    while (entries.size >= maxEntries && entries.size > 0) entries.delete(entries.keys().next().value!)
    entries.set(id, entry)
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
    for (let start = 0; start < missing.length; start += loadBatch) {
      const rows = await loadJoined(db, inArray(locations.id, missing.slice(start, start + loadBatch)))
      for (const parts of await loadSummaryParts(db, rows)) {
        builds += 1
        const entry: Entry = { version: parts.joined.location.searchVersion, parts, minute: -1, status: null }
        keep(parts.joined.location.id, entry)
        found.set(parts.joined.location.id, entry)
      }
    }
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

  return {
    ...source,
    /** For tests and the bench: locations loaded, locations answered from the cache, locations kept. */
    stats: () => ({ builds, hits, entries: entries.size }),
  }
}

export type SearchCache = ReturnType<typeof createSearchCache>
