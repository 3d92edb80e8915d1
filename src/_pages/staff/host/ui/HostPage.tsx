import { StaffShell } from '@/widgets/staff-shell'

// A placeholder registered by staff-core so the route, the lazy chunk and the shell exist: the
// host engineer replaces this screen's body (docs/staff.md).
export function HostPage() {
  return <StaffShell area="host" title="Host stand" />
}
