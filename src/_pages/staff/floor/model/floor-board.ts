import { useCallback, useEffect, useRef, useState } from 'react'
import { followStaffStream } from '@/entities/staff-session'
import type { FloorBoard } from '@/shared/api'
import { loadBoard } from '../api/floor-api'
import { arrivedCalls } from '../lib/new-calls'

export type BoardState = {
  board: FloorBoard | null
  /** The tablet's clock when the board arrived: ages tick on from the server's count. */
  receivedAt: number
  /** Calls that arrived since the screen opened: the alert names them. */
  newCalls: string[]
  error: string | null
}

/**
 * The floor board of a location, live (docs/floor.md "Live"): each stream event is the whole board;
 * a wake without one (the stream came back after a gap) reads the board again.
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

  useEffect(
    () =>
      followStaffStream(`/staff/${encodeURIComponent(locationId)}/floor/events`, {
        onWake: (event) => {
          if (event?.event === 'floor') take(JSON.parse(event.data) as FloorBoard)
          else void refresh()
        },
      }),
    [locationId, refresh, take],
  )

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
