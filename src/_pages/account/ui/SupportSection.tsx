import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $supportRequests, loadSupportRequests, SupportRequestList } from '@/entities/support-request'
import { pathTo } from '@/shared/routes'
import { Spinner } from '@/shared/ui'
import css from './Account.module.css'

/** The customer's support requests with their references and statuses, and a way to ask for help. */
export function SupportSection({ customerId }: { customerId: string }) {
  const requests = useStore($supportRequests)

  useEffect(() => {
    void loadSupportRequests()
  }, [customerId])

  const ask = (
    <div>
      <a className="button" href={pathTo('support')}>
        New support request
      </a>
    </div>
  )
  if (requests.error && !requests.data) {
    return (
      <div className={css.problem} role="alert">
        <p>{requests.error}</p>
        <button type="button" className="button button--secondary" onClick={() => void loadSupportRequests()}>
          Retry
        </button>
      </div>
    )
  }
  if (!requests.data) return <Spinner label="Loading your support requests" />
  return (
    <div className={css.stack}>
      {ask}
      {requests.data.length === 0 ? <p className={css.empty}>No support requests yet</p> : <SupportRequestList requests={requests.data} />}
    </div>
  )
}
