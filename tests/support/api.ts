import { expect, type APIRequestContext } from '@playwright/test'
import type { MenuResponse, RestaurantDetail } from '@/shared/api/contracts/merchants'
import { DEFAULT_PAYLOAD_KEY } from '@/shared/config/constants'
import { decryptPayload, encryptPayload } from '@/shared/lib/crypto/payload'

/** An encrypted API call (docs/api.md, "Wire protocol") straight to the server under test. */
export async function encryptedCall<T>(request: APIRequestContext, path: string, payload: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await request.post(`/api${path}`, { data: { data: encryptPayload(payload, DEFAULT_PAYLOAD_KEY) }, headers })
  expect(response.status(), path).toBe(200)
  return decryptPayload(await response.text(), DEFAULT_PAYLOAD_KEY) as T
}

export const restaurantOf = (request: APIRequestContext, slug: string) =>
  encryptedCall<RestaurantDetail>(request, '/merchants/locations/slug', { slug })

export async function menuOf(request: APIRequestContext, slug: string, menuType: string): Promise<MenuResponse> {
  const restaurant = await restaurantOf(request, slug)
  return encryptedCall<MenuResponse>(request, '/merchants/menu/v2', { locationId: restaurant.id, menuType, visibleTo: ['C'] })
}

/** How many restaurants the platform lists now (a test may have added one). */
export async function listedCount(request: APIRequestContext): Promise<number> {
  return (await encryptedCall<{ totalElements: number }>(request, '/customer/findMerchant/v2', { size: 100 })).totalElements
}
