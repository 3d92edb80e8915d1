import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { reservationParams } from '@/shared/api/contracts/reservations'
import { locations } from '../db/schema'
import { callAs } from '../test/signed-in-client'
import { createTestApp, type TestApp } from '../test/harness'
import { describeIssues, validate } from './wire'

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input)
  if (result.success) throw new Error('expected the input to be refused')
  return describeIssues(result.error)
}

describe('describeIssues: validation messages name each field once', () => {
  it('a message that already starts with its field ("kidzSize must be fewer …") does not say "kidzSize kidzSize"', () => {
    const schema = z
      .object({ guestCount: z.number(), kidzSize: z.number() })
      .refine((party) => party.kidzSize < party.guestCount, { message: 'kidzSize must be fewer than guestCount', path: ['kidzSize'] })
    expect(issuesOf(schema, { guestCount: 2, kidzSize: 2 })).toBe('kidzSize must be fewer than guestCount')
  })

  it('a message without its field gets the field in front, nested fields by their whole path', () => {
    const schema = z.object({ items: z.array(z.object({ quantity: z.number().int('must be a whole number') })) })
    expect(issuesOf(schema, { items: [{ quantity: 1 }, { quantity: 1.5 }] })).toBe('items.1.quantity must be a whole number')
    const nested = z.object({ items: z.array(z.object({ quantity: z.number().refine((n) => n > 0, 'quantity must be positive') })) })
    expect(issuesOf(nested, { items: [{ quantity: 0 }] })).toBe('items.0.quantity must be positive')
  })

  it('a field whose name only begins another word is still named ("date" before "dates …")', () => {
    const schema = z.object({ date: z.string().refine(() => false, 'dates must be ISO days') })
    expect(issuesOf(schema, { date: 'x' })).toBe('date dates must be ISO days')
  })

  it('every refusal of the reservation schema names each field exactly once', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kidzSize: 2, guestCount: 2 }, 'kidzSize must be fewer than guestCount (an adult comes along)'],
      [{ kidzSize: 1, highChair: 2 }, 'highChair must be at most kidzSize'],
      [{ reservationDate: '2030-01-01' }, 'reservationSlot and reservationDate go together'],
    ]
    for (const [overrides, expected] of cases) {
      const message = issuesOf(reservationParams, { locationId: crypto.randomUUID(), fullName: 'Ann', mobile: '+14155550100', guestCount: 3, ...overrides })
      expect(message).toContain(expected)
      for (const field of ['kidzSize', 'highChair', 'reservationSlot', 'guestCount']) expect(message).not.toContain(`${field} ${field}`)
    }
  })

  it('validate() answers 400 invalid_request with that message', () => {
    expect(() => validate(z.object({ kidzSize: z.number().refine(() => false, 'kidzSize must be fewer than guestCount') }), { kidzSize: 3 })).toThrow(
      expect.objectContaining({ status: 400, code: 'invalid_request', message: 'Invalid request: kidzSize must be fewer than guestCount.' }),
    )
  })
})

describe('the API says "kidzSize" once', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('a reservation for as many children as guests is refused with "kidzSize must be fewer than guestCount"', async () => {
    const [soma] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'olive-tree-soma'))
    const query = new URLSearchParams({ locationId: soma!.id, fullName: 'Ann', mobile: '+14155550100', guestCount: '2', kidzSize: '2' })
    const response = await callAs(t, undefined, 'POST', `/customer/reservations?${query}`)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ status: 400, code: 'invalid_request' })
    expect((response.body as { message: string }).message).toBe('Invalid request: kidzSize must be fewer than guestCount (an adult comes along).')
  })
})
