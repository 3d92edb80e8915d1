import { api, isErrorBody, thrownErrorBody, type CallWaiterRequest, type ErrorBody, type WaiterCall } from '@/shared/api'

export class WaiterCallRefused extends Error {
  constructor(readonly body: ErrorBody) {
    super(body.message)
    this.name = 'WaiterCallRefused'
  }
}

/** POST /customer/call-waiter (plain JSON): a new call, or the table's call that is still open. */
export async function sendWaiterCall(request: CallWaiterRequest, signedIn: boolean): Promise<WaiterCall> {
  try {
    const answer = await api.post<WaiterCall>('/customer/call-waiter', request, { auth: signedIn })
    if (isErrorBody(answer)) throw new WaiterCallRefused(answer)
    return answer
  } catch (error) {
    const body = thrownErrorBody(error)
    if (body) throw new WaiterCallRefused(body)
    throw error
  }
}
