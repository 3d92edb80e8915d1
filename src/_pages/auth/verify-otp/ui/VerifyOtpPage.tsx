import { AuthPanel, VerifyCode } from '@/features/auth'
import { SiteHeader } from '@/widgets/site-header'

export function VerifyOtpPage() {
  return (
    <>
      <SiteHeader />
      <AuthPanel title="Enter your code">
        <VerifyCode />
      </AuthPanel>
    </>
  )
}
