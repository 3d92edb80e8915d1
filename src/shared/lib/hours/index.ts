export { openingStatus, toMinutes, zonedClock, WEEKDAYS, MONTHS } from './hours'
export type { NextSession, OpeningStatus, WorkingSession } from './hours'
