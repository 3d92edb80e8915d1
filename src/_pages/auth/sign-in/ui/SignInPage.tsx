import { AuthPanel, SignInForm } from '@/features/auth'
import { SiteHeader } from '@/widgets/site-header'

export function SignInPage() {
  return (
    <>
      <SiteHeader />
      <AuthPanel title="Sign in" lead="Welcome back. Sign in to order faster and see your orders.">
        <SignInForm />
      </AuthPanel>
    </>
  )
}
