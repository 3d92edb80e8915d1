import { Label, Radio, RadioGroup } from '@headlessui/react'
import { useEffect, useState, type FormEvent } from 'react'
import { isE164, type HostParty, type ReservationSlot } from '@/shared/api'
import type { HostApi } from '../api/host-api'
import { FormDialog, refusalText, TextField } from './FormDialog'
import css from './HostPage.module.css'
import { PartySize, SectionChoice } from './PartyFields'

type Errors = { fullName?: string; mobile?: string; email?: string; slot?: string }

/** A reservation taken on the phone: the party, the day and one of the times the restaurant offers; texted to the caller. */
export function PhoneReservationDialog({
  api,
  today,
  sections,
  onClose,
  onDone,
}: {
  api: HostApi
  today: string
  sections: { id: string; name: string }[]
  onClose: () => void
  onDone: (party: HostParty) => void
}) {
  const [fullName, setFullName] = useState('')
  const [mobile, setMobile] = useState('')
  const [email, setEmail] = useState('')
  const [guestCount, setGuestCount] = useState(2)
  const [date, setDate] = useState(today)
  const [slots, setSlots] = useState<ReservationSlot[] | null>(null)
  const [slot, setSlot] = useState('')
  const [sectionId, setSectionId] = useState('')
  const [notes, setNotes] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    setSlots(null)
    setSlot('')
    if (!date) return
    api.slots(date, guestCount).then(
      (answer) => live && setSlots(answer.slots),
      (refused: unknown) => {
        if (!live) return
        setSlots([])
        setError(refusalText(refused))
      },
    )
    return () => {
      live = false
    }
  }, [api, date, guestCount])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const phone = mobile.replace(/[\s()-]/g, '')
    const found: Errors = {}
    if (!fullName.trim()) found.fullName = 'Enter the name the table is under.'
    if (!isE164(phone)) found.mobile = 'Enter the number with its country code, such as +14155550123.'
    if (email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) found.email = 'Enter an email address, or leave it empty.'
    if (!slot) found.slot = 'Choose a time.'
    setErrors(found)
    if (Object.keys(found).length || busy) return
    setBusy(true)
    setError(null)
    try {
      onDone(
        await api.phoneReservation({
          fullName: fullName.trim(),
          mobile: phone,
          email: email.trim() || undefined,
          guestCount,
          reservationDate: date,
          reservationSlot: slot,
          sectionId: sectionId || undefined,
          notes: notes.trim() || undefined,
        }),
      )
    } catch (refused) {
      setError(refusalText(refused))
    } finally {
      setBusy(false)
    }
  }

  const open = slots?.filter((candidate) => candidate.available) ?? []
  return (
    <FormDialog
      title="Phone reservation"
      onClose={onClose}
      onSubmit={submit}
      error={error}
      testId="phone-dialog"
      actions={
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Booking…' : 'Book table'}
        </button>
      }
    >
      <PartySize id="phone-size" value={guestCount} onChange={setGuestCount} />
      <TextField id="phone-date" label="Date" type="date" min={today} value={date} onChange={(event) => setDate(event.target.value)} />
      <div className={css.field}>
        <span className={css.label} id="phone-slot-label">
          Time
        </span>
        {slots === null ? <p className={css.muted}>Loading times…</p> : null}
        {slots !== null && open.length === 0 ? <p className={css.muted}>No table for {guestCount} is free on this day.</p> : null}
        {open.length > 0 ? (
          <RadioGroup value={slot} onChange={setSlot} aria-labelledby="phone-slot-label" aria-describedby={errors.slot ? 'phone-slot-error' : undefined} className={css.chips}>
            {open.map((candidate) => (
              <Radio key={candidate.time} value={candidate.time} className={css.chip}>
                <Label>{candidate.time}</Label>
              </Radio>
            ))}
          </RadioGroup>
        ) : null}
        {errors.slot ? (
          <span id="phone-slot-error" className={css.fieldError}>
            {errors.slot}
          </span>
        ) : null}
      </div>
      <TextField id="phone-name" label="Name" autoComplete="off" value={fullName} onChange={(event) => setFullName(event.target.value)} error={errors.fullName} maxLength={80} />
      <TextField id="phone-mobile" label="Mobile" type="tel" inputMode="tel" autoComplete="off" value={mobile} onChange={(event) => setMobile(event.target.value)} error={errors.mobile} />
      <TextField id="phone-email" label="Email (optional)" type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />
      <SectionChoice sections={sections} value={sectionId} onChange={setSectionId} />
      <TextField id="phone-notes" label="Notes (optional)" value={notes} onChange={(event) => setNotes(event.target.value)} maxLength={300} />
    </FormDialog>
  )
}
