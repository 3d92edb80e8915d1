export { $customisation, clearCustomisation, startCustomising } from './model/customise-item'
export type { Customisation } from './model/customise-item'
export { CustomisationBar } from './ui/CustomisationBar'
export { CustomiseItemForm } from './ui/CustomiseItemForm'
