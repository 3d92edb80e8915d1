import { call } from '@/shared/api'
import type { DetailsUpdateRequest, ProfileUpdateRequest } from '@/shared/api'

export const fetchProfile = (customerId: string) => call('POST /customer/profile/v2', { body: { id: customerId }, auth: true })

export const putProfile = (request: ProfileUpdateRequest) => call('PUT /customer/profile/v2', { body: request, auth: true })

export const putDetails = (request: DetailsUpdateRequest) => call('PUT /v2/customers', { body: request, auth: true })
