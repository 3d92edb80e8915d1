import { MENU_VERSION_CHANNEL } from '../modules/merchants/menu-cache'
import type { TestApp } from './harness'

/**
 * Runs `write` and waits until the menu_version notice for `locationId` is heard: PGlite delivers
 * it before the write returns, PostgreSQL a moment after the commit, and menu reads are that
 * moment behind there (docs/decisions.md, the menu cache).
 */
export async function writeAndHearMenuNotice(t: Pick<TestApp, 'listen'>, locationId: string, write: () => Promise<unknown>): Promise<void> {
  let heard!: () => void
  const notified = new Promise<void>((resolve) => (heard = resolve))
  const stop = await t.listen(MENU_VERSION_CHANNEL, (payload) => payload === locationId && heard())
  try {
    await write()
    await notified
  } finally {
    await stop()
  }
}
