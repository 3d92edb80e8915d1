import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * Who is asking, for per-client limits (sign-in and code throttles, live streams): the socket's
 * address, or with `trustedProxies` > 0 the address that many hops back in X-Forwarded-For (a
 * TLS proxy or load balancer in front appends the address it saw). Requests without a socket
 * (tests calling app.request) are one client, "local".
 */
export function clientAddress(c: Context, trustedProxies = 0): string {
  let socketAddress: string | undefined
  try {
    socketAddress = getConnInfo(c).remote.address
  } catch {
    socketAddress = undefined
  }
  if (trustedProxies > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean)
    const forwarded = hops[hops.length - trustedProxies]
    if (forwarded) return forwarded
  }
  return socketAddress ?? 'local'
}
