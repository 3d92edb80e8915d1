export const DEFAULT_CALLING_CODE = '+1'

/** docs/app.md, "Money, numbers, colours": IND when the mobile number contains +91, otherwise US. */
export function countryCodeFromMobile(mobile: string): 'IND' | 'US' {
  return mobile.includes('+91') ? 'IND' : 'US'
}
