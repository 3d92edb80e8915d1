import { DEFAULT_PAYLOAD_KEY } from '../config/constants'
import type { CallOptions, ResponseOf } from './call'
import type { EndpointName } from './contracts/endpoints'
import type { SiteConfig } from './contracts/config'
import type { City, LocationSummary, MenuResponse, RestaurantDetail } from './contracts/merchants'
import { decryptPayload, encryptPayload } from '../lib/crypto/payload'

/**
 * Data for static pages, read from the running API at build time (docs/scaling.md: the build
 * never opens the database). Without TABLEFRONT_BUILD_API the build makes the app shell only.
 */
export type { City }

/** GET /config: `sandbox` is true when payments and texts are simulated (the Demo marker). */
export type { SiteConfig }

const buildApi = () => process.env.TABLEFRONT_BUILD_API
const payloadKey = () => process.env.PUBLIC_PAYLOAD_KEY || DEFAULT_PAYLOAD_KEY

export const hasBuildData = () => Boolean(buildApi())

/** A route of the endpoint map, typed from it: a payload makes it an encrypted POST, none a plain GET. */
async function read<K extends EndpointName>(name: K, payload?: CallOptions<K>['body']): Promise<ResponseOf<K>> {
  const base = buildApi()
  if (!base) throw new Error('TABLEFRONT_BUILD_API is not set')
  const path = name.slice(name.indexOf(' ') + 1)
  const encrypted = payload !== undefined
  const response = await fetch(`${base}${path}`, {
    method: encrypted ? 'POST' : 'GET',
    headers: encrypted ? { 'Content-Type': 'application/json' } : undefined,
    body: encrypted ? JSON.stringify({ data: encryptPayload(payload, payloadKey()) }) : undefined,
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`Build data: ${path} answered ${response.status}: ${text.slice(0, 200)}`)
  return (encrypted ? decryptPayload(text, payloadKey()) : JSON.parse(text)) as ResponseOf<K>
}

const memo = new Map<string, Promise<unknown>>()
function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!memo.has(key)) memo.set(key, load())
  return memo.get(key) as Promise<T>
}

export function loadAllLocations(): Promise<LocationSummary[]> {
  return once('locations', async () => {
    const all: LocationSummary[] = []
    for (let page = 0; ; page++) {
      const result = await read('POST /customer/findMerchant/v2', { page, size: 100 })
      all.push(...result.content)
      if (all.length >= result.totalElements || result.content.length === 0) return all
    }
  })
}

export function loadRestaurant(slug: string): Promise<RestaurantDetail> {
  return once(`restaurant:${slug}`, () => read('POST /merchants/locations/slug', { slug }))
}

export function loadCustomerMenu(locationId: string, menuType: string): Promise<MenuResponse> {
  return once(`menu:${locationId}:${menuType}`, () =>
    read('POST /merchants/menu/v2', { locationId, menuType, visibleTo: ['C'] }),
  )
}

export function loadCities(): Promise<City[]> {
  return once('cities', () => read('GET /cities'))
}

export function loadSiteConfig(): Promise<SiteConfig> {
  return once('config', () => read('GET /config'))
}
