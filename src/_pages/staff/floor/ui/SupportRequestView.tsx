import { useCallback, useEffect, useId, useState, type FormEvent } from 'react'
import { ApiRefusal, MAX_SUPPORT_REPLY, type SupportRequestDetail } from '@/shared/api'
import { showToast } from '@/shared/ui'
import { closeRequest, loadRequest, sendReply } from '../api/floor-api'
import css from './FloorPage.module.css'

const when = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
const refusalOf = (failure: unknown, otherwise: string) => (failure instanceof ApiRefusal && failure.message ? failure.message : otherwise)

type Props = { locationId: string; requestId: string; changedAt: string | null; onBack: () => void; onChanged: () => void }

/** One support request: the diner, the order, the message, the thread, a reply by SMS and Close (docs/floor.md "Support inbox"). */
export function SupportRequestView({ locationId, requestId, changedAt, onBack, onChanged }: Props) {
  const [request, setRequest] = useState<SupportRequestDetail | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [draft, setDraft] = useState('')
  const [sending, setSending] = useState(false)
  const countId = useId()
  const replyId = useId()

  const refresh = useCallback(async () => {
    try {
      setRequest(await loadRequest(locationId, requestId))
    } catch (failure) {
      setError(refusalOf(failure, 'This request could not be loaded.'))
    }
  }, [locationId, requestId])

  useEffect(() => {
    void refresh()
  }, [refresh, changedAt])

  const length = draft.trim().length
  const tooLong = draft.trim().length > MAX_SUPPORT_REPLY

  async function send(event: FormEvent) {
    event.preventDefault()
    if (length === 0 || tooLong || sending) return
    setSending(true)
    try {
      setRequest(await sendReply(locationId, requestId, draft.trim()))
      setDraft('')
      showToast('Reply sent by SMS.')
      onChanged()
    } catch (failure) {
      showToast(refusalOf(failure, 'The reply could not be sent. Please try again.'), { tone: 'error' })
    } finally {
      setSending(false)
    }
  }

  async function close() {
    try {
      setRequest(await closeRequest(locationId, requestId))
      onChanged()
    } catch (failure) {
      showToast(refusalOf(failure, 'The request could not be closed. Please try again.'), { tone: 'error' })
    }
  }

  return (
    <div className={css.detail}>
      <button type="button" className={css.back} onClick={onBack}>
        ← All requests
      </button>
      {error && (
        <p className={css.error} role="alert">
          {error}
        </p>
      )}
      {request && (
        <article aria-labelledby={`${replyId}-title`}>
          <header className={css.requestHead}>
            <h3 id={`${replyId}-title`} className={css.detailTitle}>
              {request.reference} · {request.topic}
            </h3>
            <span className={css.status} data-status={request.status}>
              {request.status}
            </span>
          </header>
          <dl className={css.facts}>
            <dt>From</dt>
            <dd>{request.name}</dd>
            <dt>Phone</dt>
            <dd>{request.phone ? <a href={`tel:${request.phone}`}>{request.phone}</a> : '—'}</dd>
            <dt>Email</dt>
            <dd>{request.email ? <a href={`mailto:${request.email}`}>{request.email}</a> : '—'}</dd>
            <dt>Order</dt>
            <dd>{request.orderNumber ?? (request.orderId ? 'An order without a number' : 'Not about an order')}</dd>
            <dt>Sent</dt>
            <dd>{when(request.createdAt)}</dd>
          </dl>
          <p className={css.message}>{request.message}</p>
          {request.replies.length > 0 && (
            <ol className={css.thread} aria-label="Replies">
              {request.replies.map((reply) => (
                <li key={reply.id} className={css.threadReply}>
                  <span className={css.muted}>
                    {reply.staffName} · texted to {reply.phone} · {when(reply.createdAt)}
                  </span>
                  <p className={css.replyBody}>{reply.body}</p>
                </li>
              ))}
            </ol>
          )}
          {request.status === 'Closed' ? (
            <p className={css.note}>This request is closed.</p>
          ) : request.phone ? (
            <form className={css.replyForm} onSubmit={(event) => void send(event)}>
              <label htmlFor={replyId} className={css.label}>
                Reply by SMS to {request.phone}
              </label>
              <textarea id={replyId} className={css.textarea} rows={4} value={draft} onChange={(event) => setDraft(event.target.value)} aria-describedby={countId} aria-invalid={tooLong || undefined} />
              <div className={css.replyActions}>
                <span id={countId} className={css.counter} data-over={tooLong || undefined}>
                  {length} / {MAX_SUPPORT_REPLY} characters
                </span>
                <button type="submit" className={css.primary} disabled={length === 0 || tooLong || sending} aria-busy={sending || undefined}>
                  {sending ? 'Sending…' : 'Send SMS'}
                </button>
              </div>
            </form>
          ) : (
            <p className={css.note}>Only an email was given, so this request cannot be answered by SMS. Write to {request.email ?? 'the diner'}.</p>
          )}
          {request.status !== 'Closed' && (
            <button type="button" className={css.secondary} onClick={() => void close()}>
              Close request
            </button>
          )}
        </article>
      )}
    </div>
  )
}
