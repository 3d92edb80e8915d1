import { Component, type ReactNode } from 'react'
import { StatusScreen } from '@/shared/ui'
import { ChunkLoadError } from '../routing/lazy-screen'

type State = { error: Error | null }

/** Catches a screen that failed to load or to render, so the rest of the app stays usable. */
export class ScreenErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  componentDidCatch(error: Error) {
    console.error('A screen failed:', error)
  }

  componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null })
  }

  render() {
    const { error } = this.state
    if (!error) return this.props.children
    const loadFailed = error instanceof ChunkLoadError
    return (
      <StatusScreen
        title={loadFailed ? 'This page could not be loaded' : 'Something went wrong !'}
        message={loadFailed ? 'Check your connection, then try again.' : 'Reload the page to try again.'}
      >
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {loadFailed ? 'Retry' : 'Reload'}
        </button>
        {/* A screen that fails again after a reload still leaves the diner a way out, as a failed load does (LoadGate). */}
        <a className="button button--secondary" href="/">
          All restaurants
        </a>
      </StatusScreen>
    )
  }
}
