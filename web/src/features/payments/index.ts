export { JobPaymentActions } from './components/lazy-job-payment-actions'
export { EarningsView } from './components/earnings-view'
export type { PaymentJob, PaymentViewer } from './api/types'
export { HiresPanel } from './components/lazy-hires-panel'
