// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { describeOpenStatus, hydrateOpenStatus } from './open-status'

const daily = (opensAt: string, closesAt: string) =>
  Array.from({ length: 7 }, (_, day) => ({ day, sessionName: 'All day', opensAt, closesAt }))

describe('describeOpenStatus', () => {
  const noonInNewYork = new Date('2026-11-22T17:00:00Z') // Sunday 12:00 in New York

  it('says until when it is open', () => {
    expect(describeOpenStatus(daily('09:00', '22:00'), 'America/New_York', noonInNewYork)).toEqual({ open: true, text: 'Open now · until 22:00' })
    expect(describeOpenStatus(daily('09:00', '00:00'), 'America/New_York', noonInNewYork).text).toBe('Open now · until midnight')
  })

  it('calls a location open all day "Open 24 hours"', () => {
    expect(describeOpenStatus(daily('00:00', '00:00'), 'America/New_York', noonInNewYork).text).toBe('Open 24 hours')
  })

  it('says when a closed location opens next', () => {
    expect(describeOpenStatus(daily('17:00', '23:00'), 'America/New_York', noonInNewYork).text).toBe('Closed · Opens today at 17:00')
    const mondays = [{ day: 1, sessionName: 'Lunch', opensAt: '11:00', closesAt: '14:00' }]
    expect(describeOpenStatus(mondays, 'America/New_York', noonInNewYork).text).toBe('Closed · Opens Monday at 11:00')
    expect(describeOpenStatus([], 'America/New_York', noonInNewYork).text).toBe('Closed · Temporarily closed')
  })
})

describe('hydrateOpenStatus', () => {
  it('fills the static placeholders with the status computed now', () => {
    document.body.innerHTML = `<span data-open-status data-tz="UTC" data-hours='${JSON.stringify(daily('00:00', '00:00'))}'>Opening hours</span>`
    hydrateOpenStatus(document)
    const element = document.querySelector<HTMLElement>('[data-open-status]')!
    expect(element.textContent).toBe('Open 24 hours')
    expect(element.dataset.open).toBe('1')
  })
})
