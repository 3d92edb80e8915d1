export { FeedbackPage } from './ui/FeedbackPage'
