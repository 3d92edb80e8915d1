import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ seed: false })
})
afterAll(() => t.close())

describe('GET /api/dev/echo-size (SANDBOX only)', () => {
  it('answers exactly the bytes asked for, the same body each time', async () => {
    const first = await t.get('/dev/echo-size?bytes=5000')
    expect(first.status).toBe(200)
    expect(first.contentType).toContain('text/plain')
    expect(first.text).toHaveLength(5000)
    expect((await t.get('/dev/echo-size?bytes=5000')).text).toBe(first.text)
  })

  it('refuses a size that is not a positive whole number', async () => {
    const response = await t.get('/dev/echo-size?bytes=-3')
    expect(response.status).toBe(400)
    expect((response.body as { message: string }).message).toMatch(/bytes/)
  })
})
