export {
  $staffSession,
  AREA_ROLES,
  canUseArea,
  HOME_AREA,
  keepStaffTokenFresh,
  readStoredStaffSession,
  refreshStaffProfile,
  refreshStaffToken,
  signInStaff,
  signOutStaff,
  staffAuthHeaders,
  staffCall,
  STAFF_ACCESS_TTL_MS,
} from './model/staff-session'
export type { StaffArea, StaffSession } from './model/staff-session'
export { followStaffStream } from './model/live'
export type { StaffStreamOptions } from './model/live'
