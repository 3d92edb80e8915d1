import { api, isErrorBody } from '@/shared/api'
import type {
  FindMerchantRequest,
  FindMerchantResponse,
  MerchantDetails,
  RestaurantDetail,
} from '@/shared/api'

export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}

/** Turns a passthrough error body into a thrown ApiFailure carrying the server's message. */
export function unwrap<T>(result: T | { status: number; message: string; code: string }): T {
  if (isErrorBody(result)) throw new ApiFailure(result.message, result.status)
  return result
}

export async function findMerchants(request: FindMerchantRequest): Promise<FindMerchantResponse> {
  return unwrap(await api.post<FindMerchantResponse>('/customer/findMerchant/v2', request, { encrypted: true }))
}

export async function fetchRestaurantBySlug(slug: string): Promise<RestaurantDetail> {
  return unwrap(await api.post<RestaurantDetail>('/merchants/locations/slug', { slug }, { encrypted: true }))
}

export async function fetchRestaurantById(locationId: string): Promise<RestaurantDetail> {
  return unwrap(
    await api.post<RestaurantDetail>('/merchants/locations/id', { staffId: null, locationId }, { encrypted: true }),
  )
}

export async function fetchMerchantDetails(slug: string): Promise<MerchantDetails> {
  return unwrap(await api.post<MerchantDetails>('/merchants/details/v2', { slug }, { encrypted: true }))
}
