import { api, isErrorBody } from '@/shared/api'
import type { CustomerProfile, DetailsUpdateRequest, ErrorBody, ProfileUpdateRequest } from '@/shared/api'

/** A refusal by the server, with its message for the log. */
export class ProfileFailure extends Error {
  constructor(readonly body: ErrorBody) {
    super(body.message)
    this.name = 'ProfileFailure'
  }
}

function unwrap<T>(result: T | ErrorBody): T {
  if (isErrorBody(result)) throw new ProfileFailure(result)
  return result
}

export async function fetchProfile(customerId: string): Promise<CustomerProfile> {
  return unwrap(await api.post<CustomerProfile>('/customer/profile/v2', { id: customerId }, { auth: true }))
}

export async function putProfile(request: ProfileUpdateRequest): Promise<CustomerProfile> {
  return unwrap(await api.put<CustomerProfile>('/customer/profile/v2', request, { auth: true }))
}

export async function putDetails(request: DetailsUpdateRequest): Promise<CustomerProfile> {
  return unwrap(await api.put<CustomerProfile>('/v2/customers', request, { auth: true }))
}
