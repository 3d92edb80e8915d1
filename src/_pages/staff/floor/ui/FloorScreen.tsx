import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { useStore } from '@nanostores/react'
import { $isMobile } from '@/shared/lib/viewport'
import { useFloorBoard } from '../model/floor-board'
import { SupportInbox } from './SupportInbox'
import { WaiterQueue } from './WaiterQueue'
import css from './FloorPage.module.css'

/** The floor of one location: waiter calls and support side by side on a tablet, two tabs on a phone (docs/floor.md "The screen"). */
export function FloorScreen({ locationId }: { locationId: string }) {
  const floor = useFloorBoard(locationId)
  const mobile = useStore($isMobile)
  const queue = (
    <WaiterQueue
      locationId={locationId}
      board={floor.board}
      receivedAt={floor.receivedAt}
      newCalls={floor.newCalls}
      error={floor.error}
      onChanged={() => void floor.refresh()}
      onDismissAlert={floor.dismissAlert}
    />
  )
  const inbox = <SupportInbox locationId={locationId} changedAt={floor.board?.supportChangedAt ?? null} openCount={floor.board?.supportOpen ?? 0} />
  const openCalls = floor.board?.calls.filter((call) => call.status === 'Open').length ?? 0

  if (!mobile) {
    return (
      <div className={css.panels}>
        {queue}
        {inbox}
      </div>
    )
  }
  return (
    <TabGroup className={css.tabs}>
      <TabList className={css.tabList} aria-label="Floor">
        <Tab className={css.tab}>Waiter calls{openCalls > 0 ? ` (${openCalls})` : ''}</Tab>
        <Tab className={css.tab}>Support{floor.board?.supportOpen ? ` (${floor.board.supportOpen})` : ''}</Tab>
      </TabList>
      <TabPanels>
        <TabPanel unmount={false}>{queue}</TabPanel>
        <TabPanel>{inbox}</TabPanel>
      </TabPanels>
    </TabGroup>
  )
}
