import { call } from '@/shared/api'
import type { AddressCreateRequest, AddressUpdateRequest } from '@/shared/api'

export const fetchAddresses = (customerId: string) => call('GET /addresses', { query: { customerId }, auth: true })

export const postAddress = (body: AddressCreateRequest) => call('POST /addresses', { body, auth: true })

export const putAddress = (id: string, body: AddressUpdateRequest) => call('PUT /addresses/:id', { params: { id }, body, auth: true })

export const removeAddress = (id: string) => call('DELETE /addresses/:id', { params: { id }, auth: true })
