export { TrackerPage, TrackerSummaryPage } from './ui/pages'
