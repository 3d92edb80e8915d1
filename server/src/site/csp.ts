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

/** The policy for the site folder served now; the folder is read again when it or its shell changes. */
export function contentSecurityPolicyFor({ tileUrl, shellPath }: { tileUrl: string; shellPath: string }) {
  let cached: { key: string; policy: string } | undefined
  return (root: string): string => {
    const shell = statSync(join(root, shellPath), { throwIfNoEntry: false })
    const key = `${root}\n${shell?.mtimeMs ?? 0}`
    if (cached?.key !== key) cached = { key, policy: buildContentSecurityPolicy({ scriptHashes: siteScriptHashes(root), tileUrl }) }
    return cached.policy
  }
}
