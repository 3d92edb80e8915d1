import type { feedbackQuestions, locations } from '../schema'

type QuestionRow = typeof feedbackQuestions.$inferInsert
type LocationRow = Pick<typeof locations.$inferInsert, 'id' | 'locationSlug' | 'delivery'>

/** Asked after every order, everywhere (locationId null). */
const EVERYONE: readonly Pick<QuestionRow, 'question' | 'kind'>[] = [
  { question: 'How was the food?', kind: 'RATING' },
  { question: 'How were the service and the speed?', kind: 'RATING' },
  { question: 'How was the value for money?', kind: 'RATING' },
  { question: 'What could we do better?', kind: 'TEXT' },
]

/** A restaurant's own questions, asked after everyone's. */
const OWN: Record<string, readonly Pick<QuestionRow, 'question' | 'kind'>[]> = {
  'velvet-hour': [{ question: 'How were the cocktails?', kind: 'RATING' }],
  'empire-burger': [{ question: 'Was your burger cooked the way you asked?', kind: 'RATING' }],
}

const DELIVERY_PACKAGING = { question: 'How was the packaging of your delivery?', kind: 'RATING' } as const

/** The demo feedback questions (SPEC §7 GET /customer/feedback/v2) for the seeded locations. */
export function buildFeedbackQuestionRows(seeded: readonly LocationRow[]): QuestionRow[] {
  const rows: QuestionRow[] = EVERYONE.map((question, index) => ({ ...question, locationId: null, sortOrder: index }))
  for (const location of seeded) {
    const own = [...(OWN[location.locationSlug] ?? []), ...(location.delivery ? [DELIVERY_PACKAGING] : [])]
    own.forEach((question, index) => rows.push({ ...question, locationId: location.id!, sortOrder: index }))
  }
  return rows
}
