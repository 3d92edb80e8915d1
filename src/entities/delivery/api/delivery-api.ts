import { call, type DeliveryTracking, type ValetLocation } from '@/shared/api'
import { isValetLocation } from '../lib/tracking-result'

/** POST /delivery/status/v2 (plain JSON): the runner, tracking page and ETA of the diner's delivery; a refusal rejects with ApiRefusal. */
export const fetchDeliveryStatus = (deliveryProviderId: string, orderId: string, signedIn: boolean): Promise<DeliveryTracking> =>
  call('POST /delivery/status/v2', { body: { deliveryProviderId, orderId }, auth: signedIn })

/** GET /valet/getValetLocation: refused unless the answer carries delivery_staff_id (docs/delivery.md, "Tracking"). */
export async function fetchValetLocation(deliveryStaffId: string, signedIn: boolean): Promise<ValetLocation> {
  const answer: unknown = await call('GET /valet/getValetLocation', { query: { deliveryStaffId }, auth: signedIn })
  if (!isValetLocation(answer)) throw new Error('The valet location has no delivery_staff_id')
  return answer
}
