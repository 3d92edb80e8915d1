import { atom } from 'nanostores'
import type { CountriesResponse } from '@/shared/api'
import { DEFAULT_CALLING_CODE } from '@/shared/lib/phone'
import { loadCallingCodes } from '../api/auth-api'

/** Until the server answers (or if it cannot), the two codes the platform takes and +1 (docs/accounts.md, "Signing in, signing up, guests and resets"). */
export const $callingCodes = atom<CountriesResponse>({
  countries: [
    { country: 'US', callingCode: '+1' },
    { country: 'IND', callingCode: '+91' },
  ],
  defaultCallingCode: DEFAULT_CALLING_CODE,
})

let loading: Promise<void> | undefined

export function ensureCallingCodes(): Promise<void> {
  loading ??= loadCallingCodes()
    .then((answer) => {
      if (answer?.countries.length) $callingCodes.set(answer)
    })
    .catch(() => {
      loading = undefined
    })
  return loading
}
