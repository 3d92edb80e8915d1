import type { DietaryMarket, MenuItem } from '@/shared/api'
import { allergenSentence, dietaryBadges, showsFoodTypeSymbol } from '../lib/dietary'
import { ItemTypeMark } from './ItemTypeMark'
import css from './DietaryMarks.module.css'

type DietaryMarksProps = {
  item: Pick<MenuItem, 'itemType' | 'dietary'>
  market: DietaryMarket
  /** False where every dish around is vegetarian, so the word would tell nothing apart. */
  vegetarianMatters?: boolean
}

/** The dish's dietary marks as its market shows them (docs/menu.md); each read out in full words. */
export function DietaryMarks({ item, market, vegetarianMatters = true }: DietaryMarksProps) {
  if (showsFoodTypeSymbol(item, market)) return <ItemTypeMark itemType={item.itemType} />
  const badges = dietaryBadges(item, market, vegetarianMatters)
  if (badges.length === 0) return null
  return (
    <ul className={css.marks} aria-label="Dietary">
      {badges.map((badge) => (
        <li key={badge.key} className={css.mark} data-mark={badge.key}>
          {badge.short === badge.label ? (
            badge.label
          ) : (
            <>
              <span aria-hidden="true">{badge.short}</span>
              <span className="visually-hidden">{badge.label}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  )
}

type AllergenNoteProps = { allergens: MenuItem['allergens']; compact?: boolean }

/** "Contains milk and gluten"; on a card, the names alone; unstated allergens send the diner to the restaurant. */
export function AllergenNote({ allergens, compact = false }: AllergenNoteProps) {
  const sentence = allergenSentence(allergens)
  if (compact) {
    if (!allergens || allergens.length === 0) return null
    return (
      <p className={css.compact}>
        <span aria-hidden="true">{allergens.map((allergen) => allergen.replace('-', ' ')).join(' · ')}</span>
        <span className="visually-hidden">{sentence}</span>
      </p>
    )
  }
  return (
    <p className={css.note} data-testid="allergens">
      <strong>Allergens: </strong>
      {sentence === null ? 'not stated. Ask the restaurant before you order if you have an allergy.' : sentence.replace(/^Contains/, 'contains')}
    </p>
  )
}
