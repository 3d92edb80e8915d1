import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { contentSecurityPolicyFor, inlineScriptHashes, SHELL_CHECK_MS } from './csp'

const folders: string[] = []
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })))

/** A site folder whose shell runs `script` inline. */
function site(script: string) {
  const root = mkdtempSync(join(tmpdir(), 'tf-csp-'))
  folders.push(root)
  mkdirSync(join(root, 'app-shell'))
  writeShell(root, script, 1)
  return root
}
function writeShell(root: string, script: string, mtime: number) {
  const file = join(root, 'app-shell', 'index.html')
  writeFileSync(file, `<html><body><script>${script}</script></body></html>`)
  utimesSync(file, mtime, mtime)
}
const hashOf = (script: string) => inlineScriptHashes(`<script>${script}</script>`)[0]!

describe('the Content-Security-Policy of the site served', () => {
  it("allows the shell's inline scripts; a new site folder is seen at once, a shell changed in place within SHELL_CHECK_MS", () => {
    let now = 1_000_000
    const policyOf = contentSecurityPolicyFor({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', shellPath: 'app-shell/index.html', clock: () => now })
    const first = site('one()')
    expect(policyOf(first)).toContain(hashOf('one()'))
    const second = site('two()')
    expect(policyOf(second)).toContain(hashOf('two()'))
    expect(policyOf(second)).not.toContain(hashOf('one()'))
    // The same folder, its shell rewritten: the answer of the last check until its time is up.
    writeShell(second, 'three()', 2)
    now += SHELL_CHECK_MS - 1
    expect(policyOf(second)).toContain(hashOf('two()'))
    now += 1
    expect(policyOf(second)).toContain(hashOf('three()'))
    expect(policyOf(second)).not.toContain(hashOf('two()'))
  })
})
