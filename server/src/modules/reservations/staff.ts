// The staff guard moved to the staff module (docs/staff.md); re-exported so older imports keep working.
export { requireStaff, type StaffVariables } from '../staff/guard'
