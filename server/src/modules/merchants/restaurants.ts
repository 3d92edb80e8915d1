import { and, asc, eq, inArray, or } from 'drizzle-orm'
import type { LocationSummary, MerchantDetails, RestaurantDetail } from '@/shared/api/contracts/merchants'
import { openingStatus, type OpeningStatus, type WorkingSession } from '@/shared/lib/hours'
import type { Executor } from '../../db/executor'
import { cities, diningTables, locations, media, merchants, orderTypes, tableSections, workingHours } from '../../db/schema'
import { notFound } from '../../lib/errors'
import { merchantTheme, toDetail, toMediaRef, toSummary, type Joined, type MediaRow } from './restaurant-view'

type OrderTypeRow = typeof orderTypes.$inferSelect
import type { Origin } from './search'

/* Loading restaurants for their summaries and pages (docs/discovery.md); the shapes are in restaurant-view.ts. */

/** Every column of a media row but its bytes. */
export const mediaColumns = {
  id: media.id,
  merchantId: media.merchantId,
  locationId: media.locationId,
  entityType: media.entityType,
  mimeType: media.mimeType,
  altText: media.altText,
  sortOrder: media.sortOrder,
  createdAt: media.createdAt,
}

const active = eq(locations.isActive, true)

/** Locations with their merchant and city, by merchant then branch name. */
export async function loadJoined(db: Executor, where: ReturnType<typeof and>): Promise<Joined[]> {
  return db
    .select({ location: locations, merchant: merchants, city: cities })
    .from(locations)
    .innerJoin(merchants, eq(locations.merchantId, merchants.id))
    .innerJoin(cities, eq(locations.cityId, cities.id))
    .where(where)
    .orderBy(asc(merchants.name), asc(locations.branchName))
}

type Summarised = { summary: LocationSummary; status: OpeningStatus; joined: Joined; media: MediaRow[] }

/** What a summary is built from, clock and point aside: a location's rows, hours, order types and pictures. */
export type SummaryParts = {
  joined: Joined
  /** By day, then opening time. */
  sessions: WorkingSession[]
  types: OrderTypeRow[]
  logo: MediaRow | undefined
  cover: MediaRow | undefined
  /** The location's pictures and its merchant's logo. */
  media: MediaRow[]
}

/** The parts of `rows`' summaries: their hours, order types and pictures read in three queries for all. */
export async function loadSummaryParts(db: Executor, rows: Joined[]): Promise<SummaryParts[]> {
  if (rows.length === 0) return []
  const locationIds = rows.map((r) => r.location.id)
  const merchantIds = [...new Set(rows.map((r) => r.merchant.id))]
  const [hours, types, mediaRows] = await Promise.all([
    db.select().from(workingHours).where(inArray(workingHours.locationId, locationIds)),
    db.select().from(orderTypes).where(inArray(orderTypes.locationId, locationIds)).orderBy(asc(orderTypes.sortOrder)),
    db
      .select(mediaColumns)
      .from(media)
      .where(
        or(
          and(inArray(media.locationId, locationIds), eq(media.entityType, 'META')),
          and(inArray(media.merchantId, merchantIds), eq(media.entityType, 'LOGO')),
        ),
      )
      .orderBy(asc(media.sortOrder)),
  ])
  return rows.map((joined) => {
    const { location, merchant } = joined
    const sessions: WorkingSession[] = hours
      .filter((h) => h.locationId === location.id)
      .map((h) => ({ day: h.dayOfWeek, sessionName: h.sessionName, opensAt: h.opensAt, closesAt: h.closesAt }))
      .sort((a, b) => a.day - b.day || a.opensAt.localeCompare(b.opensAt))
    return {
      joined,
      sessions,
      types: types.filter((t) => t.locationId === location.id),
      logo: mediaRows.find((m) => m.merchantId === merchant.id && m.entityType === 'LOGO'),
      cover: mediaRows.find((m) => m.locationId === location.id && m.entityType === 'META'),
      media: mediaRows.filter((m) => m.locationId === location.id || (m.merchantId === merchant.id && m.entityType === 'LOGO')),
    }
  })
}

/** One summary from its parts, with the opening status at the instant asked and the distance from `origin`. */
export const summaryOf = (apiBase: string, parts: SummaryParts, status: OpeningStatus, origin?: Origin): LocationSummary =>
  toSummary(apiBase, parts.joined, parts.sessions, status, parts.types, parts.logo, parts.cover, origin)

/** The summaries of `rows` at `instant`, from `origin`. */
export async function summarise(db: Executor, apiBase: string, rows: Joined[], origin?: Origin, instant = new Date()): Promise<Summarised[]> {
  return (await loadSummaryParts(db, rows)).map((parts) => {
    const status = openingStatus(parts.sessions, parts.joined.location.timeZoneCd, instant)
    return { summary: summaryOf(apiBase, parts, status, origin), status, joined: parts.joined, media: parts.media }
  })
}

async function detail(db: Executor, apiBase: string, joined: Joined): Promise<RestaurantDetail> {
  const [summarised] = await summarise(db, apiBase, [joined])
  if (!summarised) throw notFound('The restaurant')
  const { location } = joined
  const [sections, tables] = await Promise.all([
    db.select().from(tableSections).where(eq(tableSections.locationId, location.id)).orderBy(asc(tableSections.sortOrder)),
    db
      .select()
      .from(diningTables)
      .where(and(eq(diningTables.locationId, location.id), eq(diningTables.isActive, true)))
      .orderBy(asc(diningTables.name)),
  ])
  return toDetail(apiBase, summarised.summary, summarised.status, joined, summarised.media, sections, tables)
}

/** POST /merchants/locations/slug: a location by its slug; a merchant slug also resolves when the merchant has one location. */
export async function restaurantBySlug(db: Executor, apiBase: string, slug: string): Promise<RestaurantDetail> {
  let [row] = await loadJoined(db, and(active, eq(locations.locationSlug, slug)))
  if (!row) {
    const branches = await loadJoined(db, and(active, eq(merchants.slug, slug)))
    if (branches.length === 1) row = branches[0]
  }
  if (!row) throw notFound('The restaurant')
  return detail(db, apiBase, row)
}

/** POST /merchants/locations/id */
export async function restaurantById(db: Executor, apiBase: string, locationId: string): Promise<RestaurantDetail> {
  const [row] = await loadJoined(db, and(active, eq(locations.id, locationId)))
  if (!row) throw notFound('The restaurant')
  return detail(db, apiBase, row)
}

/** POST /merchants/details/v2: a merchant, its logo and its active locations. */
export async function merchantDetails(db: Executor, apiBase: string, slug: string): Promise<MerchantDetails> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.slug, slug))
  if (!merchant) throw notFound('The merchant')
  const rows = await loadJoined(db, and(active, eq(merchants.id, merchant.id)))
  const summaries = (await summarise(db, apiBase, rows)).map((s) => s.summary)
  const [logo] = await db
    .select(mediaColumns)
    .from(media)
    .where(and(eq(media.merchantId, merchant.id), eq(media.entityType, 'LOGO')))
  return {
    id: merchant.id,
    name: merchant.name,
    slug: merchant.slug,
    merchantType: merchant.merchantType,
    theme: merchantTheme(merchant),
    logo: logo ? toMediaRef(apiBase, logo) : null,
    locations: summaries,
  }
}

/** GET /cities */
export async function listCities(db: Executor) {
  return db.select().from(cities).orderBy(asc(cities.name))
}
