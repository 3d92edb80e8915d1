import { useStore } from '@nanostores/react'
import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react'
import {
  $favouriteItems,
  $favouriteRestaurants,
  ensureFavouritesLoaded,
  isFavourite,
  toggleItemFavourite,
  toggleRestaurantFavourite,
  type FavouriteTarget,
} from '@/entities/favourite'
import { $session } from '@/entities/session'
import css from './FavouriteButton.module.css'

// The prompt (and Headless UI's Dialog) loads only when a guest taps a heart: menus do not carry it.
const SignInPrompt = lazy(() => import('./SignInPrompt').then((module) => ({ default: module.SignInPrompt })))

export type FavouriteButtonProps = {
  target: FavouriteTarget
  /** The restaurant's or the dish's name, for the button's accessible label. */
  name: string
  className?: string
}

/** A heart saving a restaurant or dish, or asking a guest to sign in; drawn in `--tf-favourite`. */
export function FavouriteButton({ target, name, className }: FavouriteButtonProps) {
  const session = useStore($session)
  const items = useStore($favouriteItems)
  const restaurants = useStore($favouriteRestaurants)
  const [asking, setAsking] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const customerId = session.status === 'signedIn' ? session.userId : null
  const pressed = customerId !== null && isFavourite(target, items, restaurants)

  useEffect(() => {
    if (customerId) void ensureFavouritesLoaded(target.locationId)
  }, [customerId, target.locationId])

  // Focus goes back to the heart once the prompt has unmounted: while it is open the rest of the page is inert.
  const wasAsking = useRef(false)
  useEffect(() => {
    if (wasAsking.current && !asking) buttonRef.current?.focus()
    wasAsking.current = asking
  }, [asking])

  function onClick(event: MouseEvent) {
    // The heart may sit on a card that is itself a link.
    event.preventDefault()
    event.stopPropagation()
    if (!customerId) {
      setAsking(true)
      return
    }
    void (target.kind === 'item' ? toggleItemFavourite(target) : toggleRestaurantFavourite(target.locationId))
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={className ? `${css.button} ${className}` : css.button}
        aria-pressed={pressed}
        aria-label={pressed ? `Remove ${name} from favorites` : `Save ${name} to favorites`}
        onClick={onClick}
      >
        <svg className={css.heart} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 20.5s-7.5-4.6-9.4-9.1C1.2 8 3.2 4.5 6.6 4.5c2.1 0 3.7 1.2 5.4 3.2 1.7-2 3.3-3.2 5.4-3.2 3.4 0 5.4 3.5 4 6.9-1.9 4.5-9.4 9.1-9.4 9.1z" />
        </svg>
      </button>
      {asking && (
        <Suspense fallback={null}>
          <SignInPrompt onClose={() => setAsking(false)} />
        </Suspense>
      )}
    </>
  )
}
