import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { orderNumber } from '@/entities/order'
import { $session, type Session } from '@/entities/session'
import { $supportRequests, $supportSent, loadSupportRequests, resetSupportSent, sendSupportRequest, SupportRequestList } from '@/entities/support-request'
import { MAX_SUPPORT_MESSAGE, SUPPORT_TOPICS } from '@/shared/api'
import { pathTo } from '@/shared/routes'
import { Spinner } from '@/shared/ui'
import { SiteHeader } from '@/widgets/site-header'
import css from './SupportPage.module.css'

type Contact = { name: string; phone: string; email: string }

function contactOf(session: Session): Contact {
  if (session.status === 'signedIn') {
    const user = session.user
    const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ')
    return { name, phone: user?.mobilePhone ?? '', email: user?.email ?? '' }
  }
  if (session.status === 'guestSignedIn') return { name: session.guest.fullName, phone: session.guest.mobile, email: session.guest.email ?? '' }
  return { name: '', phone: '', email: '' }
}

/** /support and /support/order/{orderId}: ask for help, get a reference to quote; signed-in diners see their requests. */
export function SupportPage({ params }: { params: Record<string, string> }) {
  const orderId = params.orderId
  const session = useStore($session)
  const sent = useStore($supportSent)
  const mine = useStore($supportRequests)
  const signedIn = session.status === 'signedIn'

  useEffect(() => {
    document.title = 'Support | Tablefront'
    resetSupportSent()
  }, [orderId])

  useEffect(() => {
    if (signedIn) void loadSupportRequests()
  }, [signedIn])

  return (
    <>
      <SiteHeader />
      <main className={css.page}>
        <h1 className={css.title}>{orderId ? 'Get help with this order' : 'Support'}</h1>
        {sent.success && sent.data ? (
          <section className={css.card} aria-labelledby="support-sent" role="status">
            <h2 id="support-sent" className={css.subtitle}>
              We have your request
            </h2>
            <p>
              Your reference is <strong className={css.reference}>{sent.data.reference}</strong>
            </p>
            <p>Quote it when you contact us about this. {signedIn ? 'You can follow it in your account.' : 'We will answer you by phone or email.'}</p>
            <div className={css.actions}>
              {orderId && (
                <a className="button button--secondary" href={pathTo('orderSummary', { orderId })}>
                  Back to your order
                </a>
              )}
              {signedIn && (
                <a className="button button--secondary" href={pathTo('accountSection', { name: 'Support' })}>
                  See your requests
                </a>
              )}
              <button type="button" className="button button--secondary" onClick={resetSupportSent}>
                Send another request
              </button>
            </div>
          </section>
        ) : (
          <SupportForm key={`${session.status}:${orderId ?? ''}`} orderId={orderId} initial={contactOf(session)} signedIn={signedIn} />
        )}
        {signedIn && (
          <section className={css.mine} aria-labelledby="support-mine">
            <h2 id="support-mine" className={css.subtitle}>
              Your requests
            </h2>
            {mine.error && !mine.data ? (
              <div className={css.problem} role="alert">
                <p>{mine.error}</p>
                <button type="button" className="button button--secondary" onClick={() => void loadSupportRequests()}>
                  Retry
                </button>
              </div>
            ) : !mine.data ? (
              <Spinner label="Loading your requests" />
            ) : mine.data.length === 0 ? (
              <p>No support requests yet</p>
            ) : (
              <SupportRequestList requests={mine.data} />
            )}
          </section>
        )}
      </main>
    </>
  )
}

function SupportForm({ orderId, initial, signedIn }: { orderId?: string; initial: Contact; signedIn: boolean }) {
  const sent = useStore($supportSent)
  const [contact, setContact] = useState(initial)
  const [topic, setTopic] = useState<string>(orderId ? SUPPORT_TOPICS[0] : '')
  const [message, setMessage] = useState('')
  const [problem, setProblem] = useState<string>()
  const problemRef = useRef<HTMLParagraphElement>(null)

  useEffect(() => {
    if (problem || sent.error) problemRef.current?.focus()
  }, [problem, sent.error])

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const missing = !contact.name.trim()
      ? 'Please give your name.'
      : !topic
        ? 'Please choose a topic.'
        : !message.trim()
          ? 'Please tell us what happened.'
          : !contact.phone.trim() && !contact.email.trim()
            ? 'Please give a phone number or an email so that we can answer you.'
            : undefined
    setProblem(missing)
    if (missing) return
    void sendSupportRequest(
      { name: contact.name.trim(), phone: contact.phone.trim(), email: contact.email.trim(), topic: topic as (typeof SUPPORT_TOPICS)[number], message: message.trim(), orderId },
      signedIn,
    )
  }

  const shownProblem = problem ?? (sent.loading ? undefined : sent.error)
  const field = (key: keyof Contact) => ({
    value: contact[key],
    onChange: (event: { target: { value: string } }) => setContact({ ...contact, [key]: event.target.value }),
  })

  return (
    <form className={css.card} onSubmit={onSubmit} noValidate aria-label="Support request">
      {orderId && (
        <p className={css.about}>
          About order <strong>#{orderNumber(orderId)}</strong>
        </p>
      )}
      <div className={css.field}>
        <label htmlFor="support-topic">Topic</label>
        <select id="support-topic" value={topic} onChange={(event) => setTopic(event.target.value)} required>
          <option value="" disabled>
            Choose a topic
          </option>
          {SUPPORT_TOPICS.map((entry) => (
            <option key={entry} value={entry}>
              {entry}
            </option>
          ))}
        </select>
      </div>
      <div className={css.field}>
        <label htmlFor="support-message">How can we help?</label>
        <textarea id="support-message" rows={5} maxLength={MAX_SUPPORT_MESSAGE} value={message} onChange={(event) => setMessage(event.target.value)} required />
      </div>
      <fieldset className={css.contact}>
        <legend>How we reach you</legend>
        <div className={css.field}>
          <label htmlFor="support-name">Name</label>
          <input id="support-name" autoComplete="name" required {...field('name')} />
        </div>
        <div className={css.field}>
          <label htmlFor="support-phone">Mobile number</label>
          <input id="support-phone" type="tel" autoComplete="tel" placeholder="+14155550123" aria-describedby="support-contact-hint" {...field('phone')} />
        </div>
        <div className={css.field}>
          <label htmlFor="support-email">Email</label>
          <input id="support-email" type="email" autoComplete="email" aria-describedby="support-contact-hint" {...field('email')} />
        </div>
        <p id="support-contact-hint" className={css.hint}>
          A mobile number or an email; we text your reference to the number.
        </p>
      </fieldset>
      {shownProblem && (
        <p ref={problemRef} tabIndex={-1} className={css.problem} role="alert">
          {shownProblem}
        </p>
      )}
      <button type="submit" className="button" disabled={sent.loading} aria-busy={sent.loading || undefined}>
        {sent.loading ? 'Sending…' : 'Send request'}
      </button>
    </form>
  )
}
