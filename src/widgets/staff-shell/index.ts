export { homeRouteOf, ROLE_LABEL, STAFF_AREAS, StaffShell } from './ui/StaffShell'
