import { Label, Radio, RadioGroup } from '@headlessui/react'
import { useState, type FormEvent } from 'react'
import { HOST_CANCEL_REASONS, type HostCancelReason, type HostParty } from '@/shared/api'
import type { HostApi } from '../api/host-api'
import { FormDialog, refusalText } from './FormDialog'
import css from './HostPage.module.css'

const REASONS = Object.entries(HOST_CANCEL_REASONS) as [HostCancelReason, string][]

/** Cancel a waiting party: a reason from the fixed list, and a note (needed for Other). The party is texted. */
export function CancelDialog({ api, party, onClose, onCancelled }: { api: HostApi; party: HostParty; onClose: () => void; onCancelled: (party: HostParty) => void }) {
  const [reason, setReason] = useState<HostCancelReason>('guest_request')
  const [note, setNote] = useState('')
  const [noteError, setNoteError] = useState<string | undefined>()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (reason === 'other' && !note.trim()) {
      setNoteError('Please say why.')
      return
    }
    setNoteError(undefined)
    setBusy(true)
    setError(null)
    try {
      onCancelled(await api.cancel(party.reservationId, reason, note.trim()))
    } catch (refused) {
      setError(refusalText(refused))
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormDialog
      title={`Cancel ${party.fullName}?`}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      testId="cancel-dialog"
      actions={
        <button type="submit" className={`button ${css.danger}`} disabled={busy}>
          {busy ? 'Cancelling…' : `Cancel ${party.kind === 'CHECKIN' ? 'check-in' : 'reservation'}`}
        </button>
      }
    >
      <RadioGroup value={reason} onChange={setReason} aria-label="Reason" className={css.reasons}>
        {REASONS.map(([code, label]) => (
          <Radio key={code} value={code} className={css.reason}>
            <Label>{label}</Label>
          </Radio>
        ))}
      </RadioGroup>
      <div className={css.field}>
        <label htmlFor="cancel-note" className={css.label}>
          Note {reason === 'other' ? '' : <span className={css.optional}>(optional)</span>}
        </label>
        <textarea
          id="cancel-note"
          className={css.input}
          rows={2}
          maxLength={300}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? 'cancel-note-error' : undefined}
        />
        {noteError ? (
          <span id="cancel-note-error" className={css.fieldError}>
            {noteError}
          </span>
        ) : null}
      </div>
    </FormDialog>
  )
}
