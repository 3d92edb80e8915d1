import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $profile, loadProfile } from '@/entities/customer'
import { signOut } from '@/entities/session'
import { formatMoney } from '@/shared/lib/money'
import { formatPhoneForDisplay } from '@/shared/lib/phone'
import { navigate, pathTo } from '@/shared/routes'
import { Spinner } from '@/shared/ui'
import css from './Account.module.css'

export function ProfileSection({ customerId }: { customerId: string }) {
  const profile = useStore($profile)

  useEffect(() => {
    void loadProfile(customerId)
  }, [customerId])

  if (profile.error && !profile.data) {
    return (
      <div className={css.problem} role="alert">
        <p>{profile.error}</p>
        <button type="button" className="button button--secondary" onClick={() => void loadProfile(customerId)}>
          Retry
        </button>
      </div>
    )
  }
  const data = profile.data?.userId === customerId ? profile.data : undefined
  if (!data) return <Spinner label="Loading your profile" />

  return (
    <div className={css.stack}>
      <dl className={css.facts}>
        <div>
          <dt>Name</dt>
          <dd>{data.userName || '—'}</dd>
        </div>
        <div>
          <dt>Mobile number</dt>
          <dd>{formatPhoneForDisplay(data.phoneNumber)}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            {data.email ?? 'No email address yet'}
            {data.pendingEmail && (
              <>
                {' '}
                <a className={css.pending} href={pathTo('emailEdit')}>
                  Verify {data.pendingEmail}
                </a>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Wallet</dt>
          <dd>{formatMoney(data.walletAmount, data.walletCurrency)}</dd>
        </div>
        <div>
          <dt>Offers and news</dt>
          <dd>{data.isPromoSubscribed ? 'You receive offers and news' : 'You do not receive offers and news'}</dd>
        </div>
        <div>
          <dt>Upcoming table bookings</dt>
          <dd>{data.tableBooking}</dd>
        </div>
      </dl>
      <div className={css.actions}>
        <a className="button" href={pathTo('profileEdit')}>
          Edit name
        </a>
        <a className="button button--secondary" href={pathTo('emailEdit')}>
          {data.email ? 'Change email' : 'Add email'}
        </a>
        <a className="button button--secondary" href={pathTo('promoConsent')}>
          Offers and news
        </a>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            signOut()
            navigate('/')
          }}
        >
          Sign out
        </button>
      </div>
    </div>
  )
}
