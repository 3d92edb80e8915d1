import { fetchMerchantDetails } from '@/entities/restaurant'
import { ApiRefusal, type MerchantDetails } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'

export const BRAND_NOT_FOUND = 'This restaurant was not found'

const brandRequest = createRequestState<MerchantDetails>()
/** The merchant of the master home page, with every location. */
export const $brandRequest = brandRequest.$state

export async function loadBrand(merchantSlug: string): Promise<MerchantDetails | undefined> {
  if ($brandRequest.get().data?.slug !== merchantSlug) brandRequest.reset()
  return brandRequest.run(
    () => fetchMerchantDetails(merchantSlug),
    (error) => {
      console.error('Loading the restaurant group failed:', error)
      return error instanceof ApiRefusal && error.status === 404 ? BRAND_NOT_FOUND : 'Please Try Again'
    },
  )
}
