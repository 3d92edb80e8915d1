import { pathTo } from '@/shared/routes'

/**
 * The merchant home of a slug (docs/routes.md, "Rules"): a merchant with several locations opens its master home
 * page; a single location (or a location slug) opens the restaurant's details (docs/decisions.md).
 */
export function merchantHomePath(slug: string, locationCount: number | null): string {
  if (locationCount !== null && locationCount > 1) return pathTo('masterHome', { merchantSlug: slug })
  return pathTo('details', { merchantType: 'restaurant', merchantSlug: slug })
}

/** docs/routes.md, "Rules": a segment without a digit is a merchant slug, with a digit a short-link id. */
export const isShortLinkId = (segment: string) => /\d/.test(segment)

/** Where a resolved target goes: same-origin targets stay in the app, others leave it. */
export function classifyTarget(target: string, origin: string): { kind: 'app'; path: string } | { kind: 'external'; url: string } {
  const url = new URL(target, origin)
  if (url.origin === origin) return { kind: 'app', path: url.pathname + url.search + url.hash }
  return { kind: 'external', url: url.href }
}
