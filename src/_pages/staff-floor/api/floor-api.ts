import { call, type FloorCallUpdate, type SupportRequestStatus } from '@/shared/api'
import { staffCallHeaders } from './staff-auth'

/** The floor's calls (docs/floor.md), each with the signed-in staff member's token; a refusal rejects with ApiRefusal. */
export const loadBoard = (locationId: string) => call('GET /staff/:locationId/waiter-calls', { params: { locationId }, headers: staffCallHeaders() })

export const updateCall = (locationId: string, callId: string, status: FloorCallUpdate['status']) =>
  call('PUT /staff/:locationId/waiter-calls/:callId', {
    params: { locationId, callId },
    body: { status },
    headers: { ...staffCallHeaders(), 'Idempotency-Key': crypto.randomUUID() },
  })

export const loadInbox = (locationId: string, status: SupportRequestStatus | undefined) =>
  call('GET /staff/:locationId/support-requests', { params: { locationId }, query: status ? { status } : {}, headers: staffCallHeaders() })

export const loadRequest = (locationId: string, requestId: string) =>
  call('GET /staff/:locationId/support-requests/:requestId', { params: { locationId, requestId }, headers: staffCallHeaders() })

export const sendReply = (locationId: string, requestId: string, message: string) =>
  call('POST /staff/:locationId/support-requests/:requestId/replies', {
    params: { locationId, requestId },
    body: { message },
    headers: { ...staffCallHeaders(), 'Idempotency-Key': crypto.randomUUID() },
  })

export const closeRequest = (locationId: string, requestId: string) =>
  call('PUT /staff/:locationId/support-requests/:requestId/close', {
    params: { locationId, requestId },
    headers: { ...staffCallHeaders(), 'Idempotency-Key': crypto.randomUUID() },
  })
