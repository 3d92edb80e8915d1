import { call } from '@/shared/api'
import type { FindMerchantRequest } from '@/shared/api'

export const findMerchants = (request: FindMerchantRequest) => call('POST /customer/findMerchant/v2', { body: request, encrypted: true })

export const fetchRestaurantBySlug = (slug: string) => call('POST /merchants/locations/slug', { body: { slug }, encrypted: true })

export const fetchRestaurantById = (locationId: string) =>
  call('POST /merchants/locations/id', { body: { staffId: null, locationId }, encrypted: true })

export const fetchMerchantDetails = (slug: string) => call('POST /merchants/details/v2', { body: { slug }, encrypted: true })
