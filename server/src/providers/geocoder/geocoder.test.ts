import { describe, expect, it, vi } from 'vitest'
import { distanceKm, GeocoderUnavailable } from './geocoder-provider'
import { httpGeocoder } from './http-geocoder'
import { createGeocoder } from './index'
import { sandboxGeocoder, words } from './sandbox-geocoder'

const EMPIRE_BURGER = { lat: 40.7601, lng: -73.9879 }

describe('the sandbox geocoder', () => {
  const geocoder = sandboxGeocoder()

  it('"350 5th" finds 350 5th Ave, New York, within 200 m of the Empire State Building', async () => {
    const results = await geocoder.search({ text: '350 5th', near: EMPIRE_BURGER, limit: 6 })
    const street = results.find((result) => result.label === '350 5th Ave, New York, NY')
    expect(street).toMatchObject({ addressLine1: '350 5th Ave', locality: 'New York, NY' })
    expect(distanceKm(street!, { lat: 40.7484, lng: -73.9857 })).toBeLessThan(0.2)
    expect(results.some((result) => result.label.startsWith('Empire State Building, 350 5th Ave'))).toBe(true)
  })

  it('reads the words people type for the same street: "350 fifth avenue", "350 5th Av." and "350 5TH AVE"', async () => {
    for (const text of ['350 fifth avenue', '350 5th Av.', '350 5TH AVE']) {
      const [first] = await geocoder.search({ text, limit: 3 })
      expect(first?.addressLine1, text).toBe('350 5th Ave')
    }
    expect(words('Fifth Avenue, NYC')).toEqual(['5th', 'ave', 'new', 'york'])
  })

  it('places a house number between the known points of its street, and none beyond its ends', async () => {
    const [middle] = await geocoder.search({ text: '598 Folsom', limit: 1 })
    expect(middle).toMatchObject({ label: '598 Folsom St, San Francisco, CA', lat: 37.7861, lng: -122.3969 })
    expect(await geocoder.search({ text: '99999 Folsom', limit: 5 })).toEqual([])
  })

  it('finds named places of the demo cities, nearest the restaurant first', async () => {
    const [ferry] = await geocoder.search({ text: 'ferry build', limit: 5 })
    expect(ferry).toMatchObject({ addressLine1: '1 Ferry Building', locality: 'San Francisco, CA 94111' })
    const broadway = await geocoder.search({ text: '1500 broadway', near: EMPIRE_BURGER, limit: 5 })
    expect(broadway[0]!.addressLine1).toBe('1500 Broadway')
    const parks = await geocoder.search({ text: 'park', near: { lat: 12.97, lng: 77.59 }, limit: 10 })
    expect(parks[0]!.label).toMatch(/^Cubbon Park/)
  })

  it('answers nothing for text it does not know, and keeps to the limit', async () => {
    expect(await geocoder.search({ text: 'zzz qqq', limit: 5 })).toEqual([])
    expect(await geocoder.search({ text: '1 st', limit: 2 })).toHaveLength(2)
  })
})

describe('a geocoder at GEOCODER_URL', () => {
  const template = 'https://geo.example/search?format=jsonv2&addressdetails=1&limit={limit}&q={query}'

  it('fills the query and limit into the URL and reads a Nominatim answer into addresses, nearest first', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json([
        { display_name: 'far', lat: '40.80', lon: '-73.95', address: { house_number: '2', road: 'Far Rd', city: 'New York', state: 'New York', postcode: '10025' } },
        { display_name: '350, 5th Avenue, New York', lat: '40.7484', lon: '-73.9857', address: { house_number: '350', road: '5th Avenue', city: 'New York', state: 'New York', postcode: '10118' } },
        { display_name: 'no position', lat: 'x', lon: '1' },
      ]),
    )
    const results = await httpGeocoder(template, fetchMock as unknown as typeof fetch).search({ text: '350 5th & co', near: EMPIRE_BURGER, limit: 5 })
    expect(fetchMock.mock.calls[0]![0]).toBe('https://geo.example/search?format=jsonv2&addressdetails=1&limit=5&q=350%205th%20%26%20co')
    expect(results).toEqual([
      { label: '350 5th Avenue, New York, New York 10118', addressLine1: '350 5th Avenue', locality: 'New York, New York 10118', lat: 40.7484, lng: -73.9857 },
      { label: '2 Far Rd, New York, New York 10025', addressLine1: '2 Far Rd', locality: 'New York, New York 10025', lat: 40.8, lng: -73.95 },
    ])
  })

  it('a refusal, a network failure or an answer that is not a list is "unavailable", never a crash or a wrong pin', async () => {
    const answers = [async () => new Response('busy', { status: 429 }), async () => Promise.reject(new TypeError('fetch failed')), async () => Response.json({ error: 'x' })]
    for (const answer of answers) {
      await expect(httpGeocoder(template, vi.fn(answer) as unknown as typeof fetch).search({ text: 'x y', limit: 3 })).rejects.toBeInstanceOf(GeocoderUnavailable)
    }
  })

  it('is used when GEOCODER_URL is set; the sandbox answers otherwise', () => {
    expect(createGeocoder({ GEOCODER_URL: template }).name).toBe('http')
    expect(createGeocoder({ GEOCODER_URL: undefined }).name).toBe('sandbox')
  })
})
