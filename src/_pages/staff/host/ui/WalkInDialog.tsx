import { useState, type FormEvent } from 'react'
import { isE164, type HostParty } from '@/shared/api'
import type { HostApi } from '../api/host-api'
import { FormDialog, refusalText, TextField } from './FormDialog'
import { PartySize, SectionChoice } from './PartyFields'

type Errors = { fullName?: string; mobile?: string }

/**
 * A walk-in: onto the waitlist (name and mobile, so the party is texted when its table is ready),
 * or seated now at the best free table (name and mobile optional).
 */
export function WalkInDialog({
  api,
  sections,
  onClose,
  onDone,
}: {
  api: HostApi
  sections: { id: string; name: string }[]
  onClose: () => void
  onDone: (party: HostParty) => void
}) {
  const [fullName, setFullName] = useState('')
  const [mobile, setMobile] = useState('')
  const [guestCount, setGuestCount] = useState(2)
  const [sectionId, setSectionId] = useState('')
  const [notes, setNotes] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<'wait' | 'seat' | null>(null)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const seatNow = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'seat'
    const phone = mobile.replace(/[\s()-]/g, '')
    const found: Errors = {}
    if (!seatNow && !fullName.trim()) found.fullName = 'Enter a name for the waitlist.'
    if (phone ? !isE164(phone) : !seatNow) found.mobile = phone ? 'Enter the number with its country code, such as +14155550123.' : 'Enter a mobile number to text the party.'
    setErrors(found)
    if (Object.keys(found).length || busy) return
    setBusy(seatNow ? 'seat' : 'wait')
    setError(null)
    try {
      onDone(
        await api.walkIn({
          fullName: fullName.trim() || undefined,
          mobile: phone || undefined,
          guestCount,
          sectionId: sectionId || undefined,
          notes: notes.trim() || undefined,
          seatNow,
        }),
      )
    } catch (refused) {
      setError(refusalText(refused))
    } finally {
      setBusy(null)
    }
  }

  return (
    <FormDialog
      title="Add a walk-in"
      onClose={onClose}
      onSubmit={submit}
      error={error}
      testId="walk-in-dialog"
      actions={
        <>
          <button type="submit" name="action" value="seat" className="button button--secondary" disabled={busy !== null}>
            {busy === 'seat' ? 'Seating…' : 'Seat now'}
          </button>
          <button type="submit" name="action" value="wait" className="button" disabled={busy !== null}>
            {busy === 'wait' ? 'Adding…' : 'Add to waitlist'}
          </button>
        </>
      }
    >
      <PartySize id="walk-in-size" value={guestCount} onChange={setGuestCount} />
      <TextField id="walk-in-name" label="Name" autoComplete="off" value={fullName} onChange={(event) => setFullName(event.target.value)} error={errors.fullName} maxLength={80} />
      <TextField
        id="walk-in-mobile"
        label="Mobile"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        hint="We text the party when their table is ready."
        value={mobile}
        onChange={(event) => setMobile(event.target.value)}
        error={errors.mobile}
      />
      <SectionChoice sections={sections} value={sectionId} onChange={setSectionId} />
      <TextField id="walk-in-notes" label="Notes (optional)" value={notes} onChange={(event) => setNotes(event.target.value)} maxLength={300} />
    </FormDialog>
  )
}
