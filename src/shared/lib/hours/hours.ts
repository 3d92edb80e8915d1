/** A merchant's opening session on one weekday, in the location's local wall time. */
export type WorkingSession = {
  /** 0 = Sunday … 6 = Saturday. */
  day: number
  sessionName: string
  opensAt: string
  closesAt: string
}

export type NextSession = { day: number; sessionName: string; opensAt: string; date: string }

export type OpeningStatus = {
  open: 0 | 1
  /** HH:mm at which the session open now ends, or null when closed. */
  activeSessionEndTime: string | null
  nextSession: NextSession | null
  isLastActiveSession: boolean
  /** Today's sessions, in order. */
  currentWorkingHours: WorkingSession[]
  /** Minutes until the active session ends (null when closed). */
  minutesToClose: number | null
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

const MINUTES_PER_DAY = 24 * 60

export function toMinutes(hhmm: string): number {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number)
  return hours * 60 + minutes
}

// One formatter per zone: building one costs ~50 times more than using it, and a search asks per restaurant.
const clockFormats = new Map<string, Intl.DateTimeFormat>()
function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    })
    if (clockFormats.size >= 64) clockFormats.clear()
    clockFormats.set(timeZone, format)
  }
  return format
}

export type ZonedClock = { date: string; day: number; minute: number }

/** The wall clock read by Intl's formatter (ICU's time zone data). */
export function intlClock(instant: Date, timeZone: string): ZonedClock {
  const parts = clockFormat(timeZone).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'))
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    day,
    minute: (Number(part('hour')) % 24) * 60 + Number(part('minute')),
  }
}

/** The wall clock read by Temporal, where the engine has it. */
export function temporalClock(instant: Date, timeZone: string): ZonedClock {
  const zoned = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone)
  // Temporal counts Monday 1 … Sunday 7; the sessions count Sunday 0 … Saturday 6.
  return { date: zoned.toPlainDate().toString(), day: zoned.dayOfWeek % 7, minute: zoned.hour * 60 + zoned.minute }
}

/**
 * The wall-clock date, weekday and minute of the day at an instant in an IANA time zone. Temporal
 * where the engine has it: the first Intl formatter of a page starts ICU, ~110 ms of a slow phone's
 * main thread before the menu's first screen, which Temporal's own zone data does not need (docs/app.md,
 * "Start-up work"); Intl elsewhere (Node 24, older browsers). Both read the same IANA rules.
 */
export const zonedClock: (instant: Date, timeZone: string) => ZonedClock = typeof Temporal === 'undefined' ? intlClock : temporalClock

/** The instant of a local date and HH:mm in an IANA zone, or null when that wall time does not exist (a DST gap). */
export function localInstant(isoDate: string, hhmm: string, timeZone: string): Date | null {
  const wall = Date.parse(`${isoDate}T${hhmm}:00Z`)
  let guess = wall
  for (let attempt = 0; attempt < 3; attempt++) {
    const clock = zonedClock(new Date(guess), timeZone)
    const seen = Date.parse(`${clock.date}T00:00:00Z`) + clock.minute * 60_000
    if (seen === wall) return new Date(guess)
    guess += wall - seen
  }
  return null
}

function sessionSpan(session: WorkingSession) {
  const start = toMinutes(session.opensAt)
  let end = toMinutes(session.closesAt)
  if (end <= start) end += MINUTES_PER_DAY
  return { start, end }
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

const byOpening = (a: WorkingSession, b: WorkingSession) => toMinutes(a.opensAt) - toMinutes(b.opensAt)

/** Whether a location is open at an instant, and what comes next, in its own time zone. */
export function openingStatus(sessions: WorkingSession[], timeZone: string, instant = new Date()): OpeningStatus {
  const now = zonedClock(instant, timeZone)
  const today = sessions.filter((s) => s.day === now.day).sort(byOpening)
  const yesterday = (now.day + 6) % 7

  let active: { session: WorkingSession; end: number } | null = null
  for (const session of sessions.filter((s) => s.day === yesterday)) {
    const span = sessionSpan(session)
    if (span.end > MINUTES_PER_DAY && now.minute < span.end - MINUTES_PER_DAY) {
      active = { session, end: span.end - MINUTES_PER_DAY }
    }
  }
  for (const session of today) {
    const span = sessionSpan(session)
    if (now.minute >= span.start && now.minute < span.end) active = { session, end: span.end }
  }

  let nextSession: NextSession | null = null
  for (let offset = 0; offset < 8 && !nextSession; offset++) {
    const day = (now.day + offset) % 7
    const candidate = sessions
      .filter((s) => s.day === day)
      .sort(byOpening)
      .find((s) => offset > 0 || toMinutes(s.opensAt) > now.minute)
    if (candidate) {
      nextSession = { day, sessionName: candidate.sessionName, opensAt: candidate.opensAt, date: addDays(now.date, offset) }
    }
  }

  const laterToday = today.some((s) => toMinutes(s.opensAt) > now.minute)
  return {
    open: active ? 1 : 0,
    activeSessionEndTime: active ? active.session.closesAt : null,
    nextSession,
    isLastActiveSession: Boolean(active) && !laterToday,
    currentWorkingHours: today,
    minutesToClose: active ? active.end - now.minute : null,
  }
}
