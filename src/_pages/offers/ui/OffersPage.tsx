import { useStore } from '@nanostores/react'
import { useEffect, useMemo, useState } from 'react'
import { $selectedLocation, fetchNearestCity } from '@/entities/location'
import { $router, pathTo } from '@/shared/routes'
import { Skeleton } from '@/shared/ui'
import { SiteHeader } from '@/widgets/site-header'
import { $offers, $openCart, loadOffers, offersOf, type OffersScope } from '../model/offers'
import { OfferCard } from './OfferCard'
import css from './Offers.module.css'

type Nearest = { slug: string; name: string } | null

/**
 * /offers: the offers the diner can use — at the restaurant of their cart, else in their city
 * (?restaurant=<location id> or ?city=<slug> choose), each with where it works and their uses left.
 */
export function OffersPage() {
  const page = useStore($router)
  const cart = useStore($openCart)
  const selected = useStore($selectedLocation)
  const state = useStore($offers)
  const [nearest, setNearest] = useState<Nearest | undefined>()
  const askedCity = page?.search.city
  const askedRestaurant = page?.search.restaurant
  const cartLocation = cart?.locationId ?? undefined

  const scope = useMemo<OffersScope | undefined>(() => {
    if (askedRestaurant) return { locationId: askedRestaurant }
    if (askedCity) return { citySlug: askedCity }
    if (cartLocation) return { locationId: cartLocation }
    if (nearest) return { citySlug: nearest.slug }
    return undefined
  }, [askedRestaurant, askedCity, cartLocation, nearest])

  useEffect(() => {
    document.title = 'Offers | Tablefront'
  }, [])

  // Without a cart or a city asked for, the diner's chosen place decides the city.
  useEffect(() => {
    if (scope || !selected || nearest !== undefined) return
    let current = true
    fetchNearestCity(selected)
      .then((found) => current && setNearest({ slug: found.city.slug, name: found.city.name }))
      .catch(() => current && setNearest(null))
    return () => {
      current = false
    }
  }, [scope, selected, nearest])

  useEffect(() => {
    if (scope) void loadOffers(scope)
  }, [scope])

  const list = scope ? offersOf(state, scope) : undefined
  const atRestaurant = scope && 'locationId' in scope
  const place = atRestaurant && cart && cart.locationId === scope.locationId && cart.restaurant ? cart.restaurant.merchantName : undefined

  return (
    <>
      <SiteHeader />
      <main className={`page ${css.screen}`}>
        <h1 className="page-title">Offers</h1>
        {!scope && !selected ? (
          <div className={css.empty}>
            <p>Choose where you are to see the offers near you.</p>
            <a className="button" href={pathTo('locationPick')}>
              Choose a location
            </a>
          </div>
        ) : state.error && !state.loading && !list ? (
          <div role="alert" className={css.problem}>
            <p>{state.error}</p>
            {state.error === 'Please Try Again' && scope && (
              <button type="button" className="button button--secondary" onClick={() => void loadOffers(scope)}>
                Retry
              </button>
            )}
          </div>
        ) : !list ? (
          <Skeleton label="Loading the offers" />
        ) : (
          <>
            <p className={css.lead}>
              {atRestaurant
                ? `Offers you can use${place ? ` on your order at ${place}` : ' at this restaurant'}.`
                : `Offers at restaurants in ${list.city?.name ?? 'your city'}.`}
              {atRestaurant && list.city && (
                <>
                  {' '}
                  <a className={css.link} href={pathTo('offers', {}, { city: list.city.slug })}>
                    All offers in {list.city.name}
                  </a>
                </>
              )}
            </p>
            {list.offers.length === 0 ? (
              <p className={css.empty}>No offers {atRestaurant ? 'here' : `in ${list.city?.name ?? 'your city'}`} right now. New ones appear here as restaurants add them.</p>
            ) : (
              <div className={css.list}>
                {list.offers.map((offer) => (
                  <OfferCard key={offer.id} offer={offer} />
                ))}
              </div>
            )}
          </>
        )}
      </main>
    </>
  )
}
