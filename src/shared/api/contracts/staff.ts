import { z } from 'zod'
import { defineEndpoints } from './endpoint'
import { email, requiredText, uuid } from './fields'
import { STAFF_ROLES } from './staff-roles'

export { STAFF_ROLES, type StaffRole } from './staff-roles'

// The staff area's accounts and sessions (docs/staff.md): sign-in, rotation, sign-out, who am I,
// and the manager's team. Staff calls live under /staff/{locationId}/… (the kitchen, host stand and
// floor add theirs in their own contract files).

const role = z.enum(STAFF_ROLES, 'must be manager, host, kitchen or server')
const password = z.string().min(8, 'must be at least 8 characters').max(128, 'is too long')

/** POST /staff/sign-in. */
export const staffSignInRequest = z.object({
  email: z.string().trim().pipe(email).transform((value) => value.toLowerCase()),
  password: z.string().min(1, 'is required').max(128, 'is too long'),
})
/** POST /staff/token/refresh and POST /staff/sign-out. */
export const staffRefreshRequest = z.object({ refreshToken: z.string().min(1, 'is required').max(200, 'is not a refresh token') })

export const staffLocation = z
  .strictObject({ id: z.uuid(), name: z.string(), slug: z.string() })
  .meta({ id: 'StaffLocation', description: 'The one restaurant a staff member works at.' })

export const staffMe = z
  .strictObject({ id: z.uuid(), name: z.string(), email: z.string(), role, location: staffLocation })
  .meta({ id: 'StaffMe', description: 'The signed-in staff member.' })

export const staffTokens = z
  .strictObject({ accessToken: z.string(), refreshToken: z.string() })
  .meta({ id: 'StaffTokens', description: 'A staff access token (15 minutes) and its rotating refresh token.' })

export const staffSignInResponse = z
  .strictObject({ accessToken: z.string(), refreshToken: z.string(), staff: staffMe })
  .meta({ id: 'StaffSignInResponse' })

export const teamMember = z
  .strictObject({ id: z.uuid(), name: z.string(), email: z.string(), role, createdAt: z.string(), isYou: z.boolean() })
  .meta({ id: 'TeamMember', description: 'A staff member of the location, not removed.' })
export const teamResponse = z.array(teamMember).meta({ id: 'TeamResponse' })

/** POST /staff/{locationId}/team: a manager adds someone with a first password they pass on. */
export const addTeamMemberRequest = z.object({
  name: requiredText(80),
  email: z.string().trim().pipe(email).transform((value) => value.toLowerCase()),
  role,
  password,
})
/** PUT /staff/{locationId}/team/{staffId}. */
export const changeRoleRequest = z.object({ role })

export const staffLocationParams = z.object({ locationId: uuid('a location id') })
export const teamMemberParams = z.object({ locationId: uuid('a location id'), staffId: uuid('a staff member id') })

/** GET and PUT /staff/{locationId}/settings (docs/staff.md "On shift"). */
export const staffSettingsRequest = z.object({ simulatorsOff: z.boolean() })
export const staffSettingsResponse = z
  .strictObject({
    simulatorsOff: z.boolean().meta({ description: 'The sandbox simulators stay away from this restaurant, whoever is signed in.' }),
    onShift: z.boolean().meta({ description: 'Someone is signed in to the staff area now, or the simulators are off: the simulators skip it.' }),
  })
  .meta({ id: 'StaffSettings' })

export const staffNoContent = z.null().meta({ description: 'No content.' })

export type StaffSignInRequest = z.input<typeof staffSignInRequest>
export type StaffMe = z.output<typeof staffMe>
export type StaffTokens = z.output<typeof staffTokens>
export type StaffSignInResponse = z.output<typeof staffSignInResponse>
export type TeamMember = z.output<typeof teamMember>
export type AddTeamMemberRequest = z.input<typeof addTeamMemberRequest>
export type StaffSettings = z.output<typeof staffSettingsResponse>

export const staffEndpoints = defineEndpoints({
  'POST /staff/sign-in': {
    auth: 'none',
    wire: 'json',
    tag: 'staff',
    summary: 'Signs a staff member in with their email and password',
    body: staffSignInRequest,
    response: staffSignInResponse,
    errors: ['invalid_credentials', 'rate_limited'],
    cache: 'no-store',
  },
  'POST /staff/token/refresh': {
    auth: 'none',
    wire: 'json',
    tag: 'staff',
    summary: 'Rotates a staff refresh token: a new access token and refresh token, the old one spent',
    body: staffRefreshRequest,
    response: staffTokens,
    errors: ['unauthenticated'],
    cache: 'no-store',
  },
  'POST /staff/sign-out': {
    auth: 'none',
    wire: 'json',
    tag: 'staff',
    summary: 'Ends the staff sign-in of a refresh token (204, also when it had already ended)',
    body: staffRefreshRequest,
    response: staffNoContent,
    statuses: [204],
    errors: [],
    cache: 'no-store',
  },
  'GET /staff/me': {
    auth: 'staff-self',
    wire: 'json',
    tag: 'staff',
    summary: 'The signed-in staff member: name, role and restaurant',
    response: staffMe,
    errors: [],
  },
  'GET /staff/:locationId/team': {
    auth: 'staff',
    roles: ['manager'],
    wire: 'json',
    tag: 'staff',
    summary: 'The location’s staff (managers only)',
    params: staffLocationParams,
    response: teamResponse,
    errors: [],
  },
  'POST /staff/:locationId/team': {
    auth: 'staff',
    roles: ['manager'],
    wire: 'json',
    tag: 'staff',
    summary: 'Adds a staff member with a role and a first password (managers only)',
    params: staffLocationParams,
    body: addTeamMemberRequest,
    response: teamMember,
    statuses: [201],
    errors: ['email_taken'],
  },
  'PUT /staff/:locationId/team/:staffId': {
    auth: 'staff',
    roles: ['manager'],
    wire: 'json',
    tag: 'staff',
    summary: 'Changes a staff member’s role (managers only; the last manager stays one)',
    params: teamMemberParams,
    body: changeRoleRequest,
    response: teamMember,
    errors: ['not_found', 'last_manager'],
  },
  'GET /staff/:locationId/settings': {
    auth: 'staff',
    roles: ['manager'],
    wire: 'json',
    tag: 'staff',
    summary: 'Whether the sandbox simulators are kept off, and whether the restaurant is on shift (managers only)',
    params: staffLocationParams,
    response: staffSettingsResponse,
    errors: [],
  },
  'PUT /staff/:locationId/settings': {
    auth: 'staff',
    roles: ['manager'],
    wire: 'json',
    tag: 'staff',
    summary: 'Keeps the sandbox simulators off at the restaurant, or lets them run when nobody is on shift (managers only)',
    params: staffLocationParams,
    body: staffSettingsRequest,
    response: staffSettingsResponse,
    errors: [],
  },
  'DELETE /staff/:locationId/team/:staffId': {
    auth: 'staff',
    roles: ['manager'],
    wire: 'json',
    tag: 'staff',
    summary: 'Removes a staff member: their sign-ins end, their history stays (managers only)',
    params: teamMemberParams,
    response: staffNoContent,
    statuses: [204],
    errors: ['not_found', 'cannot_remove_self', 'last_manager'],
  },
})
