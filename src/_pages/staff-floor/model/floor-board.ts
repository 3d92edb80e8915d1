import { useCallback, useEffect, useRef, useState } from 'react'
import type { FloorBoard } from '@/shared/api'
import { loadBoard } from '../api/floor-api'
import { openStaffStream } from '../api/staff-auth'
import { arrivedCalls } from '../lib/new-calls'

/** When the stream cannot be kept open, the board is asked for again this often (docs/floor.md "The screen"). */
export const FLOOR_RETRY_MS = 15_000

export type BoardState = {
  board: FloorBoard | null
  /** The tablet's clock when the board arrived: ages tick on from the server's count. */
  receivedAt: number
  /** Calls that arrived since the screen opened, newest last: the alert names them. */
  newCalls: string[]
  error: string | null
}

/**
 * The floor board of a location, live (docs/floor.md "Live"): the stream sends the whole board on
 * every change; when it closes, the board is read again and the stream reopened after FLOOR_RETRY_MS.
 */
export function useFloorBoard(locationId: string) {
  const [state, setState] = useState<BoardState>({ board: null, receivedAt: Date.now(), newCalls: [], error: null })
  const known = useRef<Set<string> | null>(null)

  const take = useCallback((board: FloorBoard) => {
    const arrived = arrivedCalls(known.current, board.calls)
    known.current = new Set([...(known.current ?? []), ...board.calls.map((call) => call.id)])
    setState((previous) => ({ board, receivedAt: Date.now(), newCalls: arrived.length > 0 ? [...previous.newCalls, ...arrived].slice(-5) : previous.newCalls, error: null }))
  }, [])

  const refresh = useCallback(async () => {
    try {
      take(await loadBoard(locationId))
    } catch (error) {
      setState((previous) => ({ ...previous, error: error instanceof Error && error.message ? error.message : 'The waiter calls could not be loaded.' }))
    }
  }, [locationId, take])

  useEffect(() => {
    let stop = () => {}
    let timer: ReturnType<typeof setTimeout> | undefined
    let ended = false
    const open = () => {
      stop = openStaffStream(
        `/staff/${encodeURIComponent(locationId)}/floor/events`,
        (event) => {
          if (event.event === 'floor') take(JSON.parse(event.data) as FloorBoard)
        },
        () => {
          if (ended) return
          void refresh()
          timer = setTimeout(open, FLOOR_RETRY_MS)
        },
      )
    }
    open()
    return () => {
      ended = true
      clearTimeout(timer)
      stop()
    }
  }, [locationId, refresh, take])

  const dismissAlert = useCallback(() => setState((previous) => ({ ...previous, newCalls: [] })), [])
  return { ...state, refresh, dismissAlert }
}

/** A ticking clock for the ages on screen: re-renders every second. */
export function useSecondTicker(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return now
}
