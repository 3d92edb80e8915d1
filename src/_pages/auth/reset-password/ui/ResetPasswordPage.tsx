import { AuthPanel, ResetPasswordFlow } from '@/features/auth'
import { SiteHeader } from '@/widgets/site-header'

export function ResetPasswordPage() {
  return (
    <>
      <SiteHeader />
      <AuthPanel title="Reset your password">
        <ResetPasswordFlow />
      </AuthPanel>
    </>
  )
}
