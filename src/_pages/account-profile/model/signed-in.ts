import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $session, setToLocationAfterAuth } from '@/entities/session'
import { pathTo, redirectToPath } from '@/shared/routes'

/**
 * The signed-in customer's id. When `required` and nobody is signed in, the diner goes to
 * sign-in and comes back here afterwards.
 */
export function useSignedInCustomer(required = true): string | null {
  const session = useStore($session)
  const customerId = session.status === 'signedIn' ? session.userId : null
  useEffect(() => {
    if (!required || customerId) return
    setToLocationAfterAuth(`${window.location.pathname}${window.location.search}`)
    redirectToPath(pathTo('signIn'))
  }, [required, customerId])
  return customerId
}
