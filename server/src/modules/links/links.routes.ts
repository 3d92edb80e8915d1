import { eq } from 'drizzle-orm'
import type { AppDeps } from '../../deps'
import { shortLinks } from '../../db/schema'
import { endpointRouter } from '../../lib/endpoint'
import { ApiError } from '../../lib/errors'

/** Short links (docs/routes.md "Rules"): the target is an in-app path; from the endpoint map (src/shared/api/contracts/merchants.ts). */
export function linkRoutes(deps: AppDeps) {
  const { db } = deps
  return endpointRouter(deps).mount('POST /customer/getActualURL/v2', async (_c, { body }) => {
    const [link] = await db.select().from(shortLinks).where(eq(shortLinks.id, body.tinyUrl))
    if (!link) throw new ApiError(404, 'link_not_found', 'This link does not exist.')
    if (link.expiresAt && link.expiresAt.getTime() <= Date.now()) {
      throw new ApiError(410, 'link_expired', 'This link has expired.')
    }
    return { metaDataInfo: { responseMessage: link.target } }
  }).router
}
