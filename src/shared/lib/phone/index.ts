export { formatPhoneForDisplay } from './format'
export { countryCodeFromMobile, DEFAULT_CALLING_CODE } from './phone'
