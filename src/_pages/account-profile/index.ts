export { EmailEditPage, ProfileEditPage, PromoConsentPage } from './ui/ProfileEditPages'
