import type { SupportRequestSummary } from '@/shared/api'
import css from './SupportRequestList.module.css'

const formatWhen = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))

/** A diner's support requests with their references and statuses, newest first, and the restaurant's replies (texted to them too; docs/feedback.md). */
export function SupportRequestList({ requests, label = 'Your support requests' }: { requests: SupportRequestSummary[]; label?: string }) {
  return (
    <ul className={css.list} aria-label={label}>
      {requests.map((request) => (
        <li key={request.reference} className={css.card}>
          <div className={css.head}>
            <strong className={css.reference}>{request.reference}</strong>
            <span className={css.status} data-status={request.status}>
              {request.status}
            </span>
          </div>
          <span>
            {request.topic}
            {request.branchName ? ` · ${request.branchName}` : ''}
          </span>
          <span className={css.muted}>{formatWhen(request.createdAt)}</span>
          <p className={css.message}>{request.message}</p>
          {request.replies.length > 0 && (
            <ol className={css.replies} aria-label={`Replies to ${request.reference}`}>
              {request.replies.map((reply) => (
                <li key={reply.createdAt + reply.body} className={css.reply}>
                  <span className={css.replyHead}>
                    {reply.staffName}
                    {request.branchName ? ` · ${request.branchName}` : ''} · {formatWhen(reply.createdAt)}
                  </span>
                  <p className={css.replyBody}>{reply.body}</p>
                </li>
              ))}
            </ol>
          )}
        </li>
      ))}
    </ul>
  )
}
