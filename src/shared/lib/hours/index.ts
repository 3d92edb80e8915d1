export { addDays, localInstant, openingStatus, toMinutes, zonedClock, WEEKDAYS, MONTHS } from './hours'
export type { NextSession, OpeningStatus, WorkingSession } from './hours'
export { describeOpenStatus, hydrateOpenStatus } from './open-status'
export type { OpenStatusText } from './open-status'
