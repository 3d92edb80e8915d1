import { OrderScreen } from './OrderScreen'

type Props = { params: Record<string, string> }

export const ReceiptPage = ({ params }: Props) => <OrderScreen params={params} view="receipt" />
export const ReceiptSummaryPage = ({ params }: Props) => <OrderScreen params={params} view="summary" />
export const TableOrderPage = ({ params }: Props) => <OrderScreen params={params} view="table" />
export const OrderPage = ({ params }: Props) => <OrderScreen params={params} view="order" />
