import { useStore } from '@nanostores/react'
import { useEffect, type ReactNode } from 'react'
import { $staffSession, canUseArea, HOME_AREA, keepStaffTokenFresh, refreshStaffProfile, signOutStaff, type StaffArea } from '@/entities/staff-session'
import type { StaffRole } from '@/shared/api'
import { pathTo, redirectTo, type RouteName } from '@/shared/routes'
import css from './StaffShell.module.css'

/** Each staff area's route and nav label (docs/staff.md "Roles" says who sees which). */
export const STAFF_AREAS: readonly { area: StaffArea; route: RouteName; label: string }[] = [
  { area: 'kitchen', route: 'staffKitchen', label: 'Kitchen' },
  { area: 'host', route: 'staffHost', label: 'Host' },
  { area: 'floor', route: 'staffFloor', label: 'Floor' },
  { area: 'team', route: 'staffTeam', label: 'Team' },
]

export const ROLE_LABEL: Record<StaffRole, string> = { manager: 'Manager', host: 'Host', kitchen: 'Kitchen', server: 'Server' }

/** The route a role lands on after signing in. */
export const homeRouteOf = (role: StaffRole): RouteName => STAFF_AREAS.find((entry) => entry.area === HOME_AREA[role])!.route

type StaffShellProps = {
  area: StaffArea
  /** The screen's heading (an h1), also its document title. */
  title: string
  /** Beside the heading: a screen's own controls (filters, a clock, an "Add" button). */
  actions?: ReactNode
  children?: ReactNode
}

/**
 * The frame of every staff screen: the restaurant, who is signed in and as what, the areas their
 * role may open, sign-out. Signed out, it sends the tablet to the sign-in; an area the role may
 * not use shows why instead of the screen. While it is open the staff token is kept fresh, so the
 * restaurant stays "on shift" (docs/staff.md).
 */
export function StaffShell({ area, title, actions, children }: StaffShellProps) {
  const session = useStore($staffSession)
  useEffect(() => {
    if (!session) redirectTo('staffSignIn')
  }, [session])
  useEffect(() => {
    void refreshStaffProfile()
    return keepStaffTokenFresh()
  }, [])
  useEffect(() => {
    document.title = `${title} · ${session?.staff.location.name ?? 'Staff'} · Tablefront`
  }, [title, session?.staff.location.name])
  if (!session) return null
  const { staff } = session
  const allowed = canUseArea(staff.role, area)
  const areas = STAFF_AREAS.filter((entry) => canUseArea(staff.role, entry.area))
  return (
    <div className={css.shell}>
      <header className={css.header}>
        <div className={css.identity}>
          <p className={css.restaurant}>{staff.location.name}</p>
          <p className={css.who}>
            {staff.name} · <span className={css.role}>{ROLE_LABEL[staff.role]}</span>
          </p>
        </div>
        {areas.length > 0 && (
          <nav className={css.nav} aria-label="Staff areas">
            <ul className={css.navList}>
              {areas.map((entry) => (
                <li key={entry.area}>
                  <a className={css.navLink} href={pathTo(entry.route)} aria-current={entry.area === area ? 'page' : undefined}>
                    {entry.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <button type="button" className={css.signOut} onClick={() => signOutStaff()}>
          Sign out
        </button>
      </header>
      <main className={css.main} id="main">
        {allowed ? (
          <>
            <div className={css.titleRow}>
              <h1 className={css.title}>{title}</h1>
              {actions && <div className={css.actions}>{actions}</div>}
            </div>
            {children}
          </>
        ) : (
          <section className={css.notAllowed} aria-labelledby="staff-not-allowed">
            <h1 id="staff-not-allowed" className={css.title}>
              Not for your role
            </h1>
            <p>
              {title} is not part of the {ROLE_LABEL[staff.role].toLowerCase()} role at {staff.location.name}. Ask a manager if you need it.
            </p>
            <a className={css.primary} href={pathTo(homeRouteOf(staff.role))}>
              Go to {STAFF_AREAS.find((entry) => entry.area === HOME_AREA[staff.role])!.label}
            </a>
          </section>
        )}
      </main>
    </div>
  )
}
