import { describe, expect, it } from 'vitest'
import { isFinishedStatus, ORDER_STATUS_TABLE, statusLabel } from './order-status'

describe('order status labels (SPEC §4)', () => {
  it('shows the spec’s display label where it has one', () => {
    expect(['19', '25', '11', '12', '13', '14', '15', '16', '17', '9', '43', '50', '59'].map(statusLabel)).toEqual([
      'In Queue',
      'In Queue',
      'Accepted',
      'In Progress',
      'Order Ready',
      'Out for Delivery',
      'Order Delivered',
      'Completed - Pickup Order',
      'Dine-in Order Completed',
      'Order Cancelled',
      'KOT Ready',
      'Out for Delivery',
      'Order Served (Dine-in)',
    ])
  })

  it('falls back to plain words for codes without a label, and names an unknown code', () => {
    expect(statusLabel('6')).toBe('Order placed')
    expect(statusLabel('20')).toBe('Payment declined')
    expect(statusLabel('99')).toBe('Status unknown')
  })

  it('holds each of the spec’s 25 codes once', () => {
    expect(new Set(ORDER_STATUS_TABLE.map((status) => status.code)).size).toBe(25)
    expect(ORDER_STATUS_TABLE).toHaveLength(25)
  })

  it('knows which statuses are final', () => {
    expect(['15', '16', '17', '8', '9'].every(isFinishedStatus)).toBe(true)
    expect(['19', '11', '12', '13', '14', '70'].some(isFinishedStatus)).toBe(false)
  })
})
