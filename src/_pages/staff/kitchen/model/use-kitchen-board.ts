import { useCallback, useEffect, useRef, useState } from 'react'
import { followStaffStream, staffCall } from '@/entities/staff-session'
import { ApiRefusal, type KitchenBoard, type KitchenCard } from '@/shared/api'
import { cardTitle, newArrivals, withBump } from './board'
import { playChime, readMuted, storeMuted } from '../lib/chime'

/** A bump that can still be taken back (docs/kitchen.md "Bump and undo"). */
export type UndoOffer = { bumpId: string; orderId: string; message: string; untilDevice: number }

/** How long a new order stays highlighted after it arrives. */
const HIGHLIGHT_MS = 60_000

const idempotencyKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`)

/**
 * The kitchen display's state: the board as the stream sends it, taps applied at once (and again
 * on every board that arrives before the server answers), new orders announced (chime, highlight,
 * a sentence for screen readers), the last bump's undo, ages ticking each minute.
 */
export function useKitchenBoard(locationId: string) {
  const [board, setBoard] = useState<KitchenBoard | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [highlighted, setHighlighted] = useState<ReadonlyMap<string, number>>(new Map())
  const [undo, setUndo] = useState<UndoOffer | null>(null)
  const [muted, setMuted] = useState(readMuted)
  const [deviceNow, setDeviceNow] = useState(() => Date.now())
  const skew = useRef(0)
  const last = useRef<KitchenBoard | null>(null)
  /** Taps sent and not answered yet, as `card key|status it left`: a second tap on the same card and status waits. */
  const pending = useRef(new Set<string>())
  const mutedRef = useRef(muted)
  mutedRef.current = muted

  const receive = useCallback((next: KitchenBoard) => {
    skew.current = Date.parse(next.now) - Date.now()
    const arrivals = newArrivals(last.current, next)
    last.current = next
    let shown = next
    // A tap the server has not answered yet stays applied, unless the card moved meanwhile.
    for (const tap of pending.current) {
      const [key, from] = tap.split('|')
      if (shown.cards.some((card) => card.key === key && card.status === from)) shown = withBump(shown, key!, new Date(Date.now() + skew.current))
    }
    setBoard(shown)
    setFailed(null)
    if (arrivals.length > 0) {
      const at = Date.now()
      setHighlighted((current) => new Map([...current, ...arrivals.map((key) => [key, at] as const)]))
      const cards = next.cards.filter((card) => arrivals.includes(card.key))
      setAnnouncement(`New order${cards.length > 1 ? 's' : ''}: ${cards.map((card) => `${cardTitle(card)}, ${card.type}`).join('; ')}`)
      if (!mutedRef.current) playChime()
    }
  }, [])

  const refetch = useCallback(async () => {
    try {
      receive(await staffCall('GET /staff/:locationId/kitchen', { params: { locationId } }))
    } catch (error) {
      setFailed(error instanceof ApiRefusal ? error.message : 'The kitchen board could not be loaded. Check the connection.')
    }
  }, [locationId, receive])

  useEffect(() => {
    last.current = null
    void refetch()
    // The stream sends the whole board; a wake without one (back after a gap) reads it again.
    return followStaffStream(`/staff/${locationId}/kitchen/events`, {
      onWake: (event) => {
        if (event?.event === 'board') receive(JSON.parse(event.data) as KitchenBoard)
        else void refetch()
      },
    })
  }, [locationId, refetch, receive])

  // Ages move on each minute; highlights fade after theirs.
  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now()
      setDeviceNow(now)
      setHighlighted((current) => (current.size === 0 ? current : new Map([...current].filter(([, at]) => now - at < HIGHLIGHT_MS))))
    }, 15_000)
    return () => clearInterval(timer)
  }, [])

  const bump = useCallback(
    async (card: KitchenCard) => {
      const tap = `${card.key}|${card.status}`
      if (!card.next || pending.current.has(tap)) return
      const next = card.next
      pending.current.add(tap)
      setBoard((current) => (current ? withBump(current, card.key, new Date(Date.now() + skew.current)) : current))
      setHighlighted((current) => (current.has(card.key) ? new Map([...current].filter(([key]) => key !== card.key)) : current))
      setNotice(null)
      // The offer on screen is for an earlier tap: once this one lands, that one is no longer the last of its order.
      setUndo((current) => (current?.orderId === card.orderId ? null : current))
      const headers = { 'Idempotency-Key': idempotencyKey() }
      try {
        const result =
          card.kind === 'ticket' && card.ticketId
            ? await staffCall('POST /staff/:locationId/kitchen/tickets/:ticketId/bump', { params: { locationId, ticketId: card.ticketId }, body: { from: card.status }, headers })
            : await staffCall('POST /staff/:locationId/kitchen/orders/:orderId/bump', { params: { locationId, orderId: card.orderId }, body: { from: card.status }, headers })
        setUndo({ bumpId: result.bumpId, orderId: card.orderId, message: `${cardTitle(card)} → ${next.label}`, untilDevice: Date.parse(result.undoUntil) - skew.current })
      } catch (error) {
        setNotice(error instanceof ApiRefusal ? error.message : `${cardTitle(card)} could not be moved. Check the connection and tap again.`)
      } finally {
        pending.current.delete(tap)
        void refetch()
      }
    },
    [locationId, refetch],
  )

  const undoLast = useCallback(async () => {
    if (!undo) return
    setUndo(null)
    try {
      await staffCall('POST /staff/:locationId/kitchen/bumps/:bumpId/undo', { params: { locationId, bumpId: undo.bumpId }, headers: { 'Idempotency-Key': idempotencyKey() } })
      setNotice(`Undone: ${undo.message.split(' → ')[0]} is back where it was.`)
    } catch (error) {
      setNotice(error instanceof ApiRefusal ? error.message : 'The undo did not reach the kitchen. Check the connection.')
    } finally {
      void refetch()
    }
  }, [locationId, refetch, undo])

  const toggleMuted = useCallback(() => {
    setMuted((current) => {
      storeMuted(!current)
      return !current
    })
  }, [])

  return { board, failed, notice, announcement, highlighted, undo, dismissUndo: () => setUndo(null), undoLast, bump, muted, toggleMuted, deviceNow, skew: skew.current, refetch, setBoard }
}
