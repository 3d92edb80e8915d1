import type { OfferListing } from '@/shared/api'
import { formatMoney } from '@/shared/lib/money'

/** The offer's value in a few words: "20% off", "$5.00 off", "Free Falafel Wrap". */
export function offerValue(offer: Pick<OfferListing, 'kind' | 'valueBp' | 'valueMinor' | 'currency' | 'item'>): string {
  if (offer.kind === 'PERCENT' && offer.valueBp !== null) return `${Number((offer.valueBp / 100).toFixed(2))}% off`
  if (offer.kind === 'FLAT' && offer.valueMinor !== null) return `${formatMoney(offer.valueMinor, offer.currency)} off`
  if (offer.kind === 'ITEM') {
    const what = offer.item?.name ?? 'a dish'
    return offer.valueMinor !== null ? `${formatMoney(offer.valueMinor, offer.currency)} off ${what}` : `${what} on us`
  }
  return 'Discount'
}

/** An end date further than this is no news to the diner ("Ends Dec 31, 2099" would only puzzle). */
const SOON_MS = 90 * 24 * 3600 * 1000

/** Its conditions, each a short phrase: minimum order, the cap, an end date within 90 days (in the diner's own calendar). */
export function offerTerms(
  offer: Pick<OfferListing, 'minOrderAmount' | 'maxDiscount' | 'currency' | 'expiresAt' | 'kind'>,
  now = new Date(),
  locale?: string,
): string[] {
  const terms: string[] = []
  if (offer.minOrderAmount > 0) terms.push(`On orders of ${formatMoney(offer.minOrderAmount, offer.currency)} or more`)
  if (offer.kind === 'PERCENT' && offer.maxDiscount !== null) terms.push(`Up to ${formatMoney(offer.maxDiscount, offer.currency)} off`)
  if (offer.expiresAt && Date.parse(offer.expiresAt) - now.getTime() < SOON_MS) terms.push(`Ends ${new Intl.DateTimeFormat(locale ?? 'en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(offer.expiresAt))}`)
  return terms
}

/** How often the diner may still use it: "2 uses left", "Used up", or the rule when nobody is signed in. */
export function offerUses(offer: Pick<OfferListing, 'usesPerDiner' | 'usesLeft'>): string {
  if (offer.usesLeft === null) return offer.usesPerDiner === 1 ? 'Once per diner' : `${offer.usesPerDiner} times per diner`
  if (offer.usesLeft <= 0) return 'Used up'
  return offer.usesLeft === 1 ? '1 use left' : `${offer.usesLeft} uses left`
}
