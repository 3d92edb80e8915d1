import { staffCall } from '@/entities/staff-session'
import type { FloorCallUpdate, SupportRequestStatus } from '@/shared/api'

/** The floor's calls (docs/floor.md) with the signed-in staff member's token; a refusal rejects with ApiRefusal. */
export const loadBoard = (locationId: string) => staffCall('GET /staff/:locationId/waiter-calls', { params: { locationId } })

/** A change carries an Idempotency-Key, so the client may send it again after a network failure. */
const once = () => ({ 'Idempotency-Key': crypto.randomUUID() })

export const updateCall = (locationId: string, callId: string, status: FloorCallUpdate['status']) =>
  staffCall('PUT /staff/:locationId/waiter-calls/:callId', { params: { locationId, callId }, body: { status }, headers: once() })

export const loadInbox = (locationId: string, status: SupportRequestStatus | undefined) =>
  staffCall('GET /staff/:locationId/support-requests', { params: { locationId }, query: status ? { status } : {} })

export const loadRequest = (locationId: string, requestId: string) =>
  staffCall('GET /staff/:locationId/support-requests/:requestId', { params: { locationId, requestId } })

export const sendReply = (locationId: string, requestId: string, message: string) =>
  staffCall('POST /staff/:locationId/support-requests/:requestId/replies', { params: { locationId, requestId }, body: { message }, headers: once() })

export const closeRequest = (locationId: string, requestId: string) =>
  staffCall('PUT /staff/:locationId/support-requests/:requestId/close', { params: { locationId, requestId }, headers: once() })
