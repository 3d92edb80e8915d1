import { useCallback, useEffect, useRef, useState } from 'react'
import type { HostBoard } from '@/shared/api'
import type { HostApi } from '../api/host-api'

/** Without a live stream the board is read this often. */
export const HOST_POLL_MS = 15_000

/**
 * Follows the host stand's stream (the staff stream helper of entities/staff-session): `onBoard`
 * with each board it sends, `onWake` when the board must be read again (the stream came back after
 * a gap). Returns the stop.
 */
export type FollowBoard = (handlers: { onBoard: (board: HostBoard) => void; onWake: () => void }) => () => void

/** The board of an `event: host` (HostEvent), or null when the data is not one. */
export function boardOfEvent(data: string): HostBoard | null {
  try {
    const parsed = JSON.parse(data) as { type?: string; board?: HostBoard }
    return parsed.type === 'host' && parsed.board && Array.isArray(parsed.board.parties) ? parsed.board : null
  } catch {
    return null
  }
}

/**
 * The board of the host stand: read once, then kept live by the stream (the server sends the
 * whole board on every change of the location's queue or tables); read on a timer when there is
 * no stream to follow. `refresh` reads it now (after the host's own move, so the screen never waits for the stream).
 */
export function useHostBoard(api: HostApi, follow?: FollowBoard) {
  const [board, setBoard] = useState<HostBoard | null>(null)
  const [failed, setFailed] = useState(false)
  const latest = useRef(0)

  const refresh = useCallback(async () => {
    const ticket = ++latest.current
    try {
      const next = await api.board()
      if (ticket === latest.current) {
        setBoard(next)
        setFailed(false)
      }
    } catch (error) {
      console.error('Reading the host stand failed', error)
      if (ticket === latest.current) setFailed(true)
    }
  }, [api])

  useEffect(() => {
    void refresh()
    if (!follow) {
      const timer = setInterval(() => void refresh(), HOST_POLL_MS)
      return () => clearInterval(timer)
    }
    return follow({
      onBoard: (next) => {
        latest.current += 1
        setBoard(next)
        setFailed(false)
      },
      onWake: () => void refresh(),
    })
  }, [follow, refresh])

  return { board, failed, refresh }
}

/** True while the viewport is at least `minWidth` px wide. */
export function useWideScreen(minWidth = 768): boolean {
  const query = `(min-width: ${minWidth}px)`
  const [wide, setWide] = useState(() => typeof window === 'undefined' || window.matchMedia(query).matches)
  useEffect(() => {
    const media = window.matchMedia(query)
    const update = () => setWide(media.matches)
    update()
    media.addEventListener('change', update)
    return () => media.removeEventListener('change', update)
  }, [query])
  return wide
}
