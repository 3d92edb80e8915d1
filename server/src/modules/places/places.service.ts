import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { NearestCityResponse, Place } from '@/shared/api/contracts/places'
import type { Executor } from '../../db/executor'
import { cities, locations, merchants } from '../../db/schema'
import { notFound } from '../../lib/errors'
import { distanceKm } from '../../domain/distance'

const stripMarks = (text: string) => text.normalize('NFD').replace(/\p{M}+/gu, '')

/** Lower case without accents, so "bengaluru" finds "Bengalūru" and "cafe" finds "Café". */
export const foldText = (text: string) => stripMarks(text.toLowerCase())

/**
 * The accented letters of Latin-1 and Latin Extended-A, both cases, and their plain lower-case
 * forms, for SQL `translate`: foldText's folding with no database extension (unaccent is not
 * everywhere), and whatever the database's locale does to lower().
 */
export const ACCENT_FOLD = (() => {
  let from = ''
  let to = ''
  for (let code = 0xc0; code <= 0x17f; code++) {
    const letter = String.fromCharCode(code)
    const plain = foldText(letter)
    if (plain.length === 1 && plain !== letter && plain !== letter.toLowerCase()) {
      from += letter
      to += plain
    }
  }
  return { from, to }
})()

const folded = (column: AnyPgColumn | SQL) => sql`translate(lower(${column}), ${ACCENT_FOLD.from}, ${ACCENT_FOLD.to})`

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

/**
 * 0: the label starts with the query; 1: a word of any searched field starts with it;
 * 2: the query appears inside a searched field.
 */
function rankOf(labels: SQL[], fields: SQL[], query: string): SQL<number> {
  const prefix = `${escapeLike(query)}%`
  const wordPrefix = `% ${escapeLike(query)}%`
  const any = (columns: SQL[], pattern: string) => sql.join(columns.map((column) => sql`${column} like ${pattern}`), sql` or `)
  return sql<number>`case when ${any(labels, prefix)} then 0 when ${any(fields, prefix)} or ${any(fields, wordPrefix)} then 1 else 2 end`
}

async function searchCities(db: Executor, query: string, limit: number) {
  const name = folded(cities.name)
  const fields = [name, folded(cities.state), folded(cities.countryName), folded(cities.country)]
  const rank = rankOf([name], fields, query)
  const contains = `%${escapeLike(query)}%`
  const rows = await db
    .select({ city: cities, rank })
    .from(cities)
    .where(or(...fields.map((field) => sql`${field} like ${contains}`)))
    .orderBy(rank, asc(cities.name))
    .limit(limit)
  return rows.map(({ city, rank }) => ({
    rank: Number(rank),
    place: {
      kind: 'city',
      label: city.name,
      secondary: [city.state, city.countryName].filter(Boolean).join(', '),
      lat: city.lat,
      lng: city.lng,
      cityName: city.name,
      country: city.country,
    } satisfies Place,
  }))
}

async function searchAddresses(db: Executor, query: string, limit: number) {
  const fields = [folded(locations.address), folded(locations.branchName), folded(merchants.name)]
  const rank = rankOf(fields, fields, query)
  const contains = `%${escapeLike(query)}%`
  const rows = await db
    .select({ location: locations, merchantName: merchants.name, city: cities, rank })
    .from(locations)
    .innerJoin(merchants, eq(locations.merchantId, merchants.id))
    .innerJoin(cities, eq(locations.cityId, cities.id))
    .where(and(eq(locations.isActive, true), or(...fields.map((field) => sql`${field} like ${contains}`))))
    .orderBy(rank, asc(locations.branchName))
    .limit(limit)
  return rows.map(({ location, merchantName, city, rank }) => ({
    rank: Number(rank),
    place: {
      kind: 'address',
      label: location.address,
      secondary: location.branchName.includes(merchantName) ? location.branchName : `${merchantName} — ${location.branchName}`,
      lat: location.lat,
      lng: location.lng,
      cityName: city.name,
      country: city.country,
    } satisfies Place,
  }))
}

/** GET /places/search: cities and restaurant addresses matching `text`, best first; cities win a tie. */
export async function searchPlaces(db: Executor, text: string, limit: number): Promise<Place[]> {
  const query = foldText(text.trim())
  const [cityHits, addressHits] = await Promise.all([searchCities(db, query, limit), searchAddresses(db, query, limit)])
  const kindOrder = { city: 0, address: 1 } as const
  return [...cityHits, ...addressHits]
    .sort((a, b) => a.rank - b.rank || kindOrder[a.place.kind] - kindOrder[b.place.kind])
    .slice(0, limit)
    .map((hit) => hit.place)
}

/** GET /places/nearest: the known city closest to a point. */
export async function nearestCity(db: Executor, point: { lat: number; lng: number }): Promise<NearestCityResponse> {
  const rows = await db.select().from(cities)
  let best: NearestCityResponse | undefined
  for (const city of rows) {
    const km = distanceKm(point, city)
    if (!best || km < best.distanceKm) {
      const { name, slug, state, country, countryName, lat, lng } = city
      best = { city: { name, slug, state, country, countryName, lat, lng }, distanceKm: km }
    }
  }
  if (!best) throw notFound('A city')
  return { ...best, distanceKm: Math.round(best.distanceKm * 10) / 10 }
}
