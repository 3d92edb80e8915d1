import { describe, expect, it } from 'vitest'
import { isFinishedStatus, progressSteps, statusLabel } from './order-status'

const labels = (steps: ReturnType<typeof progressSteps>) => steps.map((step) => step.label)

describe('order status', () => {
  it('uses the spec’s display label, else the plain wording', () => {
    expect(statusLabel('19')).toBe('In Queue')
    expect(statusLabel('6')).toBe('Order placed')
    expect(statusLabel('999')).toBe('Status unknown')
    expect(isFinishedStatus('16')).toBe(true)
    expect(isFinishedStatus('13')).toBe(false)
  })

  it('follows each order type to its own end', () => {
    expect(labels(progressSteps('P')).at(-1)).toBe('Completed - Pickup Order')
    expect(labels(progressSteps('L')).slice(-2)).toEqual(['Out for Delivery', 'Order Delivered'])
    expect(labels(progressSteps('D'))).toContain('In Queue')
  })

  it('leaves out the payment queue for an open tab at a table, which is served before it is paid', () => {
    const steps = labels(progressSteps('D', { atTable: true }))
    expect(steps).not.toContain('In Queue')
    expect(steps.slice(-2)).toEqual(['Order Served (Dine-in)', 'Dine-in Order Completed'])
  })
})
