import { api, isErrorBody, thrownErrorBody, type OfferListQuery, type OfferListResponse } from '@/shared/api'

/** The server refused the list (an unknown city or restaurant: 404), with its reason. */
export class OffersRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/** GET /coupon/v2/offers: the offers usable in a city or at one restaurant; with a session, the diner's uses left. */
export async function fetchOffers(query: OfferListQuery): Promise<OfferListResponse> {
  let answer: OfferListResponse | { status: number; message: string; code: string }
  try {
    answer = await api.get<OfferListResponse>('/coupon/v2/offers', { query, auth: true })
  } catch (error) {
    const body = thrownErrorBody(error)
    if (body) throw new OffersRefused(body.message, body.status)
    throw error
  }
  if (isErrorBody(answer)) throw new OffersRefused(answer.message, answer.status)
  return answer
}
