import { ApiRefusal, call, thrownErrorBody, type CallWaiterRequest, type WaiterCall } from '@/shared/api'

/** POST /customer/call-waiter (plain JSON): a new call, or the table's call that is still open; a refusal rejects with ApiRefusal. */
export async function sendWaiterCall(request: CallWaiterRequest, signedIn: boolean): Promise<WaiterCall> {
  try {
    return await call('POST /customer/call-waiter', { body: request, auth: signedIn })
  } catch (error) {
    // A 404 is thrown by the client rather than passed through: the same refusal for the diner.
    const body = thrownErrorBody(error)
    if (body) throw new ApiRefusal(body)
    throw error
  }
}
