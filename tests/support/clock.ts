import { CITIES } from '../../server/src/db/seed/cities'
import { LOCATIONS } from '../../server/src/db/seed/locations'

/**
 * Browser clocks for tests that depend on whether a restaurant is open: computed from the seed's
 * hours in the restaurant's time zone, always in the real future (the server checks a scheduled
 * time against its own clock), so a test takes the same path at any hour it runs.
 */

const MINUTE = 60_000

function seedOf(slug: string) {
  const location = LOCATIONS.find((candidate) => candidate.profile.locationSlug === slug)
  if (!location) throw new Error(`No seeded restaurant ${slug}`)
  return { hours: location.hours, timeZone: CITIES[location.city].timeZone }
}

/** The local date (YYYY-MM-DD) and weekday of `instant` in `timeZone`. */
function localDay(instant: Date, timeZone: string): { date: string; dayOfWeek: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' }).formatToParts(instant)
  const part = (type: string) => parts.find((candidate) => candidate.type === type)!.value
  return { date: `${part('year')}-${part('month')}-${part('day')}`, dayOfWeek: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday')) }
}

/** The instant that reads `time` (HH:MM) on `date` in `timeZone`. */
function zoned(date: string, time: string, timeZone: string): Date {
  const guess = new Date(`${date}T${time}:00Z`)
  // The zone's offset at that moment, read back from how the zone shows the guess.
  const shown = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
    .format(guess)
    .replace(', ', 'T')
  const offset = new Date(`${shown}:00Z`).getTime() - guess.getTime()
  return new Date(guess.getTime() - offset)
}

/** Each session of the next eight local days, as instants. */
function sessions(slug: string, now: Date) {
  const { hours, timeZone } = seedOf(slug)
  return Array.from({ length: 8 }, (_, n) => localDay(new Date(now.getTime() + n * 24 * 60 * MINUTE), timeZone)).flatMap(({ date, dayOfWeek }) =>
    hours
      .filter((session) => session.dayOfWeek === dayOfWeek)
      .map((session) => ({ opens: zoned(date, session.opensAt, timeZone), closes: zoned(date, session.closesAt, timeZone) }))
      .sort((a, b) => a.opens.getTime() - b.opens.getTime()),
  )
}

/**
 * A moment the restaurant is open: at least 5 minutes from now, 30 minutes into a session and an
 * hour before it closes (so ASAP and the cut-off never meet). Usually today, at most a day away.
 */
export function openMoment(slug: string, now = new Date()): Date {
  const earliest = now.getTime() + 5 * MINUTE
  for (const { opens, closes } of sessions(slug, now)) {
    const from = Math.max(earliest, opens.getTime() + 30 * MINUTE)
    if (from <= closes.getTime() - 60 * MINUTE) return new Date(from)
  }
  throw new Error(`${slug} is never open in the next week`)
}

/** A moment the restaurant is closed: an hour before a session opens, with no session then, at least 5 minutes from now. */
export function closedMoment(slug: string, now = new Date()): Date {
  const all = sessions(slug, now)
  for (const { opens } of all) {
    const at = opens.getTime() - 60 * MINUTE
    if (at < now.getTime() + 5 * MINUTE) continue
    if (all.some((session) => session.opens.getTime() <= at && at < session.closes.getTime())) continue
    return new Date(at)
  }
  throw new Error(`${slug} is never closed in the next week`)
}
