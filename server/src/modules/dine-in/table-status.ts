/** A table order is finished (no more rounds, no new split) once complete, served-and-paid or cancelled. */
export const CLOSED_STATUSES: readonly string[] = ['8', '9', '17', '60']

