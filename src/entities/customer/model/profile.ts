import type { CustomerProfile, DetailsUpdateRequest, ProfileUpdateRequest } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { fetchProfile, putDetails, putProfile } from '../api/customer-api'

/** The product's words, kept exactly (docs/accounts.md, "The profile, addresses and favourites"). */
export const PROFILE_UPDATE_FAILED = 'Please Try Again'
export const DETAILS_UPDATE_FAILED = 'Failed to update user details. Please try again.'
export const PROFILE_LOAD_FAILED = 'Please Try Again'

const profileRequest = createRequestState<CustomerProfile>()
const profileUpdate = createRequestState<CustomerProfile>()
const detailsUpdate = createRequestState<CustomerProfile>()

/** The signed-in customer's profile (docs/accounts.md, "The profile, addresses and favourites"), with the load's request state. */
export const $profile = profileRequest.$state
/** Profile update: location, favourite, email or promotions (docs/accounts.md, "The profile, addresses and favourites"). */
export const $profileUpdate = profileUpdate.$state
/** Name and email (PUT /api/v2/customers). */
export const $detailsUpdate = detailsUpdate.$state

const failedWith = (message: string) => (error: unknown) => {
  console.error('Profile request failed:', error)
  return message
}

function adopt(profile: CustomerProfile | undefined): CustomerProfile | undefined {
  if (profile) $profile.set({ loading: false, success: true, data: profile, error: undefined })
  return profile
}

export function loadProfile(customerId: string): Promise<CustomerProfile | undefined> {
  return profileRequest.run(() => fetchProfile(customerId), failedWith(PROFILE_LOAD_FAILED))
}

export async function updateProfile(request: ProfileUpdateRequest): Promise<CustomerProfile | undefined> {
  return adopt(await profileUpdate.run(() => putProfile(request), failedWith(PROFILE_UPDATE_FAILED)))
}

export async function updateDetails(request: DetailsUpdateRequest): Promise<CustomerProfile | undefined> {
  return adopt(await detailsUpdate.run(() => putDetails(request), failedWith(DETAILS_UPDATE_FAILED)))
}

export const clearProfileUpdate = () => profileUpdate.clear()
export const clearDetailsUpdate = () => detailsUpdate.clear()

/** Forgets the profile, as when the customer signs out. */
export function resetProfile(): void {
  profileRequest.reset()
  profileUpdate.reset()
  detailsUpdate.reset()
}
