// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveCardToken, tokenizeCard } from '@/entities/card'
import { ApiRefusal } from '@/shared/api'
import { $toasts } from '@/shared/ui'
import { authorizePayment, cancelOrder, collectPayment, initiateOfflinePayment, type PaymentResult } from '../api/payments'
import {
  $cancelOrder,
  $payment,
  cancelUnpaidOrder,
  CARD_NOT_SAVED,
  completeHeldPayment,
  confirmWalletOrder,
  OFFLINE_PAYMENT_FAILED,
  hasUncollectedHold,
  ORDER_GONE,
  PAYMENT_FAILED,
  payAtRestaurant,
  payByCard,
  resetCancelOrder,
  resetPayment,
} from './pay-order'

vi.mock('../api/payments', async (original) => ({
  ...(await original<typeof import('../api/payments')>()),
  authorizePayment: vi.fn(),
  collectPayment: vi.fn(),
  initiateOfflinePayment: vi.fn(),
  cancelOrder: vi.fn(),
}))

vi.mock('@/entities/card', async (original) => ({
  ...(await original<typeof import('@/entities/card')>()),
  tokenizeCard: vi.fn(),
  saveCardToken: vi.fn(),
}))

const orderId = '7e0c1f9a-1b2c-4d3e-8f40-5a6b7c8d9e0f'
const result = (paymentStatus: PaymentResult['paymentStatus'], message: string | null = null): PaymentResult => ({
  orderId,
  paymentId: 'p1',
  kind: 'CNP',
  paymentStatus,
  amount: 2500,
  currency: 'USD',
  message,
  orderStatus: paymentStatus,
})
const entry = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zipcode: '' }

// The throttles are per module, so every test starts a minute after the last one.
let clock = Date.UTC(2030, 0, 1)
beforeEach(() => {
  vi.resetAllMocks()
  vi.useFakeTimers()
  clock += 60_000
  vi.setSystemTime(clock)
  resetPayment()
  $toasts.set([])
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.mocked(tokenizeCard).mockResolvedValue({ token: 'tok_1', brand: 'VISA', last4: '4242', expMonth: 12, expYear: 2030 } as never)
})
afterEach(() => vi.useRealTimers())

describe('paying by card (docs/checkout.md: authorize "18", collect "19")', () => {
  it('tokenises, authorizes and collects with a key of its own per call', async () => {
    vi.mocked(authorizePayment).mockResolvedValue(result('18'))
    vi.mocked(collectPayment).mockResolvedValue(result('19'))
    expect(await payByCard(orderId, { entry }, { signedIn: true })).toMatchObject({ paymentStatus: '19' })
    expect(tokenizeCard).toHaveBeenCalledWith({ number: '4242424242424242', cvc: '123', expMonth: 12, expYear: 2030 })
    expect(vi.mocked(authorizePayment).mock.calls[0]![0]).toEqual({ orderId, cardToken: 'tok_1' })
    expect(vi.mocked(authorizePayment).mock.calls[0]![1].idempotencyKey).not.toBe(vi.mocked(collectPayment).mock.calls[0]![1].idempotencyKey)
    expect($payment.get()).toMatchObject({ success: true, error: undefined })
  })

  it('treats a declined authorization as a failure with the server message and does not collect', async () => {
    vi.mocked(authorizePayment).mockResolvedValue(result('20', 'Your card was declined.'))
    expect(await payByCard(orderId, { savedCardId: 'c1' }, { signedIn: true })).toBeUndefined()
    expect($payment.get().error).toBe('Your card was declined.')
    expect(collectPayment).not.toHaveBeenCalled()
  })

  it('fails a collect that is not "19", and says "Something went wrong!" without a message', async () => {
    vi.mocked(authorizePayment).mockResolvedValue(result('18'))
    vi.mocked(collectPayment).mockResolvedValue(result('21'))
    await payByCard(orderId, { savedCardId: 'c1' }, { signedIn: true })
    expect($payment.get().error).toBe(PAYMENT_FAILED)
  })

  it('says "Invalid Card Details" for a card that cannot be one, or one the provider refuses', async () => {
    await payByCard(orderId, { entry: { ...entry, number: '4242' } }, { signedIn: false })
    expect($payment.get().error).toBe('Invalid Card Details')
    expect(tokenizeCard).not.toHaveBeenCalled()
    vi.mocked(tokenizeCard).mockRejectedValue(new ApiRefusal({ status: 402, code: 'card_declined', message: 'Declined' }))
    await payByCard(orderId, { entry }, { signedIn: false })
    expect($payment.get().error).toBe('Invalid Card Details')
  })

  it('retries an authorization whose answer was lost with the same key', async () => {
    vi.mocked(authorizePayment).mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(result('20', 'Declined'))
    await payByCard(orderId, { savedCardId: 'c1' }, { signedIn: true })
    expect($payment.get().error).toBe(PAYMENT_FAILED)
    vi.advanceTimersByTime(3_000)
    await payByCard(orderId, { savedCardId: 'c1' }, { signedIn: true })
    const [first, second] = vi.mocked(authorizePayment).mock.calls
    expect(second![1].idempotencyKey).toBe(first![1].idempotencyKey)
  })
})

describe('a card authorized before a reload and never collected (docs/payments.md "Another card replaces a hold")', () => {
  const payment = (status: string, voidedAt: string | null = null, kind = 'CNP') => ({ kind, status, voidedAt })

  it('is recognised only by a live card authorization: not a voided one, a decline, a capture or a promise to pay at the restaurant', () => {
    expect(hasUncollectedHold([payment('18')])).toBe(true)
    expect(hasUncollectedHold([payment('18', '2030-01-01T00:00:00Z'), payment('18')])).toBe(true)
    expect(hasUncollectedHold([payment('18', '2030-01-01T00:00:00Z'), payment('20')])).toBe(false)
    expect(hasUncollectedHold([payment('19')])).toBe(false)
    expect(hasUncollectedHold([payment('25', null, 'PAY_AT_LOCATION')])).toBe(false)
    expect(hasUncollectedHold([])).toBe(false)
    expect(hasUncollectedHold(undefined)).toBe(false)
  })

  it('is collected without a card: no tokenising, no authorization, one collect with a key of its own', async () => {
    vi.mocked(collectPayment).mockResolvedValue(result('19'))
    expect(await completeHeldPayment(orderId, true)).toMatchObject({ paymentStatus: '19' })
    expect(tokenizeCard).not.toHaveBeenCalled()
    expect(authorizePayment).not.toHaveBeenCalled()
    expect(vi.mocked(collectPayment).mock.calls).toEqual([[orderId, { idempotencyKey: expect.stringMatching(/^pay-/), signedIn: true }, undefined]])
    expect($payment.get()).toMatchObject({ success: true, error: undefined })
  })

  it('fails with the gateway’s message when the collect is not "19", and with ORDER_GONE when the order expired meanwhile', async () => {
    vi.mocked(collectPayment).mockResolvedValueOnce(result('21', 'The payment gateway did not answer. Please try again.'))
    expect(await completeHeldPayment(orderId, false, 'share-1')).toBeUndefined()
    expect($payment.get().error).toBe('The payment gateway did not answer. Please try again.')
    expect(vi.mocked(collectPayment).mock.calls[0]![2]).toBe('share-1')
    vi.advanceTimersByTime(3_000)
    vi.mocked(collectPayment).mockRejectedValueOnce(new ApiRefusal({ status: 409, code: 'order_cancelled', message: 'This order was cancelled.' }))
    expect(await completeHeldPayment(orderId, false)).toBeUndefined()
    expect($payment.get().error).toBe(ORDER_GONE)
  })
})

describe('saving the new card after the payment ("Save this card for next time")', () => {
  const customerId = 'c0ffee00-1b2c-4d3e-8f40-5a6b7c8d9e0f'
  const paysThrough = () => {
    vi.mocked(authorizePayment).mockResolvedValue(result('18'))
    vi.mocked(collectPayment).mockResolvedValue(result('19'))
  }

  it('saves the token the payment used, with the ZIP code, once the payment is collected', async () => {
    paysThrough()
    vi.mocked(collectPayment).mockImplementation(async () => {
      expect(saveCardToken).not.toHaveBeenCalled()
      return result('19')
    })
    await payByCard(orderId, { entry: { ...entry, zipcode: '94103' } }, { signedIn: true, saveCardFor: customerId })
    expect(saveCardToken).toHaveBeenCalledExactlyOnceWith(customerId, 'tok_1', '94103')
  })

  it('saves nothing when the customer did not ask, for a guest, for a saved card, or when the payment fails', async () => {
    paysThrough()
    await payByCard(orderId, { entry }, { signedIn: true })
    vi.advanceTimersByTime(3_000)
    await payByCard(orderId, { entry }, { signedIn: false, saveCardFor: customerId })
    vi.advanceTimersByTime(3_000)
    await payByCard(orderId, { savedCardId: 'c1' }, { signedIn: true, saveCardFor: customerId })
    vi.advanceTimersByTime(3_000)
    vi.mocked(authorizePayment).mockResolvedValue(result('20', 'Your card was declined.'))
    await payByCard(orderId, { entry }, { signedIn: true, saveCardFor: customerId })
    expect($payment.get().error).toBe('Your card was declined.')
    expect(saveCardToken).not.toHaveBeenCalled()
  })

  it('keeps the payment a success and says so in a toast when saving fails', async () => {
    paysThrough()
    vi.mocked(saveCardToken).mockRejectedValue(new ApiRefusal({ status: 500, code: 'internal', message: 'Boom' }))
    expect(await payByCard(orderId, { entry }, { signedIn: true, saveCardFor: customerId })).toMatchObject({ paymentStatus: '19' })
    expect($payment.get()).toMatchObject({ success: true, error: undefined })
    expect($toasts.get().map((toast) => toast.message)).toEqual([CARD_NOT_SAVED])
  })
})

describe('an order the wallet pays in full', () => {
  it('is confirmed without a card and goes to the kitchen ("25")', async () => {
    vi.mocked(initiateOfflinePayment).mockResolvedValueOnce({ ...result('25'), amount: 0 })
    expect(await confirmWalletOrder(orderId, true)).toMatchObject({ paymentStatus: '25', amount: 0 })
    expect(authorizePayment).not.toHaveBeenCalled()
    expect(tokenizeCard).not.toHaveBeenCalled()
  })
})

describe('paying at the restaurant', () => {
  it('succeeds with "25" and fails with "Offline Payment Failed" otherwise', async () => {
    vi.mocked(initiateOfflinePayment).mockResolvedValueOnce(result('25'))
    expect(await payAtRestaurant(orderId, false)).toMatchObject({ paymentStatus: '25' })
    vi.advanceTimersByTime(3_000)
    vi.mocked(initiateOfflinePayment).mockRejectedValueOnce(new ApiRefusal({ status: 409, code: 'conflict', message: 'Already paid by card' }))
    await payAtRestaurant(orderId, false)
    expect($payment.get().error).toBe(OFFLINE_PAYMENT_FAILED)
  })
})

describe('an order cancelled before it is paid (docs/payments.md "Unpaid orders expire")', () => {
  const refused = (code: string, message: string) => new ApiRefusal({ status: 409, code, message })

  it('says the order was cancelled and nothing charged when it expired before the payment', async () => {
    vi.mocked(authorizePayment).mockRejectedValue(refused('order_cancelled', 'This order was cancelled.'))
    expect(await payByCard(orderId, { entry }, { signedIn: true })).toBeUndefined()
    expect($payment.get().error).toBe(ORDER_GONE)
    vi.advanceTimersByTime(3_000)
    vi.mocked(initiateOfflinePayment).mockRejectedValue(refused('order_cancelled', 'This order was cancelled.'))
    await payAtRestaurant(orderId, true)
    expect($payment.get().error).toBe(ORDER_GONE)
  })

  it('cancels an unpaid order once per click with a key, and shows why when the server refuses', async () => {
    resetCancelOrder()
    vi.mocked(cancelOrder).mockResolvedValueOnce({ orderId, status: '8', cancelReason: 'customer' } as never)
    expect(await cancelUnpaidOrder(orderId, false)).toMatchObject({ status: '8' })
    expect(vi.mocked(cancelOrder).mock.calls[0]![1]).toMatchObject({ signedIn: false, idempotencyKey: expect.stringMatching(/^pay-/) })
    vi.advanceTimersByTime(3_000)
    vi.mocked(cancelOrder).mockRejectedValueOnce(refused('order_not_cancellable', 'This order is already cancelled.'))
    expect(await cancelUnpaidOrder(orderId, false)).toBeUndefined()
    expect($cancelOrder.get().error).toBe('This order is already cancelled.')
  })
})
