import { call } from '@/shared/api'

/** POST /customer/campaign/v2 (encrypted): the campaign, its offers and the merchant's locations; any refusal is an ApiRefusal. */
export const fetchCampaign = (campaignId: string) => call('POST /customer/campaign/v2', { body: { campaignId }, encrypted: true })
