import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react'
import { useStore } from '@nanostores/react'
import { useId, useState } from 'react'
import { $couponRequest } from '@/features/apply-offer'
import type { OfferListing, OfferLocation } from '@/shared/api'
import { navigate, pathTo } from '@/shared/routes'
import { offerTerms, offerUses, offerValue } from '../lib/describe-offer'
import { $openCart, appliesToCart, applyToCart } from '../model/offers'
import css from './Offers.module.css'

// Branch names often carry the brand already ("Olive Tree — SoMa"): the name once.
const placeName = ({ branchName, merchantName }: OfferLocation) =>
  !branchName || branchName === merchantName ? merchantName : branchName.includes(merchantName) ? branchName : `${merchantName} · ${branchName}`
const menuOf = (location: OfferLocation) => pathTo('menu', { merchantType: location.merchantType, merchantSlug: location.locationSlug })

/** Where the offer can be used: one restaurant by name, several behind a disclosure. */
function Where({ locations }: { locations: OfferLocation[] }) {
  const [only] = locations
  if (!only) return null
  if (locations.length === 1) {
    return (
      <p className={css.where}>
        At{' '}
        <a className={css.link} href={menuOf(only)}>
          {placeName(only)}
        </a>
      </p>
    )
  }
  return (
    <Disclosure as="div" className={css.where}>
      <DisclosureButton className={css.disclosure}>
        <span>At {locations.length} restaurants</span>
        <span aria-hidden="true" className={css.chevron} />
      </DisclosureButton>
      <DisclosurePanel as="ul" className={css.places}>
        {locations.map((location) => (
          <li key={location.id}>
            <a className={css.link} href={menuOf(location)}>
              {placeName(location)}
            </a>
          </li>
        ))}
      </DisclosurePanel>
    </Disclosure>
  )
}

/** One offer: its value and terms, where it works, the diner's uses left, its code to copy, and Apply when the cart can take it. */
export function OfferCard({ offer }: { offer: OfferListing }) {
  const id = useId()
  const cart = useStore($openCart)
  const coupon = useStore($couponRequest)
  const [note, setNote] = useState<string>()
  const [applying, setApplying] = useState(false)
  const usedUp = offer.usesLeft !== null && offer.usesLeft <= 0
  const canApply = cart !== null && appliesToCart(offer, cart)
  const terms = offerTerms(offer)
  const single = offer.locations.length === 1 ? offer.locations[0] : undefined

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(offer.code)
      setNote(`Code ${offer.code} copied`)
    } catch {
      setNote(`Copying is blocked here: the code is ${offer.code}`)
    }
  }

  const apply = async () => {
    if (!cart?.restaurant) return
    setApplying(true)
    setNote(undefined)
    const applied = await applyToCart(offer)
    setApplying(false)
    if (applied) navigate(pathTo('cart', { merchantType: cart.restaurant.merchantType, merchantSlug: cart.restaurant.locationSlug }))
    else setNote($couponRequest.get().error ?? coupon.error)
  }

  return (
    <article className={css.card} aria-labelledby={`${id}-title`} data-testid="offer" data-used-up={usedUp ? '1' : undefined}>
      <p className={css.value}>{offerValue(offer)}</p>
      <h2 id={`${id}-title`} className={css.title}>
        {offer.title}
      </h2>
      {/* The terms below say what most descriptions repeat; a description is shown only for an offer without terms. */}
      {offer.description && terms.length === 0 && <p className={css.description}>{offer.description}</p>}
      <ul className={css.terms}>
        {terms.map((term) => (
          <li key={term}>{term}</li>
        ))}
        <li className={usedUp ? css.usedUp : undefined} data-testid="offer-uses">
          {offerUses(offer)}
        </li>
      </ul>
      <Where locations={offer.locations} />
      {offer.campaign && (
        <p className={css.campaign}>
          Part of{' '}
          <a className={css.link} href={pathTo('campaign', { campaignId: offer.campaign.id })}>
            {offer.campaign.title}
          </a>
        </p>
      )}
      <div className={css.actions}>
        <span className={css.code} aria-label={`Code ${offer.code}`}>
          {offer.code}
        </span>
        <button type="button" className="button button--secondary" onClick={() => void copy()} aria-describedby={`${id}-title`}>
          Copy code
        </button>
        {canApply ? (
          <button type="button" className="button" disabled={applying} onClick={() => void apply()} aria-describedby={`${id}-title`}>
            {applying ? 'Applying…' : 'Apply to your order'}
          </button>
        ) : (
          single &&
          !usedUp && (
            <a className="button" href={menuOf(single)}>
              Order at {single.merchantName}
            </a>
          )
        )}
      </div>
      <p className={css.note} role="status">
        {note}
      </p>
    </article>
  )
}
