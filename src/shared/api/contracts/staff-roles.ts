/** The roles of a location's staff (docs/staff.md "Roles"); a manager may do everything at their location. */
export const STAFF_ROLES = ['manager', 'host', 'kitchen', 'server'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]
