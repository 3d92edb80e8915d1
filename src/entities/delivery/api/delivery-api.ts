import { api, isErrorBody, type DeliveryTracking, type ValetLocation } from '@/shared/api'
import { isValetLocation } from '../lib/tracking-result'

/** POST /delivery/status/v2 (plain JSON): the runner, tracking page and ETA of the diner's delivery. */
export async function fetchDeliveryStatus(deliveryProviderId: string, orderId: string, signedIn: boolean): Promise<DeliveryTracking> {
  const answer = await api.post<DeliveryTracking>('/delivery/status/v2', { deliveryProviderId, orderId }, { auth: signedIn })
  if (isErrorBody(answer)) throw new Error(`The delivery status was refused: ${answer.status} ${answer.code} ${answer.message}`)
  return answer
}

/** GET /valet/getValetLocation: refused unless the answer carries delivery_staff_id (docs/delivery.md, "Tracking"). */
export async function fetchValetLocation(deliveryStaffId: string, signedIn: boolean): Promise<ValetLocation> {
  const answer = await api.get<unknown>('/valet/getValetLocation', { query: { deliveryStaffId }, auth: signedIn })
  if (isErrorBody(answer)) throw new Error(`The valet location was refused: ${answer.status} ${answer.code} ${answer.message}`)
  if (!isValetLocation(answer)) throw new Error('The valet location has no delivery_staff_id')
  return answer
}
