import { eq } from 'drizzle-orm'
import { addDays, localInstant } from '@/shared/lib/hours'
import { events } from '../db/schema'
import { EVENT_SEEDS } from '../db/seed/events'
import type { TestApp } from './harness'

const HOLIDAY = 'olive-tree-holiday-feast'

/**
 * An app clock (createTestApp's `now`) for tests of the seeded events: noon in San Francisco on the
 * day the demo data was seeded, running on with real time. The seed dates the holiday feast from
 * that day, and the feast's first date takes orders until the day ends, so a run seeded before
 * midnight there that reached the test after it would find that date closed. It is the real clock
 * until `fix` has read the seeded day.
 */
export function seedDayClock() {
  const startedAt = Date.now()
  let seedDayNoon = 0
  return {
    now: () => new Date((seedDayNoon || startedAt) + (Date.now() - startedAt)),
    async fix(t: Pick<TestApp, 'db'>): Promise<void> {
      const [feast] = await t.db.select().from(events).where(eq(events.slug, HOLIDAY))
      const seedDay = addDays(feast!.startsOn, -EVENT_SEEDS.find((seed) => seed.slug === HOLIDAY)!.fromDay)
      seedDayNoon = localInstant(seedDay, '12:00', 'America/Los_Angeles')!.getTime()
    },
  }
}
