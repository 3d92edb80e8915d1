import { useStore } from '@nanostores/react'
import { useCallback, useMemo, useState } from 'react'
import { $staffSession, followStaffStream, staffCall } from '@/entities/staff-session'
import { StaffShell } from '@/widgets/staff-shell'
import { createHostApi } from '../api/host-api'
import { boardOfEvent, type FollowBoard } from '../model/use-host-board'
import { HostActions, HostScreen, type HostDialog } from './HostScreen'

/** /staff/host: the host stand of the signed-in staff member's restaurant, in the staff shell (docs/host-stand.md). */
export function HostPage() {
  const session = useStore($staffSession)
  const locationId = session?.staff.location.id
  const api = useMemo(() => (locationId ? createHostApi(locationId, staffCall) : null), [locationId])
  // The stream sends the whole board; a wake without one (back after a gap) reads it again.
  const follow = useCallback<FollowBoard>(
    ({ onBoard, onWake }) =>
      followStaffStream(`/staff/${locationId}/host/events`, {
        onWake: (event) => {
          const board = event ? boardOfEvent(event.data) : null
          if (board) onBoard(board)
          else onWake()
        },
      }),
    [locationId],
  )
  const [open, setOpen] = useState<HostDialog>(null)
  return (
    <StaffShell area="host" title="Host stand" actions={<HostActions onOpen={setOpen} />}>
      {api ? <HostScreen api={api} follow={follow} open={open} setOpen={setOpen} /> : null}
    </StaffShell>
  )
}
