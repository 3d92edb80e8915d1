import { useStore } from '@nanostores/react'
import { useEffect, useId } from 'react'
import { setWalletAmount, type Cart } from '@/entities/cart'
import { $profile, loadProfile } from '@/entities/customer'
import { $session } from '@/entities/session'
import { formatMoney } from '@/shared/lib/money'
import css from './CartPage.module.css'

/** "Use wallet balance": a signed-in customer with a balance in the cart's currency puts it towards this order. */
export function WalletField({ cart }: { cart: Cart }) {
  const ids = useId()
  const session = useStore($session)
  const profile = useStore($profile)
  const customerId = session.status === 'signedIn' ? session.userId : null
  const loaded = customerId && profile.data?.userId === customerId ? profile.data : null
  const currency = cart.restaurant?.currency ?? 'USD'
  const balance = loaded && loaded.walletCurrency === currency ? loaded.walletAmount : 0

  // A balance spent on an earlier order must not be offered again: read it fresh on every visit.
  useEffect(() => {
    if (customerId) void loadProfile(customerId)
  }, [customerId])

  // The cart keeps the choice; a guest, or a balance that changed or ran out, must not keep an old amount.
  useEffect(() => {
    if (cart.walletAmount === 0) return
    if (!customerId) setWalletAmount(0)
    else if (loaded && cart.walletAmount !== balance) setWalletAmount(balance)
  }, [customerId, loaded, balance, cart.walletAmount])

  if (!customerId || balance <= 0) return null
  return (
    <div className={css.wallet}>
      <input
        id={`${ids}-wallet`}
        type="checkbox"
        role="switch"
        checked={cart.walletAmount > 0}
        aria-describedby={`${ids}-balance`}
        onChange={(event) => setWalletAmount(event.target.checked ? balance : 0)}
      />
      <label htmlFor={`${ids}-wallet`} className={css.label}>
        Use wallet balance
      </label>
      <span id={`${ids}-balance`} className={css.muted}>
        {formatMoney(balance, currency)} available
      </span>
    </div>
  )
}
