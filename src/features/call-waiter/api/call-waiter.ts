import { call, type CallWaiterRequest } from '@/shared/api'

/** POST /customer/call-waiter (plain JSON): a new call, or the table's call that is still open; a refusal rejects with ApiRefusal. */
export const sendWaiterCall = (request: CallWaiterRequest, signedIn: boolean) => call('POST /customer/call-waiter', { body: request, auth: signedIn })

/** GET /customer/call-waiter/{callId}: the call as the restaurant has it now (Open, Acknowledged, Done). */
export const readWaiterCall = (callId: string) => call('GET /customer/call-waiter/:callId', { params: { callId } })
