import { useStore } from '@nanostores/react'
import { Suspense, useEffect } from 'react'
import { $cart, initCart, isEventCart, type Cart } from '@/entities/cart'
import { menuPath } from '@/entities/menu'
import { RestaurantGate } from '@/entities/restaurant'
import { $session } from '@/entities/session'
import { $placeOrder, $resumingPlacement, isPlacedFrom, resumePlacement, toPlaceOrderRequest } from '@/features/place-order'
import type { RestaurantDetail } from '@/shared/api'
import { lazyPart } from '@/shared/lib/lazy'
import { $router, pathTo } from '@/shared/routes'
import { Spinner, StatusScreen } from '@/shared/ui'
import { CartLines } from './CartLines'
import { Checkout } from './Checkout'
import { CouponField } from './CouponField'
import { EventSlotSection } from './EventSlotSection'
import { Instructions } from './Instructions'
import { OrderTypeChoice } from './OrderTypeChoice'
import { PickupSection } from './PickupSection'
import { TipSection } from './TipSection'
import { TotalsPanel } from './TotalsPanel'
import { WalletField } from './WalletField'
import css from './CartPage.module.css'

// Shown only once the cart is placed, with "Edit order" (pay-order's cancel): not on the cart's first load.
const PlacedOrder = lazyPart(() => import('./PlacedOrder').then((module) => module.PlacedOrder))

type CartPageProps = { params: Record<string, string> }

/** The cart (`/{merchantType}/{merchantSlug}/cart`) and its review step (`/checkOut`): lines, order type, tip, time, totals. */
export function CartPage({ params }: CartPageProps) {
  const cart = useStore($cart)
  const page = useStore($router)
  const reviewing = page?.route === 'checkOut'
  const { merchantType, merchantSlug } = params
  const cartRestaurant = cart.restaurant

  if (cart.items.length === 0 || !cartRestaurant) {
    const back = merchantType && merchantSlug ? pathTo('menu', { merchantType, merchantSlug }) : null
    return (
      <StatusScreen title="Your cart is empty" message="Dishes you add from a menu appear here.">
        {back ? (
          <a className="button" href={back}>
            Back to the menu
          </a>
        ) : (
          <a className="button" href="/">
            Find a restaurant
          </a>
        )}
      </StatusScreen>
    )
  }

  if (merchantSlug && merchantSlug !== cartRestaurant.locationSlug) {
    return (
      <StatusScreen title={`Your cart is at ${cartRestaurant.merchantName}`} message="A cart holds the dishes of one restaurant at a time.">
        <a className="button" href={pathTo('cart', { merchantType: cartRestaurant.merchantType, merchantSlug: cartRestaurant.locationSlug })}>
          Open that cart
        </a>
        <a className="button button--secondary" href={pathTo('menu', { merchantType: merchantType ?? 'restaurant', merchantSlug })}>
          Back to the menu
        </a>
      </StatusScreen>
    )
  }

  return (
    <RestaurantGate slug={cartRestaurant.locationSlug} loadingLabel="Loading your cart">
      {(restaurant) => <CartScreen restaurant={restaurant} cart={cart} reviewing={reviewing} />}
    </RestaurantGate>
  )
}

function CartScreen({ restaurant, cart, reviewing }: { restaurant: RestaurantDetail; cart: Cart; reviewing: boolean }) {
  const orderType = cart.orderTypeId ?? restaurant.orderTypes[0]?.code ?? ''
  const place = { kind: 'merchant', merchantType: restaurant.merchantType, merchantSlug: restaurant.locationSlug } as const
  const event = isEventCart(cart) ? cart.event : null
  // An event cart goes back to its event date's menu, named by the event query parameter (docs/decisions.md).
  const backPath = event
    ? `${menuPath({ ...place, event: { date: event.date, short: false } }, 'menu', cart.orderTypeId)}?event=${encodeURIComponent(event.slug)}`
    : menuPath(place, 'menu', cart.orderTypeId)
  const cartPath = pathTo('cart', { merchantType: restaurant.merchantType, merchantSlug: restaurant.locationSlug })
  const session = useStore($session)
  const placement = useStore($placeOrder)
  const resuming = useStore($resumingPlacement)
  const signedIn = session.status === 'signedIn'
  const request = toPlaceOrderRequest(cart, session)
  const placed = isPlacedFrom(placement.data, request) ? placement.data!.order : null
  // Placed is frozen: the cart is that order now, changed only through "Edit order" (docs/checkout.md).
  const frozen = Boolean(placed) || resuming
  const fingerprint = request ? JSON.stringify(request) : null

  // After a reload, on the cart or its review, the order this cart was placed as is found again, not placed twice.
  useEffect(() => {
    if (request) void resumePlacement(request, signedIn)
    // Compared by its fingerprint, not by identity: a new render's request is the same cart.
  }, [fingerprint, signedIn])

  // Refreshes what the cart knows of its restaurant (hours, order types) without touching the diner's choices.
  useEffect(() => {
    initCart(restaurant, orderType)
  }, [restaurant, orderType])

  useEffect(() => {
    const target = window.location.hash ? document.getElementById(window.location.hash.slice(1)) : null
    target?.scrollIntoView()
  }, [])

  return (
    <div className={css.page}>
      <header className={css.bar}>
        <a className={css.back} href={reviewing ? cartPath : backPath}>
          <span aria-hidden="true">←</span> {reviewing ? 'Back to the cart' : 'Back to the menu'}
        </a>
        <p className={css.where}>{restaurant.merchantName}</p>
      </header>
      <main className={css.main}>
        <h1 className={css.title}>{reviewing ? 'Review your order' : 'Your cart'}</h1>
        <div className={css.layout}>
          <div className={css.sections}>
            <section id="cart" className={css.section} aria-labelledby="cart-heading">
              <h2 id="cart-heading" className={css.heading}>
                Items
              </h2>
              <CartLines cart={cart} restaurant={restaurant} frozen={frozen} />
              {!frozen && (
                <a className={css.more} href={backPath}>
                  + Add more dishes
                </a>
              )}
            </section>
            {placed ? (
              <Suspense fallback={<Spinner label="Opening your order" />}>
                <PlacedOrder cart={cart} restaurant={restaurant} orderId={placed.orderId} signedIn={signedIn} reviewing={reviewing} />
              </Suspense>
            ) : frozen ? null : (
              <>
                {!event && <OrderTypeChoice cart={cart} restaurant={restaurant} />}
                <section id="tip" className={css.section} aria-labelledby="tip-heading">
                  <h2 id="tip-heading" className={css.heading}>
                    Tip
                  </h2>
                  <TipSection cart={cart} />
                </section>
                <section id="pickupDate" className={css.section} aria-labelledby="pickup-heading">
                  {event ? <EventSlotSection cart={cart} event={event} headingId="pickup-heading" /> : <PickupSection cart={cart} headingId="pickup-heading" />}
                </section>
                <Instructions cart={cart} restaurant={restaurant} />
              </>
            )}
          </div>
          <TotalsPanel cart={cart} reviewing={reviewing || frozen}>
            {!frozen && <WalletField cart={cart} />}
            {!frozen && <CouponField cart={cart} />}
            {reviewing && <Checkout cart={cart} />}
          </TotalsPanel>
        </div>
      </main>
    </div>
  )
}
