import { StatusScreen } from '@/shared/ui'

/** SPEC §8: replaces the app while the browser is offline. */
export function OfflineScreen() {
  return (
    <StatusScreen title="No Internet Connection" message="Please check your internet connection and try again." illustration="/offline.svg">
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Retry
      </button>
    </StatusScreen>
  )
}
