import { api, isErrorBody } from '@/shared/api'
import type { Address, AddressCreateRequest, AddressDeleteResponse, AddressUpdateRequest, ErrorBody } from '@/shared/api'

/** A refusal by the server, carrying its message for the user. */
export class AddressFailure extends Error {
  constructor(readonly body: ErrorBody) {
    super(body.message)
    this.name = 'AddressFailure'
  }
}

function unwrap<T>(result: T | ErrorBody): T {
  if (isErrorBody(result)) throw new AddressFailure(result)
  return result
}

export async function fetchAddresses(customerId: string): Promise<Address[]> {
  return unwrap(await api.get<Address[]>('/addresses', { query: { customerId }, auth: true }))
}

export async function postAddress(request: AddressCreateRequest): Promise<Address> {
  return unwrap(await api.post<Address>('/addresses', request, { auth: true }))
}

export async function putAddress(id: string, request: AddressUpdateRequest): Promise<Address> {
  return unwrap(await api.put<Address>(`/addresses/${encodeURIComponent(id)}`, request, { auth: true }))
}

export async function removeAddress(id: string): Promise<AddressDeleteResponse> {
  return unwrap(await api.delete<AddressDeleteResponse>(`/addresses/${encodeURIComponent(id)}`, { auth: true }))
}
