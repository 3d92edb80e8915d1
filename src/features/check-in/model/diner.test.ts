import { describe, expect, it } from 'vitest'
import type { Session } from '@/entities/session'
import { dinerToSend } from './diner'

const typed = { fullName: 'Someone Else', mobile: '+14155559999', email: 'typed@example.com' }

describe('who a table is for, as sent (docs/accounts.md "Guests")', () => {
  it('a signed-in diner always sends their account’s number, whatever the form holds; the name and email stay theirs to write', () => {
    const session: Session = {
      status: 'signedIn',
      userId: 'c-1',
      accessToken: 'a',
      refreshToken: 'r',
      user: { customerId: 'c-1', firstName: 'Asha', mobilePhone: '+14155550101' },
    }
    expect(dinerToSend(session, typed)).toEqual({ fullName: 'Someone Else', mobile: '+14155550101', email: 'typed@example.com' })
    // Details not loaded yet: no number at all, never the typed one.
    expect(dinerToSend({ ...session, user: null }, typed).mobile).toBe('')
  })

  it('a verified guest sends the number their code proved; a plain guest sends nothing of the session', () => {
    const guest: Session = { status: 'guestSignedIn', userId: 'g-1', guestToken: 't', guest: { fullName: 'Gina Guest', mobile: '+14155550177' } }
    expect(dinerToSend(guest, typed)).toEqual({ fullName: 'Gina Guest', mobile: '+14155550177', email: '' })
    expect(dinerToSend({ status: 'guest' }, typed)).toEqual(typed)
  })
})
