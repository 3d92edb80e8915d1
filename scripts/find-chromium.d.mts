// Types of scripts/find-chromium.mjs for the TypeScript that imports it (playwright.config.ts, bench/).
export type FoundChromium = { path: string; source: string }
export function findChromium(): FoundChromium | undefined
export function missingChromiumMessage(): string
export function chromiumPath(): string
export function ensureChromium(): FoundChromium
