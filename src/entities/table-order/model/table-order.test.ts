// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiRefusal, type KitchenTicketsResponse, type OrderDetail } from '@/shared/api'
import { fetchKitchenTickets, sendRound } from '../api/table-order-api'
import { $kitchenTickets, $openTab, $round, addRound, forgetTab, openTabOf, rememberTab, resetRound, ROUND_FAILED, TICKETS_REFRESH_MS, watchKitchenTickets } from './table-order'

vi.mock('../api/table-order-api', async (original) => ({
  ...(await original<typeof import('../api/table-order-api')>()),
  fetchKitchenTickets: vi.fn(),
  sendRound: vi.fn(),
}))

const orderId = '7e0c1f9a-1b2c-4d3e-8f40-5a6b7c8d9e0f'
const ticket = (round: number, status: string) => ({ id: `t${round}`, round, status, statusLabel: status, items: [], createdAt: '', updatedAt: '' })
const tickets = (...statuses: string[]): KitchenTicketsResponse => ({ orderId, tickets: statuses.map((status, index) => ticket(index + 1, status)) })
const line = { itemId: '11111111-1111-4111-8111-111111111111', quantity: 1, options: [] }

let clock = Date.UTC(2030, 0, 1)
beforeEach(() => {
  vi.resetAllMocks()
  vi.useFakeTimers()
  clock += 60_000
  vi.setSystemTime(clock)
  resetRound()
  forgetTab()
})
afterEach(() => vi.useRealTimers())

describe('the open table order', () => {
  it('remembers the order of one table only', () => {
    rememberTab({ tableId: 'table-a', orderId })
    expect(openTabOf('table-a')).toBe(orderId)
    expect(openTabOf('table-b')).toBeNull()
    expect(localStorage.getItem('tf.tableOrder')).not.toContain(orderId)
    forgetTab()
    expect($openTab.get()).toBeNull()
  })
})

describe('addRound', () => {
  it('sends the round once with one Idempotency-Key, retrying with the same key after a network failure', async () => {
    vi.mocked(sendRound).mockRejectedValueOnce(new TypeError('network down')).mockResolvedValueOnce({ orderId } as OrderDetail)
    expect(await addRound(orderId, [line], '', true)).toBeUndefined()
    expect($round.get().error).toBe(ROUND_FAILED)
    vi.setSystemTime(clock + 5_000)
    expect(await addRound(orderId, [line], '', true)).toEqual({ orderId })
    const [first, second] = vi.mocked(sendRound).mock.calls
    expect(first![1]).toBe(second![1])
    expect(first![0]).toEqual({ orderId, items: [line] })
  })

  it('shows the server’s reason when the order is closed', async () => {
    vi.mocked(sendRound).mockRejectedValue(new ApiRefusal({ status: 409, code: 'order_closed', message: 'This table order is closed. Please start a new order.' }))
    await addRound(orderId, [line], 'no onions', false)
    expect($round.get().error).toBe('This table order is closed. Please start a new order.')
    expect(vi.mocked(sendRound).mock.calls[0]![0]).toEqual({ orderId, items: [line], comment: 'no onions' })
  })
})

describe('watchKitchenTickets', () => {
  it('asks again while a ticket is open and stops once every ticket is served', async () => {
    vi.mocked(fetchKitchenTickets).mockResolvedValueOnce(tickets('59', '43')).mockResolvedValueOnce(tickets('59', '59'))
    const stop = watchKitchenTickets(orderId, true)
    await vi.advanceTimersByTimeAsync(0)
    expect($kitchenTickets.get().data?.tickets.map((one) => one.status)).toEqual(['59', '43'])
    await vi.advanceTimersByTimeAsync(TICKETS_REFRESH_MS)
    expect($kitchenTickets.get().data?.tickets.map((one) => one.status)).toEqual(['59', '59'])
    await vi.advanceTimersByTimeAsync(TICKETS_REFRESH_MS * 3)
    expect(fetchKitchenTickets).toHaveBeenCalledTimes(2)
    stop()
  })
})
