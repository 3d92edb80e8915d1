// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SavedCard } from '@/shared/api'
import { fetchCards, postCard, removeCard, tokenizeCard } from '../api/cards-api'
import { ApiRefusal } from '@/shared/api'
import { throttleAsync } from '@/shared/lib/throttle'
import { $cards, $cardSave, CARD_SAVE_FAILED, deleteCard, INVALID_CARD_DETAILS, loadCards, resetCards, saveCard } from './cards'

vi.mock('../api/cards-api', async (original) => ({
  ...(await original<typeof import('../api/cards-api')>()),
  fetchCards: vi.fn(),
  postCard: vi.fn(),
  removeCard: vi.fn(),
  tokenizeCard: vi.fn(),
}))

const visa: SavedCard = { id: 'k1', Brand: 'VISA', ExpirationMonth: 12, ExpirationYear: 2030, Last4: '4242', cardType: 'credit', lastFourDigits: '4242', zipcode: null }
const form = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zipcode: '' }

beforeEach(() => {
  vi.resetAllMocks()
  vi.useFakeTimers()
  resetCards()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.useRealTimers())

describe('card throttle (docs/app.md, "Throttles": 100 ms for list and delete)', () => {
  it('runs a repeated call within 100 ms once, and again after the window', async () => {
    vi.mocked(fetchCards).mockResolvedValue([visa])
    await Promise.all([loadCards('c1'), loadCards('c1'), loadCards('c1')])
    expect(fetchCards).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(100)
    await loadCards('c1')
    expect(fetchCards).toHaveBeenCalledTimes(2)
    expect($cards.get()).toEqual([visa])
  })

  it('deletes a card once for a double click', async () => {
    vi.mocked(fetchCards).mockResolvedValue([visa])
    vi.advanceTimersByTime(1000)
    await loadCards('c1')
    vi.mocked(removeCard).mockResolvedValue({ removed: true })
    const [first, second] = await Promise.all([deleteCard('k1'), deleteCard('k1')])
    expect(first && second).toBe(true)
    expect(removeCard).toHaveBeenCalledTimes(1)
    expect($cards.get()).toEqual([])
  })

  it('does not merge calls with other arguments', async () => {
    const action = vi.fn(async (id: string) => id)
    const throttled = throttleAsync(action, 100)
    await Promise.all([throttled('a'), throttled('b')])
    expect(action).toHaveBeenCalledTimes(2)
  })
})

describe('saving a card', () => {
  it('sends the number to the provider only and saves its token', async () => {
    vi.mocked(tokenizeCard).mockResolvedValue({ token: 'tok_sandbox_abc12345', brand: 'VISA', last4: '4242', expMonth: 12, expYear: 2030 })
    vi.mocked(postCard).mockResolvedValue(visa)
    await saveCard('c1', form)
    expect(tokenizeCard).toHaveBeenCalledWith({ number: '4242424242424242', cvc: '123', expMonth: 12, expYear: 2030 })
    expect(postCard).toHaveBeenCalledWith({ customerId: 'c1', token: 'tok_sandbox_abc12345' })
    expect(JSON.stringify(vi.mocked(postCard).mock.calls)).not.toContain('4242424242424242')
    expect($cards.get()).toEqual([visa])
  })

  it('says "Invalid Card Details" when the provider refuses the card, "Something went wrong !" otherwise', async () => {
    vi.mocked(tokenizeCard).mockRejectedValueOnce(new ApiRefusal({ status: 400, code: 'invalid_card', message: 'Invalid Card Details' }))
    await saveCard('c1', form)
    expect($cardSave.get().error).toBe(INVALID_CARD_DETAILS)
    vi.mocked(tokenizeCard).mockRejectedValueOnce(Object.assign(new Error('Payment Required'), { status: 402 }))
    await saveCard('c1', form)
    expect($cardSave.get().error).toBe(INVALID_CARD_DETAILS)
    vi.mocked(tokenizeCard).mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await saveCard('c1', form)
    expect($cardSave.get().error).toBe(CARD_SAVE_FAILED)
    await saveCard('c1', { ...form, expiry: '13/30' })
    expect($cardSave.get().error).toBe(INVALID_CARD_DETAILS)
    expect(postCard).not.toHaveBeenCalled()
  })
})
