import { describe, expect, it } from 'vitest'
import { ageNow, formatAge, spokenAge } from './age'

describe('a waiter call’s age on the floor screen', () => {
  it('reads like a kitchen timer: minutes and seconds, hours past the hour', () => {
    expect([formatAge(0), formatAge(59.9), formatAge(60), formatAge(725), formatAge(3600 + 5 * 60 + 7)]).toEqual(['0:00', '0:59', '1:00', '12:05', '1:05:07'])
    expect([spokenAge(1), spokenAge(125)]).toEqual(['1 second', '2 minutes 5 seconds'])
  })
  it('ticks on from the server’s count by the time since the board arrived, never backwards', () => {
    expect(ageNow(120, 1_000, 31_000)).toBe(150)
    expect(ageNow(120, 31_000, 1_000)).toBe(120)
  })
})
