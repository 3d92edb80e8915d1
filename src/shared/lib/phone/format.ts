import { parsePhoneNumberFromString } from 'libphonenumber-js/core'
import type { MetadataJson } from 'libphonenumber-js/core'
import metadata from './metadata.us-in.json'

/**
 * A stored E.164 number as people read it: a US number in its national form, "(415) 267-4076";
 * an Indian one internationally, "+91 98765 43210" (docs/decisions.md, "Phone numbers"). Only
 * the display changes: what is stored and sent stays E.164. A number the bundled US/India
 * metadata cannot lay out (another country, too short, a placeholder) is shown as it is.
 */
export function formatPhoneForDisplay(e164: string | null | undefined): string {
  if (!e164) return ''
  const parsed = parsePhoneNumberFromString(e164, metadata as MetadataJson)
  if (!parsed?.isPossible()) return e164
  const formatted = parsed.countryCallingCode === '1' ? parsed.formatNational() : parsed.formatInternational()
  // No pattern of the country matched (e.g. +1 111 111 1111): the library gives bare digits back.
  return formatted.replace(`+${parsed.countryCallingCode} `, '') === parsed.nationalNumber ? e164 : formatted
}
