import type { Context } from 'hono'
import type { AppDeps } from '../../deps'
import { clientAddress } from '../../lib/client-address'
import { endpointRouter, reply } from '../../lib/endpoint'
import { noStore } from '../../lib/http'
import { createRateLimiter, retryAfterHeader } from '../../lib/rate-limit'
import { refreshStaffSession, staffProfile, staffSignIn, staffSignOut } from './sessions'
import { readStaffSettings, writeStaffSettings } from './settings'
import { addTeamMember, changeRole, listTeam, removeTeamMember } from './team'

/**
 * The staff area's accounts and sessions (docs/staff.md), mounted from the endpoint map
 * (src/shared/api/contracts/staff.ts). The kitchen, host stand and floor mount their own routers.
 */
export function staffRoutes(deps: AppDeps) {
  const { db, env } = deps
  const limiter = createRateLimiter(db)
  const client = (c: Context) => clientAddress(c, env.TRUST_PROXY)
  const endpoints = endpointRouter(deps)
  endpoints.router.use('/staff/sign-in', noStore, retryAfterHeader)

  return endpoints
    .mount('POST /staff/sign-in', async (c, { body }) => staffSignIn(db, limiter, body, client(c)))
    .mount('POST /staff/token/refresh', async (_c, { body }) => refreshStaffSession(db, body.refreshToken))
    .mount('POST /staff/sign-out', async (c, { body }) => {
      await staffSignOut(db, body.refreshToken)
      return c.body(null, 204)
    })
    .mount('GET /staff/me', async (c) => staffProfile(db, c.get('staff').id))
    .mount('GET /staff/:locationId/team', async (c) => listTeam(db, c.get('staff')))
    .mount('POST /staff/:locationId/team', async (c, { body }) => reply(await addTeamMember(db, c.get('staff'), body), 201))
    .mount('PUT /staff/:locationId/team/:staffId', async (c, { params, body }) => changeRole(db, c.get('staff'), params.staffId, body.role))
    .mount('GET /staff/:locationId/settings', async (c) => readStaffSettings(db, c.get('staff').locationId))
    .mount('PUT /staff/:locationId/settings', async (c, { body }) => writeStaffSettings(db, c.get('staff').locationId, body.simulatorsOff))
    .mount('DELETE /staff/:locationId/team/:staffId', async (c, { params }) => {
      await removeTeamMember(db, c.get('staff'), params.staffId)
      return c.body(null, 204)
    }).router
}
