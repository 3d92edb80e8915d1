import { useStore } from '@nanostores/react'
import { useId } from 'react'
import { $cart, $cartPreview, clearCart, decrementItem, incrementItem, MAX_INSTRUCTION_LENGTH, removeItem, setOrderInstruction, toTotalsRequest, type Cart } from '@/entities/cart'
import { MAX_ITEM_QUANTITY } from '@/shared/lib/customisation'
import { orderNumber } from '@/entities/order'
import { $session, setToLocationAfterAuth } from '@/entities/session'
import { $openTab, $round, addRound, forgetTab, rememberTab, resetRound } from '@/entities/table-order'
import { $placeOrder, placeOrder, resetPlaceOrder, toPlaceOrderRequest } from '@/features/place-order'
import type { RestaurantDetail, TableLookupResponse } from '@/shared/api'
import { formatMoney } from '@/shared/lib/money'
import { $router, navigate, pathTo } from '@/shared/routes'
import { SiteHeader } from '@/widgets/site-header'
import { dineInCode, restaurantName, TableGate } from './TableGate'
import css from './DineIn.module.css'

/** /table/{tableId}/menu/{menuType}/contactlessdinein/cart: the table's cart; with an open table order it sends the next round. */
export function DineInCartPage({ params }: { params: Record<string, string> }) {
  const tableId = params.tableId ?? ''
  return (
    <TableGate tableId={tableId}>
      {(table, restaurant) => <TableCart table={table} restaurant={restaurant} menuType={params.menuType || dineInCode(restaurant)} />}
    </TableGate>
  )
}

function TableCart({ table, restaurant, menuType }: { table: TableLookupResponse; restaurant: RestaurantDetail; menuType: string }) {
  const cart = useStore($cart)
  const preview = useStore($cartPreview)
  const page = useStore($router)
  const tab = useStore($openTab)
  const tableId = table.table.id
  const menuPath = pathTo('tableMenu', { tableId, menuType })
  // An order to add to: the one "Order more" came from, else the open order of this table.
  const orderId = page?.search.orderId || (tab?.tableId === tableId ? tab.orderId : null)
  const lines = cart.locationId === restaurant.id ? cart.items : []

  return (
    <>
      <SiteHeader />
      <main className={css.page} id="main">
        <a className={css.back} href={orderId ? pathTo('tableOrderMenu', { tableId, orderId, menuType }) : menuPath}>
          <span aria-hidden="true">←</span> Back to the menu
        </a>
        <h1 className={css.title}>Your table cart</h1>
        <p className={css.table}>
          {restaurantName(restaurant)} · Table {table.table.name}
        </p>
        {lines.length === 0 ? (
          <section className={css.panel} aria-label="Empty cart">
            <p className={css.lead}>Your cart is empty. Add dishes from the menu and they will come to your table.</p>
            <div className={css.actions}>
              <a className="button" href={orderId ? pathTo('tableOrderMenu', { tableId, orderId, menuType }) : menuPath}>
                See the menu
              </a>
            </div>
          </section>
        ) : (
          <>
            <section className={css.panel} aria-label="Dishes in your cart">
              <ul className={css.lines}>
                {lines.map((line) => (
                  <li key={line.lineId} className={css.line} data-testid="cart-line">
                    <div>
                      <h2 className={css.lineName}>{line.name}</h2>
                      {line.options.length > 0 && <p className={css.muted}>{line.options.map((option) => option.optionName).join(', ')}</p>}
                      {line.comment && <p className={css.muted}>Note: {line.comment}</p>}
                    </div>
                    <div className={css.stepper}>
                      <button type="button" className="button button--secondary" aria-label={`One fewer ${line.name}`} onClick={() => decrementItem(line.lineId)}>
                        −
                      </button>
                      <span aria-label={`${line.quantity} ${line.name}`}>{line.quantity}</span>
                      <button
                        type="button"
                        className="button button--secondary"
                        aria-label={`One more ${line.name}`}
                        disabled={line.quantity >= MAX_ITEM_QUANTITY}
                        onClick={() => incrementItem(line.lineId)}
                      >
                        +
                      </button>
                      <span>{formatMoney(line.unitPrice * line.quantity, restaurant.currency)}</span>
                      <button type="button" className="button button--secondary" aria-label={`Remove ${line.name}`} onClick={() => removeItem(line.lineId)}>
                        Remove
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
              <p className={css.row}>
                <span>Subtotal (before tax)</span>
                <strong data-testid="cart-subtotal">{formatMoney(preview.subtotal, preview.currency || restaurant.currency)}</strong>
              </p>
              <KitchenNote cart={cart} />
            </section>
            {orderId ? (
              <SendRound cart={cart} table={table} orderId={orderId} menuType={menuType} />
            ) : (
              <PlaceTableOrder cart={cart} table={table} />
            )}
          </>
        )}
      </main>
    </>
  )
}

function KitchenNote({ cart }: { cart: Cart }) {
  const id = useId()
  return (
    <div className={css.field}>
      <label htmlFor={id}>Note for the kitchen (optional)</label>
      <textarea id={id} rows={2} maxLength={MAX_INSTRUCTION_LENGTH} value={cart.orderInstruction} onChange={(event) => setOrderInstruction(event.target.value)} />
    </div>
  )
}

const tableOrderPath = (table: TableLookupResponse, orderId: string) =>
  pathTo('tableOrder', { merchantType: table.merchantType, restaurantSlug: table.locationSlug, tableId: table.table.id, orderId })

/** Round 1: a dine-in order at this table, sent to the kitchen now and paid at the end. */
function PlaceTableOrder({ cart, table }: { cart: Cart; table: TableLookupResponse }) {
  const session = useStore($session)
  const state = useStore($placeOrder)

  async function place() {
    const current = $session.get()
    if (current.status === 'guest') {
      setToLocationAfterAuth(window.location.pathname)
      navigate(pathTo('guestDetails'))
      return
    }
    const request = toPlaceOrderRequest(cart, current)
    if (!request) return
    // Signed in or a verified guest here: the access token or the guest token goes with the order.
    const placed = await placeOrder({ ...request, tableId: table.table.id }, true)
    if (!placed) return
    rememberTab({ tableId: table.table.id, orderId: placed.order.orderId })
    clearCart()
    resetPlaceOrder()
    navigate(tableOrderPath(table, placed.order.orderId))
  }

  return (
    <section className={css.panel} aria-label="Send your order">
      <p className={css.lead}>Your order goes straight to the kitchen. You pay at the end, together or split.</p>
      <button type="button" className="button" onClick={() => void place()} disabled={state.loading} aria-busy={state.loading || undefined}>
        {state.loading ? 'Placing your order…' : 'Place order'}
      </button>
      {session.status === 'guest' && <p className={css.muted}>We will ask for your name and mobile number first.</p>}
      {state.error && !state.loading && (
        <p className={css.error} role="alert">
          {state.error}
        </p>
      )}
    </section>
  )
}

/** The next round of the open table order (PUT /order/update/customer). */
function SendRound({ cart, table, orderId, menuType }: { cart: Cart; table: TableLookupResponse; orderId: string; menuType: string }) {
  const session = useStore($session)
  const state = useStore($round)

  async function send() {
    const items = toTotalsRequest(cart)?.items
    if (!items) return
    const updated = await addRound(orderId, items, cart.orderInstruction, session.status === 'signedIn')
    if (!updated) return
    rememberTab({ tableId: table.table.id, orderId })
    clearCart()
    resetRound()
    navigate(tableOrderPath(table, orderId))
  }

  function startNew() {
    forgetTab()
    resetRound()
    navigate(pathTo('dineInCart', { tableId: table.table.id, menuType }))
  }

  return (
    <section className={css.panel} aria-label="Send this round">
      <p className={css.lead}>
        These dishes are added to your order <strong>#{orderNumber(orderId)}</strong> as a new round.
      </p>
      <button type="button" className="button" onClick={() => void send()} disabled={state.loading} aria-busy={state.loading || undefined}>
        {state.loading ? 'Sending…' : 'Send to the kitchen'}
      </button>
      {state.error && !state.loading && (
        <>
          <p className={css.error} role="alert">
            {state.error}
          </p>
          <button type="button" className="button button--secondary" onClick={startNew}>
            Start a new order instead
          </button>
        </>
      )}
    </section>
  )
}
