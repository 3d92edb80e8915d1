import { TrackingScreen } from './TrackingScreen'

type Props = { params: Record<string, string> }

export const TrackerPage = ({ params }: Props) => <TrackingScreen params={params} view="tracker" />
export const TrackerSummaryPage = ({ params }: Props) => <TrackingScreen params={params} view="summary" />
