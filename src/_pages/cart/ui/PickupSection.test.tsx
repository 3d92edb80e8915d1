// @vitest-environment happy-dom
import { useStore } from '@nanostores/react'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { $cart, EMPTY_CART, type Cart } from '@/entities/cart'
import { PickupSection } from './PickupSection'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const lunchOnly = {
  merchantName: 'Lunch Spot',
  timeZoneCd: 'America/New_York',
  workingHours: [1, 2, 3, 4, 5].map((day) => ({ day, sessionName: 'Lunch', opensAt: '11:30', closesAt: '14:30' })),
  scheduledDelivery: true,
  scheduledDeliveryDurationInDays: 2,
  scheduledDeliveryCutOffTime: null,
  pickupCutoff: 15,
  deliveryCutoff: 30,
  defaultPickUpETA: 20,
  defaultDeliveryETA: 35,
  orderTypes: [{ code: 'pickup', name: 'Pickup', typeGroup: 'P' }],
} as unknown as Cart['restaurant']

function Section() {
  const cart = useStore($cart)
  return <PickupSection cart={cart} headingId="when" />
}

let host: HTMLElement
let root: Root
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  $cart.set({ ...EMPTY_CART, orderTypeId: 'pickup', restaurant: lunchOnly })
})
afterEach(async () => {
  await act(async () => root.unmount())
  host.remove()
  vi.useRealTimers()
})

async function render() {
  host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
  await act(async () => root.render(<Section />))
}

const radioNames = () => [...host.querySelectorAll('[role=radio], input[type=radio]')].map((radio) => (radio.closest('label') ?? radio).textContent!.trim())

describe('when the order is for', () => {
  it('"As soon as possible" is never offered while the restaurant is closed: its next times are, the first one a tap away', async () => {
    // 03:00 UTC on Tuesday 10 March 2026 is 23:00 on Monday in New York (EDT since 8 March): closed until 11:30.
    vi.setSystemTime(new Date('2026-03-10T03:00:00Z'))
    await render()
    await act(async () => vi.dynamicImportSettled())
    expect(host.textContent).not.toContain('As soon as possible')
    expect(host.textContent).toContain('Lunch Spot is closed now.')
    expect(radioNames()).toEqual(['Tue 10 Mar, 11:30', 'Tue 10 Mar, 11:45', 'Tue 10 Mar, 12:00'])
    const first = host.querySelector<HTMLElement>('[role=radio]')!
    await act(async () => first.click())
    expect($cart.get()).toMatchObject({ isScheduleOrder: true, selectedDate: '2026-03-10', selectedTimeSlot: '11:30' })
    expect(first.getAttribute('aria-checked')).toBe('true')
  })

  it('while it is open, "As soon as possible" comes with its ETA, and scheduling is the other choice', async () => {
    // 17:00 UTC is 13:00 on Tuesday in New York (EDT).
    vi.setSystemTime(new Date('2026-03-10T17:00:00Z'))
    await render()
    expect(radioNames()).toEqual(['As soon as possible about 20 min', 'Schedule for later'])
  })
})
