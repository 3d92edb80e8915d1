import { expect, type APIRequestContext } from '@playwright/test'
import type { SplitBill } from '@/shared/api/contracts/dine-in'
import type { OrderDetail, OrderReceipt, PaymentResult } from '@/shared/api/contracts/ordering'
import type { Reservation } from '@/shared/api/contracts/reservations'
import { SANDBOX_TOKENIZE_AUTHORIZATION } from '@/shared/api/contracts/card-provider'
import { DEFAULT_PAYLOAD_KEY } from '@/shared/config/constants'
import { decryptPayload, encryptPayload } from '@/shared/lib/crypto/payload'
import { encryptedCall } from './api'
import type { DemoSession } from './session'

/** An encrypted POST that creates something: 201 and the decrypted answer. */
async function encryptedCreate<T>(request: APIRequestContext, path: string, payload: unknown, headers: Record<string, string>): Promise<T> {
  const response = await request.post(`/api${path}`, { data: { data: encryptPayload(payload, DEFAULT_PAYLOAD_KEY) }, headers })
  const body = await response.text()
  expect(response.status(), `${path}: ${body}`).toBe(201)
  return decryptPayload(body, DEFAULT_PAYLOAD_KEY) as T
}

const authOf = (session: DemoSession) => ({ Authorization: `Bearer ${session.accessToken}` })
const idempotent = (session: DemoSession, what: string) => ({ ...authOf(session), 'Idempotency-Key': `${what}-${Date.now()}-${Math.random()}` })

/** `createOrder` for a signed-in diner; `order` is the totals request plus its optional fields. */
export async function placeOrderThroughApi(request: APIRequestContext, session: DemoSession, order: Record<string, unknown>): Promise<OrderDetail> {
  return encryptedCreate<OrderDetail>(request, '/order/customer/createOrder', order, idempotent(session, 'order'))
}

/** Authorises and collects the order (or one share of it) with the sandbox card 4242 4242 4242 4242; the paid payment's id. */
export async function payThroughApi(request: APIRequestContext, session: DemoSession, orderId: string, splitId?: string): Promise<string> {
  const target = splitId ? { orderId, splitId } : { orderId }
  const tokenized = await request.post('/api/provider/sandbox/tokenize', {
    data: { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
    headers: { Authorization: SANDBOX_TOKENIZE_AUTHORIZATION },
  })
  expect(tokenized.status()).toBe(201)
  const { token } = (await tokenized.json()) as { token: string }
  const authorized = await encryptedCall<PaymentResult>(request, '/payment/v2/authorize', { ...target, cardToken: token }, idempotent(session, 'authorize'))
  expect(authorized.paymentStatus).toBe('18')
  const collected = await encryptedCall<PaymentResult>(request, '/payment/collect-payment', target, idempotent(session, 'collect'))
  expect(collected.paymentStatus).toBe('19')
  if (splitId) {
    const bill = await encryptedCall<SplitBill>(request, '/order/customer/splits', { orderId }, authOf(session))
    return bill.shares.find((share) => share.id === splitId)!.payment!.id
  }
  const receipt = await encryptedCall<OrderReceipt>(request, '/order/customer', { orderId }, authOf(session))
  return receipt.payments.find((payment) => payment.status === '19')!.id
}

/** Splits a table order evenly into `parts` unpaid shares. */
export async function splitThroughApi(request: APIRequestContext, session: DemoSession, orderId: string, parts: number): Promise<SplitBill> {
  return encryptedCreate<SplitBill>(request, '/order/customer/split', { orderId, mode: 'EVEN', parts }, idempotent(session, 'split'))
}

/** A party of two on the waitlist of a location, checked in by the signed-in diner. */
export async function checkInThroughApi(request: APIRequestContext, session: DemoSession, locationId: string): Promise<Reservation> {
  const query = new URLSearchParams({
    locationId,
    fullName: `${session.userDetails.firstName} ${session.userDetails.lastName}`,
    mobile: session.userDetails.mobilePhone,
    guestCount: '2',
    deviceId: '',
    channelName: 'ONLINE',
    seatTogether: '1',
  })
  const response = await request.post(`/api/customer/reservations?${query}`, { headers: idempotent(session, 'checkin') })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as Reservation
}
