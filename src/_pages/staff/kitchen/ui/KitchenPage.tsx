import { StaffShell } from '@/widgets/staff-shell'

// A placeholder registered by staff-core so the route, the lazy chunk and the shell exist: the
// kitchen engineer replaces this screen's body (docs/staff.md).
export function KitchenPage() {
  return <StaffShell area="kitchen" title="Kitchen" />
}
