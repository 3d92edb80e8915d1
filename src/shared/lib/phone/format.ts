import { PhoneNumber } from 'libphonenumber-js/core'
import type { E164Number, MetadataJson } from 'libphonenumber-js/core'
import { E164_PATTERN as E164 } from '../../api/contracts/field-rules'
import metadata from './metadata.us-in.json'

/**
 * A stored E.164 number as people read it: a US number in its national form, "(415) 267-4076";
 * an Indian one internationally, "+91 98765 43210" (docs/decisions.md, "Phone numbers"). Only
 * the display changes: what is stored and sent stays E.164. A number the bundled US/India
 * metadata cannot lay out (another country, too short, a placeholder) is shown as it is.
 */
export function formatPhoneForDisplay(e164: string | null | undefined): string {
  if (!e164) return ''
  if (!E164.test(e164)) return e164
  let number: PhoneNumber
  try {
    // Built straight from E.164 rather than parsed: the parser is most of the library's weight.
    number = new PhoneNumber(e164 as E164Number, metadata as MetadataJson)
  } catch {
    return e164 // a calling code the bundled metadata does not have
  }
  if (!number.isPossible()) return e164
  const formatted = number.countryCallingCode === '1' ? number.formatNational() : number.formatInternational()
  // No pattern of the country matched (e.g. +1 111 111 1111): the library gives bare digits back.
  return formatted.replace(`+${number.countryCallingCode} `, '') === number.nationalNumber ? e164 : formatted
}
