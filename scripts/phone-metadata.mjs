// `npm run phone:metadata`: writes the phone metadata the web app bundles — only the countries the
// product serves (+1 US, +91 India) — sliced from libphonenumber-js's own "min" metadata, so a
// library upgrade followed by this script keeps it current (docs/decisions.md, "Phone numbers").
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const COUNTRIES = ['US', 'IN']
const OUT = new URL('../src/shared/lib/phone/metadata.us-in.json', import.meta.url)

const require = createRequire(import.meta.url)
const min = require('libphonenumber-js/metadata.min.json')

const countries = Object.fromEntries(COUNTRIES.map((country) => [country, min.countries[country]]))
const callingCodes = {}
for (const [code, list] of Object.entries(min.country_calling_codes)) {
  const kept = list.filter((country) => COUNTRIES.includes(country))
  if (kept.length) callingCodes[code] = kept
}
const missing = COUNTRIES.filter((country) => !countries[country])
if (missing.length) throw new Error(`libphonenumber-js has no metadata for ${missing.join(', ')}`)

writeFileSync(OUT, JSON.stringify({ version: min.version, country_calling_codes: callingCodes, countries, nonGeographic: {} }) + '\n')
console.log(`phone metadata for ${COUNTRIES.join(', ')} (libphonenumber-js ${require('libphonenumber-js/package.json').version}) → ${OUT.pathname}`)
