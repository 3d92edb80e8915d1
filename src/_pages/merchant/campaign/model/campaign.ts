import { ApiRefusal, type CampaignResponse } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { fetchCampaign } from '../api/fetch-campaign'

export const CAMPAIGN_NOT_FOUND = 'This campaign was not found'

const campaignRequest = createRequestState<CampaignResponse>()
export const $campaignRequest = campaignRequest.$state

export async function loadCampaign(campaignId: string): Promise<CampaignResponse | undefined> {
  if ($campaignRequest.get().data?.id !== campaignId) campaignRequest.reset()
  return campaignRequest.run(
    () => fetchCampaign(campaignId),
    (error) => {
      console.error('Loading the campaign failed:', error)
      // A malformed id is refused with 400: to the diner it is a campaign that does not exist.
      return error instanceof ApiRefusal && (error.status === 404 || error.status === 400) ? CAMPAIGN_NOT_FOUND : 'Please Try Again'
    },
  )
}

/** Copies an offer's code; false when the browser refuses the clipboard. */
export async function copyCode(code: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(code)
    return true
  } catch (error) {
    console.error('Copying the code failed:', error)
    return false
  }
}
