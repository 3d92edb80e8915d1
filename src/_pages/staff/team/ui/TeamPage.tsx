import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react'
import { $staffSession, refreshStaffProfile } from '@/entities/staff-session'
import { ApiRefusal, STAFF_ROLES, type StaffRole, type StaffSettings, type TeamMember } from '@/shared/api'
import { DialogError, DialogTextButton, ModalDialog } from '@/shared/ui/dialog'
import { ROLE_LABEL, StaffShell } from '@/widgets/staff-shell'
import { addTeamMember, changeTeamRole, fetchStaffSettings, fetchTeam, removeTeamMember, saveStaffSettings } from '../api/team-api'
import css from './TeamPage.module.css'

const ROLE_HINT: Record<StaffRole, string> = {
  manager: 'Everything, and the team',
  host: 'Host stand: waitlist, reservations, seating',
  kitchen: 'Kitchen display: orders and stock',
  server: 'Floor: waiter calls and support',
}

/** The server's words for a refusal the manager can act on; a plain sentence for anything else. */
const messageOf = (error: unknown) => (error instanceof ApiRefusal ? error.message : 'That did not go through: check the connection and try again.')

type Pending = { kind: 'role'; member: TeamMember; role: StaffRole } | { kind: 'remove'; member: TeamMember }

/** /staff/team: a manager's team — who signs in, as what; add someone, change a role, remove (docs/staff.md "Accounts"). */
export function TeamPage() {
  const session = useStore($staffSession)
  const locationId = session?.staff.location.id
  const [team, setTeam] = useState<TeamMember[]>()
  const [loadError, setLoadError] = useState<string>()
  const [pending, setPending] = useState<Pending>()
  const [pendingError, setPendingError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<string>()

  const load = useCallback(async () => {
    if (!locationId || session?.staff.role !== 'manager') return
    try {
      setTeam(await fetchTeam(locationId))
      setLoadError(undefined)
    } catch (error) {
      setLoadError(messageOf(error))
    }
  }, [locationId, session?.staff.role])
  useEffect(() => void load(), [load])

  const confirm = async () => {
    if (!pending || !locationId || busy) return
    setBusy(true)
    setPendingError(undefined)
    try {
      if (pending.kind === 'role') {
        await changeTeamRole(locationId, pending.member.id, pending.role)
        setNotice(`${pending.member.name} is now ${ROLE_LABEL[pending.role].toLowerCase()}.`)
      } else {
        await removeTeamMember(locationId, pending.member.id)
        setNotice(`${pending.member.name} was removed from the team and signed out.`)
      }
      setPending(undefined)
      // Their own role changed: the shell follows (a manager no more sees "Not for your role").
      if (pending.member.isYou) await refreshStaffProfile()
      await load()
    } catch (error) {
      setPendingError(messageOf(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <StaffShell area="team" title="Team">
      <div className={css.layout}>
        <section className={css.panel} aria-labelledby="team-list">
          <h2 id="team-list" className={css.panelTitle}>
            Who works here{team ? ` (${team.length})` : ''}
          </h2>
          {notice && (
            <p className={css.notice} role="status">
              {notice}
            </p>
          )}
          {loadError && (
            <p className={css.alert} role="alert">
              {loadError}{' '}
              <button type="button" className={css.linkButton} onClick={() => void load()}>
                Try again
              </button>
            </p>
          )}
          {!team && !loadError && <p className={css.muted}>Loading the team…</p>}
          {team && (
            <ul className={css.list} data-testid="team-list">
              {team.map((member) => (
                <TeamRow
                  key={member.id}
                  member={member}
                  onRole={(role) => {
                    setPendingError(undefined)
                    setPending({ kind: 'role', member, role })
                  }}
                  onRemove={() => {
                    setPendingError(undefined)
                    setPending({ kind: 'remove', member })
                  }}
                />
              ))}
            </ul>
          )}
        </section>
        {locationId && (
          <div className={css.side}>
            <AddMemberForm
              locationId={locationId}
              onAdded={(member) => {
                setNotice(`${member.name} was added as ${ROLE_LABEL[member.role].toLowerCase()}. Give them their email and first password.`)
                void load()
              }}
            />
            <SimulatorsSetting locationId={locationId} />
          </div>
        )}
      </div>
      {pending && (
        <ModalDialog
          narrow
          onClose={() => !busy && setPending(undefined)}
          title={pending.kind === 'role' ? `Make ${pending.member.name} ${ROLE_LABEL[pending.role].toLowerCase()}?` : `Remove ${pending.member.name}?`}
          description={
            pending.kind === 'role'
              ? `From their next tap they can use: ${ROLE_HINT[pending.role].toLowerCase()}.`
              : 'They are signed out on every device and can no longer sign in. What they did stays in the history.'
          }
          actions={
            <>
              <button type="button" className={pending.kind === 'remove' ? css.danger : css.primary} onClick={() => void confirm()} aria-busy={busy} data-autofocus>
                {pending.kind === 'role' ? `Make ${ROLE_LABEL[pending.role].toLowerCase()}` : 'Remove'}
              </button>
              <DialogTextButton onClick={() => setPending(undefined)} disabled={busy}>
                Cancel
              </DialogTextButton>
            </>
          }
        >
          {pendingError && <DialogError>{pendingError}</DialogError>}
        </ModalDialog>
      )}
    </StaffShell>
  )
}

function TeamRow({ member, onRole, onRemove }: { member: TeamMember; onRole: (role: StaffRole) => void; onRemove: () => void }) {
  const id = useId()
  return (
    <li className={css.row} data-testid="team-member">
      <div className={css.person}>
        <p className={css.name}>
          {member.name}
          {member.isYou && <span className={css.you}> (you)</span>}
        </p>
        <p className={css.email}>{member.email}</p>
      </div>
      <div className={css.controls}>
        <label className="visually-hidden" htmlFor={`${id}-role`}>
          Role of {member.name}
        </label>
        <select
          id={`${id}-role`}
          className={css.select}
          value={member.role}
          onChange={(event) => {
            const role = event.target.value as StaffRole
            if (role !== member.role) onRole(role)
          }}
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABEL[role]}
            </option>
          ))}
        </select>
        {!member.isYou && (
          <button type="button" className={css.secondary} onClick={onRemove} aria-label={`Remove ${member.name}`}>
            Remove
          </button>
        )}
      </div>
    </li>
  )
}

function AddMemberForm({ locationId, onAdded }: { locationId: string; onAdded: (member: TeamMember) => void }) {
  const id = useId()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<StaffRole>('server')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setError(undefined)
    try {
      const member = await addTeamMember(locationId, { name: name.trim(), email: email.trim(), role, password })
      setName('')
      setEmail('')
      setPassword('')
      onAdded(member)
    } catch (refusal) {
      setError(messageOf(refusal))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={css.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={css.panelTitle}>
        Add someone
      </h2>
      <form className={css.form} onSubmit={submit} aria-busy={busy}>
        <div className={css.field}>
          <label className={css.label} htmlFor={`${id}-name`}>
            Name
          </label>
          <input id={`${id}-name`} className={css.input} autoComplete="off" required maxLength={80} value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className={css.field}>
          <label className={css.label} htmlFor={`${id}-email`}>
            Email (they sign in with it)
          </label>
          <input id={`${id}-email`} className={css.input} type="email" autoComplete="off" required maxLength={254} value={email} onChange={(event) => setEmail(event.target.value)} />
        </div>
        <fieldset className={css.roles}>
          <legend className={css.label}>Role</legend>
          {STAFF_ROLES.map((option) => (
            <label key={option} className={css.roleOption}>
              <input type="radio" name={`${id}-role`} value={option} checked={role === option} onChange={() => setRole(option)} />
              <span>
                <strong>{ROLE_LABEL[option]}</strong>
                <span className={css.roleHint}>{ROLE_HINT[option]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className={css.field}>
          <label className={css.label} htmlFor={`${id}-password`}>
            First password
          </label>
          <input
            id={`${id}-password`}
            className={css.input}
            type="text"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={128}
            value={password}
            aria-describedby={`${id}-password-hint`}
            onChange={(event) => setPassword(event.target.value)}
          />
          <p id={`${id}-password-hint`} className={css.muted}>
            At least 8 characters. Pass it on to them in person.
          </p>
        </div>
        {error && (
          <p className={css.alert} role="alert">
            {error}
          </p>
        )}
        <button type="submit" className={css.primary} aria-busy={busy}>
          {busy ? 'Adding…' : 'Add to the team'}
        </button>
      </form>
    </section>
  )
}

/** docs/staff.md "On shift": the manager keeps the sandbox's simulated kitchen, host and waiter away from the restaurant. */
function SimulatorsSetting({ locationId }: { locationId: string }) {
  const id = useId()
  const [settings, setSettings] = useState<StaffSettings>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  useEffect(() => {
    fetchStaffSettings(locationId).then(setSettings, (refusal: unknown) => setError(messageOf(refusal)))
  }, [locationId])
  const change = async (simulatorsOff: boolean) => {
    setBusy(true)
    setError(undefined)
    try {
      setSettings(await saveStaffSettings(locationId, simulatorsOff))
    } catch (refusal) {
      setError(messageOf(refusal))
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className={css.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={css.panelTitle}>
        Demo simulators
      </h2>
      <p className={css.muted}>
        In the demo a simulated kitchen, host and waiter move orders and guests. They leave the restaurant alone while anyone is signed in here.
      </p>
      <label className={css.roleOption}>
        <input type="checkbox" checked={settings?.simulatorsOff ?? false} disabled={!settings || busy} onChange={(event) => void change(event.target.checked)} />
        <span>Keep them off, even when nobody is signed in</span>
      </label>
      {settings && (
        <p className={css.muted} role="status">
          {settings.simulatorsOff
            ? 'Off here until you untick this.'
            : settings.onShift
              ? 'Off here now, as someone is signed in; they come back 15 minutes after the last staff screen closes.'
              : 'On here.'}
        </p>
      )}
      {error && (
        <p className={css.alert} role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
