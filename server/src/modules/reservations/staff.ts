import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { locationParam } from '@/shared/api/contracts/reservations'
import type { Database } from '../../db/client'
import { staffMembers } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { validate } from '../../lib/wire'

export type StaffVariables = { staff: { id: string; locationId: string } }

/** The staff member of `Authorization: Bearer <staff token>`, who must work at the path's location. */
export function requireStaff(db: Database) {
  return createMiddleware<{ Variables: StaffVariables }>(async (c, next) => {
    const { locationId } = validate(locationParam, { locationId: c.req.param('locationId') })
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '')
    const tokenHash = match ? createHash('sha256').update(match[1]!).digest('hex') : null
    const [staff] = tokenHash ? await db.select().from(staffMembers).where(eq(staffMembers.tokenHash, tokenHash)) : []
    if (!staff) {
      const error = new ApiError(401, 'unauthenticated', 'A staff token of this restaurant is required.')
      return c.json(error.toBody(), 401, { 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' })
    }
    if (staff.locationId !== locationId) {
      const error = new ApiError(403, 'forbidden', 'This staff token is for another restaurant.')
      return c.json(error.toBody(), 403, { 'Cache-Control': 'no-store' })
    }
    c.set('staff', { id: staff.id, locationId: staff.locationId })
    await next()
  })
}
