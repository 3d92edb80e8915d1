import { describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test/harness'

describe('migrations', () => {
  it('can run twice at once and twice in a row without failing', async () => {
    const { handle, dispose } = await openTestDatabase()
    try {
      await Promise.all([handle.migrate(), handle.migrate()])
      await handle.migrate()
      expect(await handle.ping()).toBe(true)
    } finally {
      await dispose()
    }
  })
})
