/** The saved-address choices that are not a saved address: a new one, or the one typed for this order. */
export const NEW = 'new'
export const TYPED = 'typed'
