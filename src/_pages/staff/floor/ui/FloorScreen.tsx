import { useStore } from '@nanostores/react'
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { $isMobile } from '@/shared/lib/viewport'
import { useFloorBoard } from '../model/floor-board'
import { SupportInbox } from './SupportInbox'
import { WaiterQueue } from './WaiterQueue'
import css from './FloorPage.module.css'

/**
 * The floor of one location: waiter calls and support side by side on a tablet, two tabs on a
 * phone (docs/floor.md "The screen"). Both panels stay mounted at both widths and in either tab,
 * in one tree: a tablet turned across the phone width (an iPad upright is one) or a tab switched
 * keeps an open request and a reply half typed.
 */
export function FloorScreen({ locationId }: { locationId: string }) {
  const floor = useFloorBoard(locationId)
  const mobile = useStore($isMobile)
  const [tab, setTab] = useState(0)
  const ids = useId()
  const openCalls = floor.board?.calls.filter((call) => call.status === 'Open').length ?? 0
  const labels = [`Waiter calls${openCalls > 0 ? ` (${openCalls})` : ''}`, `Support${floor.board?.supportOpen ? ` (${floor.board.supportOpen})` : ''}`]
  // On a phone each panel is a tab's; on a tablet both show, as plain regions (their sections are labelled).
  const panel = (index: number) =>
    mobile ? { role: 'tabpanel', id: `${ids}-panel-${index}`, 'aria-labelledby': `${ids}-tab-${index}`, hidden: tab !== index, tabIndex: 0 } : {}

  return (
    <div className={mobile ? css.tabs : css.panels}>
      {mobile ? <FloorTabs ids={ids} labels={labels} selected={tab} onSelect={setTab} /> : null}
      <div {...panel(0)} className={css.panelSlot}>
        <WaiterQueue
          locationId={locationId}
          board={floor.board}
          receivedAt={floor.receivedAt}
          newCalls={floor.newCalls}
          error={floor.error}
          onChanged={() => void floor.refresh()}
          onDismissAlert={floor.dismissAlert}
        />
      </div>
      <div {...panel(1)} className={css.panelSlot}>
        <SupportInbox locationId={locationId} changedAt={floor.board?.supportChangedAt ?? null} openCount={floor.board?.supportOpen ?? 0} />
      </div>
    </div>
  )
}

/** The phone's two tabs (WAI-ARIA tabs: arrows, Home and End move between them and select). */
function FloorTabs({ ids, labels, selected, onSelect }: { ids: string; labels: string[]; selected: number; onSelect: (index: number) => void }) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const move = (event: KeyboardEvent) => {
    const last = labels.length - 1
    const next = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: last }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const index = next > last ? 0 : next < 0 ? last : next
    onSelect(index)
    tabs.current[index]?.focus()
  }
  return (
    <div role="tablist" aria-label="Floor" className={css.tabList} onKeyDown={move}>
      {labels.map((label, index) => (
        <button
          key={index}
          ref={(node) => void (tabs.current[index] = node)}
          type="button"
          role="tab"
          id={`${ids}-tab-${index}`}
          aria-selected={index === selected}
          aria-controls={`${ids}-panel-${index}`}
          tabIndex={index === selected ? 0 : -1}
          data-selected={index === selected ? '' : undefined}
          className={css.tab}
          onClick={() => onSelect(index)}
        >
          {label}
        </button>
      ))}
    </div>
  )
}
