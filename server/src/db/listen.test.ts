import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from './client'
import { openTestDatabase } from '../test/harness'

let handle: DatabaseHandle
let dispose: () => Promise<void>

beforeAll(async () => {
  ;({ handle, dispose } = await openTestDatabase())
})
afterAll(() => dispose())

describe('listen', () => {
  it('hears NOTIFY on its channel until it unsubscribes', async () => {
    const heard: string[] = []
    const unsubscribe = await handle.listen('tf_test', (payload) => heard.push(payload))
    await handle.db.execute(sql`select pg_notify('tf_test', 'one')`)
    await handle.db.execute(sql`select pg_notify('tf_other', 'not mine')`)
    await expect.poll(() => heard).toEqual(['one'])
    await unsubscribe()
    await handle.db.execute(sql`select pg_notify('tf_test', 'two')`)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(heard).toEqual(['one'])
  })
})
