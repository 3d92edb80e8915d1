export { countryCodeFromMobile, DEFAULT_CALLING_CODE } from './phone'
