import { StaffShell } from '@/widgets/staff-shell'

// A placeholder registered by staff-core so the route, the lazy chunk and the shell exist: the
// floor engineer replaces this screen's body (docs/staff.md).
export function FloorPage() {
  return <StaffShell area="floor" title="Floor" />
}
