import { openingStatus, WEEKDAYS, type WorkingSession, zonedClock } from './hours'

export type OpenStatusText = { open: boolean; text: string }

/** "Open now · until 22:00", "Open 24 hours" or "Closed · Opens Monday at 12:00", in the location's zone. */
export function describeOpenStatus(hours: WorkingSession[], timeZone: string, now = new Date()): OpenStatusText {
  const status = openingStatus(hours, timeZone, now)
  if (status.open) {
    const allDay = hours.length > 0 && hours.every((session) => session.opensAt === session.closesAt)
    const until = status.activeSessionEndTime === '00:00' ? 'midnight' : status.activeSessionEndTime
    return { open: true, text: allDay ? 'Open 24 hours' : `Open now · until ${until}` }
  }
  const next = status.nextSession
  if (!next) return { open: false, text: 'Closed · Temporarily closed' }
  const today = zonedClock(now, timeZone).date
  return { open: false, text: `Closed · Opens ${next.date === today ? 'today' : WEEKDAYS[next.day]} at ${next.opensAt}` }
}

/**
 * Fills every `[data-open-status]` element of a static page with the live status, and refreshes
 * it each minute: a page built yesterday must not show yesterday's status.
 */
export function hydrateOpenStatus(root: ParentNode = document): void {
  const update = () => {
    for (const element of root.querySelectorAll<HTMLElement>('[data-open-status]')) {
      try {
        const hours = JSON.parse(element.dataset.hours ?? '[]') as WorkingSession[]
        const status = describeOpenStatus(hours, element.dataset.tz ?? 'UTC')
        element.textContent = status.text
        element.dataset.open = status.open ? '1' : '0'
      } catch (error) {
        console.error('Could not compute the opening status', error)
      }
    }
  }
  update()
  setInterval(update, 60_000)
}
