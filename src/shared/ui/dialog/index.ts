export { DialogError, DialogTextButton, ModalDialog } from './ModalDialog'
