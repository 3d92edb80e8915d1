/** DESIGN §7: a segment without a digit is a merchant slug, with a digit a short-link id. */
export const isShortLinkId = (segment: string) => /\d/.test(segment)

/** Where a resolved target goes: same-origin targets stay in the app, others leave it. */
export function classifyTarget(target: string, origin: string): { kind: 'app'; path: string } | { kind: 'external'; url: string } {
  const url = new URL(target, origin)
  if (url.origin === origin) return { kind: 'app', path: url.pathname + url.search + url.hash }
  return { kind: 'external', url: url.href }
}
