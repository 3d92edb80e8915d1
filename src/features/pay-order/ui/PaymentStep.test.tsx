// @vitest-environment happy-dom
import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { $cards } from '@/entities/card'
import type { SavedCard } from '@/shared/api'
import { PaymentStep } from './PaymentStep'

vi.mock('@/entities/card', async (original) => ({
  ...(await original<typeof import('@/entities/card')>()),
  loadCards: vi.fn(async () => undefined),
}))

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let host: HTMLElement
let root: Root
async function render(node: ReactNode) {
  host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
  await act(async () => root.render(node))
}
afterEach(async () => {
  await act(async () => root.unmount())
  host.remove()
})

const card = (id: string, month: number, year: number): SavedCard => ({ id, Brand: 'VISA', ExpirationMonth: month, ExpirationYear: year, Last4: id.slice(-4), cardType: 'VISA', lastFourDigits: id.slice(-4), zipcode: null })
const order = { orderId: 'o1', total: 2500, currency: 'USD' }
const radios = () => [...host.querySelectorAll<HTMLInputElement>('input[type=radio]')].map((input) => ({ name: input.closest('label')!.textContent!.trim(), checked: input.checked }))

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2030-06-15T12:00:00Z'))
})
afterEach(() => vi.useRealTimers())

describe('the payment step', () => {
  it('chooses the newest saved card that has not expired for the diner, not "A new card"', async () => {
    $cards.set([card('expired-1111', 5, 2030), card('valid-4242', 6, 2030), card('older-0005', 1, 2031)])
    await render(<PaymentStep order={order} signedIn customerId="c1" onPaid={() => {}} />)
    expect(radios().filter((radio) => radio.checked).map((radio) => radio.name)).toEqual(['Pay by card', 'VISA ending in 4242 (06/30)'])
    expect(host.querySelector('input[autocomplete="cc-number"]')).toBeNull()
  })

  it('a delivery is paid by card only: no "Pay at the restaurant"', async () => {
    $cards.set([])
    await render(<PaymentStep order={order} signedIn={false} customerId={null} onPaid={() => {}} offline={false} />)
    expect(host.textContent).not.toContain('Pay at the restaurant')
    expect(host.querySelector('input[autocomplete="cc-number"]')).not.toBeNull()
    await act(async () => root.unmount())
    host.remove()
    await render(<PaymentStep order={order} signedIn={false} customerId={null} onPaid={() => {}} />)
    expect(host.textContent).toContain('Pay at the restaurant')
  })
})
