import { useCallback, useEffect, useRef, useState } from 'react'
import type { HostBoard } from '@/shared/api'
import type { HostApi } from '../api/host-api'

/** Without a live stream the board is read this often. */
export const HOST_POLL_MS = 15_000

/**
 * Follows the host stand's stream: `onBoard` with each board it sends; `onClosed` when it ends or
 * cannot be had. Returns the stop. (The staff SSE helper of entities/staff-session does this.)
 */
export type FollowBoard = (handlers: { onBoard: (board: HostBoard) => void; onClosed: () => void }) => () => void

/**
 * The board of the host stand: read once, then kept live by the stream (the server sends the
 * whole board on every change of the location's queue or tables), read on a timer while no stream
 * can be had. `refresh` reads it now (after the host's own move, so the screen never waits for the stream).
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
    let timer: ReturnType<typeof setInterval> | undefined
    const poll = () => {
      timer ??= setInterval(() => void refresh(), HOST_POLL_MS)
    }
    const stop = follow
      ? follow({
          onBoard: (next) => {
            latest.current += 1
            setBoard(next)
            setFailed(false)
          },
          onClosed: poll,
        })
      : (poll(), () => {})
    return () => {
      stop()
      if (timer) clearInterval(timer)
    }
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
