import DataLoader from 'dataloader'
import type { DatabaseHandle } from '../../db/client'
import { encryptPayload } from '../../lib/cipher'
import { isDatabaseUnavailable } from '../../lib/errors'
import { keepListening } from '../../lib/keep-listening'
import { bytesOf, etagOf, type SealedBytes } from '../../lib/wire'
import type { MenuSource } from './menu'

/** One built menu answer: its tag and its sealed body, good while the location's version holds. */
export type CachedMenu = SealedBytes & { version: number }

export type MenuCacheOptions = {
  /** The database's notifications; without them every read asks the database for the version. */
  listen?: DatabaseHandle['listen']
  log?: Pick<Console, 'error'>
  /** How long a version learnt from the database is trusted without a notification (a safety net). */
  maxAgeMs?: number
  /** Sealed bytes kept at most; the least recently used answers go first. */
  maxBytes?: number
  now?: () => number
}

/**
 * Reads answered from a kept answer (hits) and reads that built one or waited for its build
 * (misses), over every menu cache of the process: the bench's hit ratio (GET /api/dev/menu-cache).
 */
export const menuCacheCounts = { hits: 0, misses: 0 }

/** The NOTIFY channel of migration 0008's triggers; the payload is the location id. */
export const MENU_VERSION_CHANNEL = 'menu_version'

/**
 * Menu reads from a versioned cache (docs/decisions.md, "Menu reads from a versioned cache").
 *
 * A menu is built from seven tables; every change to them bumps its location's `menu_version`
 * and NOTIFYs `menu_version` with the location's id (triggers, migration 0008). A read needs the
 * location's current version and answers from the answer built at that version, already tagged
 * and sealed; only a new version builds again.
 *
 * The current version: once read from the database it is trusted until a notification names the
 * location (then the next read asks again), and for `maxAgeMs` at most, in case a notification
 * was lost with a dropped connection. Version reads of the reads that arrive together share one
 * query (DataLoader, dispatched after the loop turn's I/O).
 * - PGlite delivers a NOTIFY before the writing commit returns, and one process owns it: a read
 *   sees every change committed before it.
 * - PostgreSQL delivers it to every instance a moment after the commit (about a millisecond on
 *   one network): a read that starts within that moment can still get the answer before it.
 *
 * While the database is unavailable (docs/operations.md), a read whose version cannot be checked
 * answers the newest answer it has for that menu: nothing can change a menu then. Without one, the
 * error goes on (503 try_again).
 */
export function createMenuCache(
  service: MenuSource,
  passphrase: string,
  { listen, log = console, maxAgeMs = 1000, maxBytes = 64 * 1024 * 1024, now = Date.now }: MenuCacheOptions = {},
) {
  const versions = new DataLoader<string, number | null>(
    async (ids) => {
      const found = await service.menuVersions(ids)
      return ids.map((id) => found.get(id) ?? null)
    },
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch), maxBatchSize: 500 },
  )

  // Versions known current, and a count of notifications per location, so that a version read
  // before a notification is never kept after it.
  let listening = false
  const known = new Map<string, { version: number; readAt: number }>()
  const notices = new Map<string, number>()
  if (listen) {
    keepListening(
      listen,
      MENU_VERSION_CHANNEL,
      (locationId) => {
        notices.set(locationId, (notices.get(locationId) ?? 0) + 1)
        known.delete(locationId)
      },
      () => {
        // (Again) listening: whatever was sent while not listening is lost, so trust nothing older.
        known.clear()
        listening = true
      },
      { log, what: 'Menu reads could not LISTEN for menu changes; every read asks the database until it can' },
    )
  }

  async function currentVersion(locationId: string): Promise<number | null> {
    if (!listening) return versions.load(locationId)
    const cached = known.get(locationId)
    if (cached && now() - cached.readAt < maxAgeMs) return cached.version
    const before = notices.get(locationId) ?? 0
    const readAt = now()
    const version = await versions.load(locationId)
    if (version !== null && (notices.get(locationId) ?? 0) === before) known.set(locationId, { version, readAt })
    return version
  }

  // Insertion order is recency order: a hit moves its entry to the end.
  const entries = new Map<string, CachedMenu>()
  const building = new Map<string, Promise<CachedMenu>>()
  let bytes = 0
  let builds = 0
  let unavailableHits = 0

  const forget = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.ciphertext.length
  }

  const keep = (key: string, entry: CachedMenu) => {
    forget(key)
    if (entry.ciphertext.length > maxBytes) return
    while (bytes + entry.ciphertext.length > maxBytes && entries.size > 0) forget(entries.keys().next().value!)
    entries.set(key, entry)
    bytes += entry.ciphertext.length
  }

  async function build(key: string, locationId: string, menuType: string, visibleTo: string[]): Promise<CachedMenu> {
    builds += 1
    const { menu, version } = await service.versionedMenu(locationId, menuType, visibleTo)
    const entry = { version, etag: etagOf(menu), ciphertext: bytesOf(encryptPayload(menu, passphrase)) }
    // A slower build of an older version never replaces a newer answer.
    const current = entries.get(key)
    if (!current || current.version <= version) keep(key, entry)
    return entry
  }

  return {
    /** The menu answer as of now; throws the service's 404s for a location or menu type that is not there. */
    async read(locationId: string, menuType: string, visibleTo: string[]): Promise<CachedMenu> {
      const key = `${locationId} ${menuType} ${[...new Set(visibleTo)].sort().join(',')}`
      let version: number | null
      try {
        version = await currentVersion(locationId)
      } catch (error) {
        const kept = entries.get(key)
        if (kept && isDatabaseUnavailable(error)) {
          unavailableHits += 1
          return kept
        }
        throw error
      }
      // The answer is at least as new as its version: current when that is the version now.
      const fresh = (entry: CachedMenu | undefined): entry is CachedMenu => version !== null && entry !== undefined && entry.version >= version
      const cached = entries.get(key)
      if (fresh(cached)) {
        menuCacheCounts.hits += 1
        entries.delete(key)
        entries.set(key, cached)
        return cached
      }
      menuCacheCounts.misses += 1
      // One build per key at a time: a burst of reads after a change shares it.
      const pending = building.get(key)
      if (pending) {
        const entry = await pending
        if (fresh(entry)) return entry
      }
      const started = build(key, locationId, menuType, visibleTo).finally(() => {
        if (building.get(key) === started) building.delete(key)
      })
      building.set(key, started)
      return started
    },
    /** For tests: answers built, answers kept, whether notifications are heard, and answers served while the database was unavailable. */
    stats: () => ({ builds, entries: entries.size, bytes, listening, unavailableHits }),
  }
}

export type MenuCache = ReturnType<typeof createMenuCache>
