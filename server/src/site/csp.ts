import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const EXECUTABLE_TYPE = /^\s*$|^(module|text\/javascript|application\/javascript)$/i

/** The sha256 sources of the executable inline scripts of one HTML page (JSON-LD is data, not script). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(` ${attributes}`)?.[1] ?? ''
    if (!EXECUTABLE_TYPE.test(type)) continue
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return hashes
}

/** Every inline-script hash of the HTML pages under `root`: Astro inlines its island runtime. */
export function siteScriptHashes(root: string): string[] {
  const hashes = new Set<string>()
  let files: string[]
  try {
    files = readdirSync(root, { recursive: true, encoding: 'utf8' })
  } catch {
    return []
  }
  for (const file of files) {
    if (file.endsWith('.html')) for (const hash of inlineScriptHashes(readFileSync(join(root, file), 'utf8'))) hashes.add(hash)
  }
  return [...hashes].sort()
}

export function buildContentSecurityPolicy({ scriptHashes, tileUrl }: { scriptHashes: string[]; tileUrl: string }): string {
  let tileOrigin = ''
  try {
    tileOrigin = new URL(tileUrl.replace(/\{[a-z]\}/g, '0')).origin
  } catch {
    // A relative tile template is served by this origin, which 'self' already allows.
  }
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptHashes].join(' '),
    // Merchant themes are custom properties in a style attribute; styles cannot run script.
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', tileOrigin].filter(Boolean).join(' '),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** How often the shell of an unchanged site folder is looked at again (a folder rebuilt in place, in development). */
export const SHELL_CHECK_MS = 1000

/**
 * The policy for the site folder served now; the folder is read again when it or its shell
 * changes. A rebuild of the site is a new folder, seen at once; a shell changed in place is seen
 * within `SHELL_CHECK_MS` (its stat is not on every answer's path: ~5 % of a cached menu read).
 */
export function contentSecurityPolicyFor({ tileUrl, shellPath, clock = Date.now }: { tileUrl: string; shellPath: string; clock?: () => number }) {
  let cached: { root: string; key: string; policy: string; checkedAt: number } | undefined
  return (root: string): string => {
    const now = clock()
    if (cached?.root === root && now - cached.checkedAt < SHELL_CHECK_MS) return cached.policy
    const shell = statSync(join(root, shellPath), { throwIfNoEntry: false })
    const key = `${root}\n${shell?.mtimeMs ?? 0}`
    if (cached?.key !== key) cached = { root, key, policy: buildContentSecurityPolicy({ scriptHashes: siteScriptHashes(root), tileUrl }), checkedAt: now }
    else cached.checkedAt = now
    return cached.policy
  }
}
