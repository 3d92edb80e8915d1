import { eq } from 'drizzle-orm'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GeocodeResponse, NearestCityResponse, PlaceSearchResponse } from '@/shared/api/contracts/places'
import { cities, locations } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { awayFromWindowEdge } from '../../test/signed-in-client'
import { ACCENT_FOLD, foldText } from './places.service'
import { GEOCODE_PER_CLIENT } from './throttles'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await t.db.insert(cities).values({
    name: 'São Paulo',
    slug: 'sao-paulo',
    state: 'São Paulo',
    country: 'BRA',
    countryName: 'Brazil',
    currency: 'BRL',
    timeZone: 'America/Sao_Paulo',
    lat: -23.5505,
    lng: -46.6333,
  })
})
afterAll(() => t.close())

const search = async (query: string) => {
  const response = await t.get(`/places/search?${query}`)
  return { ...response, results: (response.body as PlaceSearchResponse).results }
}
const message = (body: unknown) => (body as { message: string }).message

describe('GET /places/search', () => {
  it('finds a city by the start of its name, whatever the case, before the addresses in it', async () => {
    for (const q of ['beng', 'BENG', 'Beng']) {
      const { status, contentType, results } = await search(`q=${q}`)
      expect(status).toBe(200)
      expect(contentType).toContain('application/json')
      expect(results[0]).toEqual({
        kind: 'city',
        label: 'Bengaluru',
        secondary: 'Karnataka, India',
        lat: 12.9716,
        lng: 77.5946,
        cityName: 'Bengaluru',
        country: 'IND',
      })
      const rest = results.slice(1)
      expect(rest.length).toBeGreaterThanOrEqual(4)
      expect(rest.every((place) => place.kind === 'address' && place.cityName === 'Bengaluru')).toBe(true)
    }
  })

  it('finds restaurant addresses by street, branch and merchant name', async () => {
    const byStreet = (await search('q=folsom')).results
    expect(byStreet[0]).toMatchObject({ kind: 'address', label: '598 Folsom St, San Francisco, CA', secondary: 'Olive Tree — SoMa', cityName: 'San Francisco', country: 'USA' })
    const byMerchant = (await search('q=olive%20tree')).results
    expect(byMerchant.map((place) => place.secondary).sort()).toEqual([
      'Olive Tree — Hayes Valley',
      'Olive Tree — SoMa',
      'Olive Tree — West Village',
    ])
    const byBranch = (await search('q=indiranagar')).results
    expect(byBranch).toHaveLength(1)
    expect(byBranch[0]).toMatchObject({ lat: 12.9718, lng: 77.6411 })
  })

  it('ranks prefix matches first, and a city before an address when they rank the same', async () => {
    const { results } = await search('q=ka')
    // "Kaapi Katte" starts with the query; Bengaluru only has a word ("Karnataka") that does.
    expect(results[0]).toMatchObject({ kind: 'address', secondary: 'Kaapi Katte' })
    expect(results[1]).toMatchObject({ kind: 'city', label: 'Bengaluru' })
    const newYork = (await search('q=new')).results
    expect(newYork[0]).toMatchObject({ kind: 'city', label: 'New York' })
    expect(newYork.slice(1).every((place) => place.kind === 'address' && place.cityName === 'New York')).toBe(true)
  })

  it('ignores accents on either side', async () => {
    expect((await search('q=sao%20p')).results[0]).toMatchObject({ kind: 'city', label: 'São Paulo', secondary: 'São Paulo, Brazil' })
    expect((await search(`q=${encodeURIComponent('bengalūru')}`)).results[0]).toMatchObject({ label: 'Bengaluru' })
    expect((await search(`q=${encodeURIComponent('SÃO')}`)).results[0]).toMatchObject({ label: 'São Paulo' })
  })

  it('treats LIKE wildcards and quotes as plain characters', async () => {
    for (const q of ['%', '_', '%25%', "o'brien", '\\', 'a%b']) {
      const response = await search(`q=${encodeURIComponent(q)}`)
      expect(response.status).toBe(200)
      expect(response.results).toEqual([])
    }
  })

  it('returns at most `limit` results, 8 by default', async () => {
    expect((await search('q=a')).results).toHaveLength(8)
    expect((await search('q=a&limit=3')).results).toHaveLength(3)
    expect((await search('q=a&limit=20')).results.length).toBeGreaterThan(8)
  })

  it('leaves out inactive locations', async () => {
    await t.db.update(locations).set({ isActive: false }).where(eq(locations.locationSlug, 'udupi-leaf'))
    expect((await search('q=udupi')).results).toEqual([])
    await t.db.update(locations).set({ isActive: true }).where(eq(locations.locationSlug, 'udupi-leaf'))
    expect((await search('q=udupi')).results).toHaveLength(1)
  })

  it('refuses a missing, blank or too long query and a bad limit with a message naming the field', async () => {
    const cases: [string, RegExp][] = [
      ['', /q is required/],
      ['q=', /q is required/],
      ['q=%20%20%20', /q is required/],
      [`q=${'x'.repeat(81)}`, /q must be at most 80 characters/],
      ['q=sf&limit=0', /limit must be at least 1/],
      ['q=sf&limit=21', /limit must be at most 20/],
      ['q=sf&limit=ten', /limit must be a whole number/],
      ['q=sf&limit=-1', /limit must be a whole number/],
    ]
    for (const [query, expected] of cases) {
      const response = await t.get(`/places/search?${query}`)
      expect(response.status, query).toBe(400)
      expect(response.body).toMatchObject({ status: 400, code: 'invalid_request' })
      expect(message(response.body), query).toMatch(expected)
    }
    expect((await search(`q=${'x'.repeat(80)}`)).status).toBe(200)
  })
})

describe('GET /places/nearest', () => {
  it('names the nearest known city and how far its centre is', async () => {
    const soma = await t.get('/places/nearest?lat=37.7817&lng=-122.4012')
    expect(soma.status).toBe(200)
    const body = soma.body as NearestCityResponse
    expect(body.city).toMatchObject({ name: 'San Francisco', slug: 'san-francisco', country: 'USA', countryName: 'United States' })
    expect(body.distanceKm).toBeGreaterThan(1)
    expect(body.distanceKm).toBeLessThan(3)
    expect(body.distanceKm * 10).toBe(Math.round(body.distanceKm * 10))
    const indiranagar = (await t.get('/places/nearest?lat=12.9718&lng=77.6411')).body as NearestCityResponse
    expect(indiranagar.city.name).toBe('Bengaluru')
    const farAway = (await t.get('/places/nearest?lat=-33.87&lng=151.21')).body as NearestCityResponse
    expect(farAway.distanceKm).toBeGreaterThan(5000)
  })

  it('refuses coordinates that are missing, not numbers or out of range', async () => {
    const cases: [string, RegExp][] = [
      ['lat=37.7', /lng is required/],
      ['lat=&lng=1', /lat must be a latitude/],
      ['lat=north&lng=1', /lat must be a latitude/],
      ['lat=1e2&lng=1', /lat must be a latitude/],
      ['lat=91&lng=0', /lat must be between -90 and 90/],
      ['lat=0&lng=-180.5', /lng must be between -180 and 180/],
    ]
    for (const [query, expected] of cases) {
      const response = await t.get(`/places/nearest?${query}`)
      expect(response.status, query).toBe(400)
      expect(message(response.body), query).toMatch(expected)
    }
  })
})

describe('GET /places/geocode', () => {
  it('finds a typed delivery address: "350 5th" near Empire Burger is 350 5th Ave, New York, cacheable', async () => {
    const response = await t.get('/places/geocode?q=350%205th&lat=40.7601&lng=-73.9879')
    expect(response.status).toBe(200)
    expect((await t.app.request('/api/places/geocode?q=350%205th')).headers.get('cache-control')).toBe('public, max-age=300')
    const { results } = response.body as GeocodeResponse
    expect(results.map((result) => result.label)).toContain('350 5th Ave, New York, NY')
    expect(results.find((result) => result.label === '350 5th Ave, New York, NY')).toMatchObject({ addressLine1: '350 5th Ave', locality: 'New York, NY' })
  })

  it('refuses a query too short or too long, a lone coordinate and a limit out of range, with invalid_request', async () => {
    const cases: [string, RegExp][] = [
      ['q=3', /q must be at least 2 characters/],
      [`q=${'a'.repeat(121)}`, /q must be at most 120 characters/],
      ['q=350%205th&lat=40.7', /lat and lng go together/],
      ['q=350%205th&lat=40.7&lng=east', /lng must be a longitude/],
      ['q=350%205th&limit=11', /limit must be at most 10/],
    ]
    for (const [query, expected] of cases) {
      const response = await t.get(`/places/geocode?${query}`)
      expect(response.status, query).toBe(400)
      expect(response.body, query).toMatchObject({ status: 400, code: 'invalid_request' })
      expect(message(response.body), query).toMatch(expected)
    }
  })

  it('a geocoder at GEOCODER_URL that does not answer is 503 geocoder_unavailable, telling the diner to drop the pin', async () => {
    const down = await createTestApp({ seed: false, env: { GEOCODER_URL: 'http://127.0.0.1:9/search?q={query}' } })
    try {
      const response = await down.get('/places/geocode?q=350%205th')
      expect(response.status).toBe(503)
      expect(response.body).toEqual({ status: 503, code: 'geocoder_unavailable', message: 'Address search is not available right now. Drop the pin on the map instead.' })
    } finally {
      await down.close()
    }
  })
})

describe('GET /places/geocode is limited per client (docs/accounts.md "Throttles")', () => {
  it('the 101st address search of one client within 10 minutes is 429 rate_limited with Retry-After, and the paid geocoder is not asked; another client still searches', async () => {
    // A Nominatim-compatible geocoder at GEOCODER_URL that counts what it is asked.
    let asked = 0
    const paid: Server = createServer((_request, response) => {
      asked++
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('[]')
    })
    await new Promise<void>((resolve) => paid.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(paid.address() as AddressInfo).port}/search?q={query}&limit={limit}`
    // TRUST_PROXY=1: the client is the address in X-Forwarded-For.
    const app = await createTestApp({ seed: false, env: { GEOCODER_URL: url, TRUST_PROXY: '1' } })
    const geocode = (client: string) => app.app.request('/api/places/geocode?q=350%205th', { headers: { 'X-Forwarded-For': client } })
    try {
      await awayFromWindowEdge(GEOCODE_PER_CLIENT.windowMs)
      const statuses: number[] = []
      for (let n = 0; n < GEOCODE_PER_CLIENT.max; n++) statuses.push((await geocode('198.51.100.20')).status)
      expect(statuses).toEqual(Array(GEOCODE_PER_CLIENT.max).fill(200))
      expect(asked).toBe(GEOCODE_PER_CLIENT.max)

      const limited = await geocode('198.51.100.20')
      expect(limited.status).toBe(429)
      expect(await limited.json()).toEqual({ status: 429, code: 'rate_limited', message: expect.stringMatching(/^Too many address searches\. Try again in \d+ minutes?\.$/) })
      const retryAfter = Number(limited.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(GEOCODE_PER_CLIENT.windowMs / 1000)
      // A refusal is never cached as if it were the answer.
      expect(limited.headers.get('cache-control') ?? '').not.toContain('public')
      expect(asked).toBe(GEOCODE_PER_CLIENT.max)

      expect((await geocode('198.51.100.21')).status).toBe(200)
      expect(asked).toBe(GEOCODE_PER_CLIENT.max + 1)
    } finally {
      await app.close()
      await new Promise((resolve) => paid.close(resolve))
    }
  })
})

describe('accent folding', () => {
  it('maps each accented letter to one plain lower-case letter, as SQL translate needs', () => {
    expect(ACCENT_FOLD.from.length).toBe(ACCENT_FOLD.to.length)
    expect(ACCENT_FOLD.from).toContain('é')
    expect(ACCENT_FOLD.from).toContain('É')
    expect(ACCENT_FOLD.to).toMatch(/^[a-z]+$/)
    expect(foldText('Crème Brûlée')).toBe('creme brulee')
  })
})

afterAll(() => {
  expect(t.errors).toEqual([])
})
