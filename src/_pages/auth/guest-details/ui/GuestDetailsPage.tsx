import { AuthPanel, GuestDetailsForm } from '@/features/auth'
import { SiteHeader } from '@/widgets/site-header'

export function GuestDetailsPage() {
  return (
    <>
      <SiteHeader />
      <AuthPanel title="Continue as guest" lead="Tell us who you are; we will text a code to confirm your mobile.">
        <GuestDetailsForm />
      </AuthPanel>
    </>
  )
}
