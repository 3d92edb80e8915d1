import { staffCall } from '@/entities/staff-session'
import type { AddTeamMemberRequest, StaffRole } from '@/shared/api'

// The manager's team calls (docs/staff.md "Accounts"), with the staff member's token.

export const fetchTeam = (locationId: string) => staffCall('GET /staff/:locationId/team', { params: { locationId } })

export const addTeamMember = (locationId: string, member: AddTeamMemberRequest) => staffCall('POST /staff/:locationId/team', { params: { locationId }, body: member })

export const changeTeamRole = (locationId: string, staffId: string, role: StaffRole) =>
  staffCall('PUT /staff/:locationId/team/:staffId', { params: { locationId, staffId }, body: { role } })

export const removeTeamMember = (locationId: string, staffId: string) => staffCall('DELETE /staff/:locationId/team/:staffId', { params: { locationId, staffId } })

export const fetchStaffSettings = (locationId: string) => staffCall('GET /staff/:locationId/settings', { params: { locationId } })

export const saveStaffSettings = (locationId: string, simulatorsOff: boolean) => staffCall('PUT /staff/:locationId/settings', { params: { locationId }, body: { simulatorsOff } })
