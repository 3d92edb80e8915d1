import { OFFLINE_MESSAGE, OFFLINE_RETRY, OFFLINE_TITLE } from '@/shared/config'
import { StatusScreen } from '@/shared/ui'

/** Replaces the app while the browser is offline (docs/app.md, "Messages"). */
export function OfflineScreen() {
  return (
    <StatusScreen title={OFFLINE_TITLE} message={OFFLINE_MESSAGE} illustration="/offline.svg">
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {OFFLINE_RETRY}
      </button>
    </StatusScreen>
  )
}
