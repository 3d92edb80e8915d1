import { useStore } from '@nanostores/react'
import { $staffSession } from '@/entities/staff-session'
import { StaffShell } from '@/widgets/staff-shell'
import { FloorScreen } from './FloorScreen'

/** /staff/floor (docs/floor.md "The screen"): the waiter calls and the support inbox of the signed-in server's restaurant. */
export function FloorPage() {
  const session = useStore($staffSession)
  return (
    <StaffShell area="floor" title="Floor">
      {session && <FloorScreen locationId={session.staff.location.id} />}
    </StaffShell>
  )
}
