import { AuthPanel, SignUpForm } from '@/features/auth'
import { SiteHeader } from '@/widgets/site-header'

export function SignUpPage() {
  return (
    <>
      <SiteHeader />
      <AuthPanel title="Create an account" lead="We will text a code to your mobile to confirm it.">
        <SignUpForm />
      </AuthPanel>
    </>
  )
}
