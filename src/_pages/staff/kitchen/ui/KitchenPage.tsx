import { Switch, Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { $staffSession, staffCall } from '@/entities/staff-session'
import { ApiRefusal, type KitchenBoard } from '@/shared/api'
import { DialogTextButton, ModalDialog } from '@/shared/ui/dialog'
import { StaffShell } from '@/widgets/staff-shell'
import { bySlot, byColumn, KITCHEN_COLUMN_LABELS, KITCHEN_COLUMNS, type KitchenCard, type KitchenColumn } from '../model/board'
import { useKitchenBoard } from '../model/use-kitchen-board'
import { unlockChime } from '../lib/chime'
import { StockDialog } from './StockDialog'
import { TicketCard } from './TicketCard'
import css from './KitchenPage.module.css'

/** Below this width the columns become one column with a status switcher (a phone). */
const PHONE_QUERY = '(max-width: 47.99rem)'

function usePhone(): boolean {
  const [phone, setPhone] = useState(() => typeof matchMedia !== 'undefined' && matchMedia(PHONE_QUERY).matches)
  useEffect(() => {
    const media = matchMedia(PHONE_QUERY)
    const change = () => setPhone(media.matches)
    media.addEventListener('change', change)
    return () => media.removeEventListener('change', change)
  }, [])
  return phone
}

/** The kitchen display (docs/kitchen.md), inside the staff shell. */
export function KitchenPage() {
  const session = useStore($staffSession)
  return session ? <KitchenScreen locationId={session.staff.location.id} /> : <StaffShell area="kitchen" title="Kitchen" />
}

function KitchenScreen({ locationId }: { locationId: string }) {
  const kitchen = useKitchenBoard(locationId)
  const { board } = kitchen
  const [stockOpen, setStockOpen] = useState(false)
  const phone = usePhone()
  const newCount = board?.cards.filter((card) => card.column === 'new').length ?? 0

  // Sound needs a gesture on the page first: the first tap or key anywhere unlocks it.
  useEffect(() => {
    const unlock = () => unlockChime()
    window.addEventListener('pointerdown', unlock, { once: true })
    window.addEventListener('keydown', unlock, { once: true })
    return () => {
      window.removeEventListener('pointerdown', unlock)
      window.removeEventListener('keydown', unlock)
    }
  }, [])

  const actions = (
    <>
      <span className={css.newCount} data-some={newCount > 0 || undefined} data-testid="kitchen-new-count">
        {newCount} new
      </span>
      <button type="button" className={css.secondary} aria-pressed={kitchen.muted} onClick={kitchen.toggleMuted}>
        Mute chime
      </button>
      <button type="button" className={css.secondary} onClick={() => setStockOpen(true)}>
        Stock
      </button>
      {board && <PauseSwitch locationId={locationId} board={board} onChanged={kitchen.refetch} />}
    </>
  )

  return (
    <StaffShell area="kitchen" title="Kitchen" actions={actions}>
      <p className="visually-hidden" aria-live="assertive" data-testid="kitchen-announcement">
        {kitchen.announcement}
      </p>
      {board?.orderingPaused && (
        <p className={css.pausedBanner} role="status">
          Online ordering is paused: diners cannot place new orders until you resume it.
        </p>
      )}
      {kitchen.failed && (
        <p role="alert" className={css.error}>
          {kitchen.failed}{' '}
          <button type="button" className={css.linkButton} onClick={() => void kitchen.refetch()}>
            Try again
          </button>
        </p>
      )}
      <p className={css.notice} role="status">
        {kitchen.notice}
      </p>
      {!board && !kitchen.failed && <p className={css.muted}>Loading the kitchen…</p>}
      {board && (phone ? <PhoneBoard board={board} kitchen={kitchen} /> : <TabletBoard board={board} kitchen={kitchen} />)}
      {board && board.later > 0 && (
        <p className={css.muted}>
          {board.later} scheduled order{board.later > 1 ? 's' : ''} later today: each shows here 15 minutes before its time.
        </p>
      )}
      {kitchen.undo && <UndoBar offer={kitchen.undo} onUndo={kitchen.undoLast} onExpire={kitchen.dismissUndo} />}
      {stockOpen && <StockDialog locationId={locationId} onClose={() => setStockOpen(false)} />}
    </StaffShell>
  )
}

type Kitchen = ReturnType<typeof useKitchenBoard>

function Column({ column, cards, kitchen, timeZone }: { column: KitchenColumn; cards: KitchenCard[]; kitchen: Kitchen; timeZone: string }) {
  if (cards.length === 0) return <p className={css.empty}>Nothing {column === 'new' ? 'new' : 'here'}.</p>
  return (
    <>
      {bySlot(cards).map((group) => (
        <div key={group.slot ?? 'now'} className={css.group}>
          {group.slot && <h3 className={css.slot}>Event slot {group.slot}</h3>}
          {group.cards.map((card) => (
            <TicketCard key={card.key} card={card} deviceNow={kitchen.deviceNow} skew={kitchen.skew} timeZone={timeZone} fresh={kitchen.highlighted.has(card.key)} onBump={kitchen.bump} />
          ))}
        </div>
      ))}
    </>
  )
}

function TabletBoard({ board, kitchen }: { board: KitchenBoard; kitchen: Kitchen }) {
  const columns = byColumn(board.cards)
  return (
    <div className={css.columns}>
      {KITCHEN_COLUMNS.map((column) => (
        <section key={column} className={css.column} aria-labelledby={`column-${column}`} data-testid={`kitchen-column-${column}`}>
          <h2 id={`column-${column}`} className={css.columnTitle}>
            {KITCHEN_COLUMN_LABELS[column]} <span className={css.count}>{columns[column].length}</span>
          </h2>
          <Column column={column} cards={columns[column]} kitchen={kitchen} timeZone={board.timeZone} />
        </section>
      ))}
    </div>
  )
}

function PhoneBoard({ board, kitchen }: { board: KitchenBoard; kitchen: Kitchen }) {
  const columns = byColumn(board.cards)
  return (
    <TabGroup>
      <TabList className={css.tabs} aria-label="Orders by status">
        {KITCHEN_COLUMNS.map((column) => (
          <Tab key={column} className={css.tab}>
            {KITCHEN_COLUMN_LABELS[column]} <span className={css.count}>{columns[column].length}</span>
          </Tab>
        ))}
      </TabList>
      <TabPanels>
        {KITCHEN_COLUMNS.map((column) => (
          <TabPanel key={column} className={css.column} data-testid={`kitchen-column-${column}`}>
            <Column column={column} cards={columns[column]} kitchen={kitchen} timeZone={board.timeZone} />
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  )
}

/** "Undo" for the bump's window, counting down; gone when the window ends. */
function UndoBar({ offer, onUndo, onExpire }: { offer: Kitchen['undo'] & object; onUndo: () => void; onExpire: () => void }) {
  const [left, setLeft] = useState(() => Math.max(0, Math.ceil((offer.untilDevice - Date.now()) / 1000)))
  useEffect(() => {
    const timer = setInterval(() => {
      const seconds = Math.ceil((offer.untilDevice - Date.now()) / 1000)
      if (seconds <= 0) onExpire()
      else setLeft(seconds)
    }, 250)
    return () => clearInterval(timer)
  }, [offer, onExpire])
  return (
    <div className={css.undoBar} role="status">
      <span>{offer.message}</span>
      <button type="button" className={css.undoButton} onClick={onUndo}>
        Undo <span className={css.undoSeconds}>{left} s</span>
      </button>
    </div>
  )
}

/** Online ordering on or paused; pausing asks first, resuming does not (docs/kitchen.md "Pause online ordering"). */
function PauseSwitch({ locationId, board, onChanged }: { locationId: string; board: KitchenBoard; onChanged: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  async function set(paused: boolean) {
    setBusy(true)
    setError(null)
    try {
      await staffCall('PUT /staff/:locationId/kitchen/ordering', { params: { locationId }, body: { paused }, headers: { 'Idempotency-Key': crypto.randomUUID() } })
      setConfirming(false)
      await onChanged()
    } catch (failure) {
      setError(failure instanceof ApiRefusal ? failure.message : 'Online ordering could not be changed. Check the connection.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Switch
        checked={!board.orderingPaused}
        onChange={(on: boolean) => (on ? void set(false) : setConfirming(true))}
        className={css.switch}
        disabled={busy}
        aria-label={board.orderingPaused ? 'Online ordering paused' : 'Online ordering on'}
      >
        <span className={css.switchText}>{board.orderingPaused ? 'Ordering paused' : 'Ordering on'}</span>
      </Switch>
      {error && !confirming && (
        <span role="alert" className={css.error}>
          {error}
        </span>
      )}
      {confirming && (
        <ModalDialog
          onClose={() => setConfirming(false)}
          title="Pause online ordering?"
          description="Diners will not be able to place new orders online until you resume. Orders already placed carry on."
          actions={
            <>
              <button type="button" className="button" data-autofocus disabled={busy} onClick={() => void set(true)}>
                Pause ordering
              </button>
              <DialogTextButton onClick={() => setConfirming(false)}>Keep taking orders</DialogTextButton>
            </>
          }
        >
          {error && (
            <p role="alert" className={css.error}>
              {error}
            </p>
          )}
        </ModalDialog>
      )}
    </>
  )
}
