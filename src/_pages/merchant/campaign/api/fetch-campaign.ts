import { api, isErrorBody, thrownErrorBody, type CampaignResponse } from '@/shared/api'

export class CampaignLoadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'CampaignLoadError'
  }
}

/** POST /customer/campaign/v2 (encrypted): the campaign, its offers and the merchant's locations. */
export async function fetchCampaign(campaignId: string): Promise<CampaignResponse> {
  let answer: CampaignResponse | { status: number; message: string; code: string }
  try {
    answer = await api.post<CampaignResponse>('/customer/campaign/v2', { campaignId }, { encrypted: true })
  } catch (error) {
    const body = thrownErrorBody(error)
    throw body ? new CampaignLoadError(body.message, body.status) : error
  }
  if (isErrorBody(answer)) throw new CampaignLoadError(answer.message, answer.status)
  return answer
}
