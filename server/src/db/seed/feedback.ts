import type { feedbackQuestions, locations, menuCategories, menuItems, modifiers } from '../schema'

type QuestionRow = typeof feedbackQuestions.$inferInsert
type LocationRow = Pick<typeof locations.$inferInsert, 'id' | 'locationSlug' | 'delivery'>
type MenuRows = {
  menuItems: Pick<typeof menuItems.$inferInsert, 'id' | 'locationId' | 'categoryId'>[]
  menuCategories: Pick<typeof menuCategories.$inferInsert, 'id' | 'name'>[]
  modifiers: Pick<typeof modifiers.$inferInsert, 'itemId' | 'name'>[]
}

/** Which dishes a question is about: it is asked only after an order with one of them (docs/orders.md "Feedback"). */
type About = { categories?: readonly string[]; modifier?: string }
type QuestionSeed = Pick<QuestionRow, 'question' | 'kind'> & { orderTypeGroups?: string[]; about?: About }

/** Asked after every order, everywhere (locationId null). */
const EVERYONE: readonly QuestionSeed[] = [
  { question: 'How was the food?', kind: 'RATING' },
  { question: 'How were the service and the speed?', kind: 'RATING' },
  { question: 'How was the value for money?', kind: 'RATING' },
  { question: 'What could we do better?', kind: 'TEXT' },
]

/** A restaurant's own questions, asked after everyone's, each only where it fits the order. */
const OWN: Record<string, readonly QuestionSeed[]> = {
  'velvet-hour': [{ question: 'How were the cocktails?', kind: 'RATING', about: { categories: ['Signature Cocktails', 'Classics'] } }],
  // "The way you asked": only a burger ordered with a doneness.
  'empire-burger': [{ question: 'Was your burger cooked the way you asked?', kind: 'RATING', about: { modifier: 'Doneness' } }],
}

const DELIVERY_PACKAGING: QuestionSeed = { question: 'How was the packaging of your delivery?', kind: 'RATING', orderTypeGroups: ['L'] }

function itemsAbout(about: About, locationId: string, menu: MenuRows): string[] {
  const categoryIds = new Set(menu.menuCategories.filter((category) => about.categories?.includes(category.name)).map((category) => category.id))
  const withModifier = new Set(menu.modifiers.filter((modifier) => modifier.name === about.modifier).map((modifier) => modifier.itemId))
  return menu.menuItems
    .filter((item) => item.locationId === locationId && (categoryIds.has(item.categoryId) || withModifier.has(item.id!)))
    .map((item) => item.id!)
}

/** The demo feedback questions (docs/feedback.md "Feedback") for the seeded locations. */
export function buildFeedbackQuestionRows(seeded: readonly LocationRow[], menu: MenuRows): QuestionRow[] {
  const rows: QuestionRow[] = EVERYONE.map(({ question, kind }, index) => ({ question, kind, locationId: null, sortOrder: index }))
  for (const location of seeded) {
    const own = [...(OWN[location.locationSlug] ?? []), ...(location.delivery ? [DELIVERY_PACKAGING] : [])]
    own.forEach(({ question, kind, orderTypeGroups, about }, index) =>
      rows.push({
        question,
        kind,
        locationId: location.id!,
        sortOrder: index,
        orderTypeGroups: orderTypeGroups ?? null,
        aboutItemIds: about ? itemsAbout(about, location.id!, menu) : null,
      }),
    )
  }
  return rows
}
