import { api } from '@/lib/api-client'
import type { EscrowSummary } from './types'

export interface Order {
  success: true
  orderId: string
  amount: number
  currency: 'INR'
  keyId: string
  provider: 'sandbox' | 'razorpay'
  units: number
  contractId?: string | null
  name: string
  description: string
}

export interface CheckoutResult {
  razorpay_payment_id: string
  razorpay_order_id: string
  razorpay_signature: string
}

export interface OrderInput {
  jobId: string
  /** The hire whose escrow is funded (ADR 048); without it, the job's only hire. */
  contractId?: string
  paymentType: string
  units?: number
  cycles?: number
  amount?: number
}

/** POST /payments/create-order — the server prices the order from the job; `amount` must match if sent. */
export async function createOrder(input: OrderInput, idempotencyKey: string): Promise<Order> {
  const res = await api.post<Order>('/payments/create-order', input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  })
  return res.data
}

export type SandboxAnswer =
  | ({ success: true; outcome: 'success' } & CheckoutResult)
  | { success: true; outcome: 'failure'; error: { description: string; reason: string } }
  | { success: true; outcome: 'cancel' }

/** POST /payments/sandbox/pay — the sandbox checkout's answer for the chosen test outcome. */
export async function sandboxPay(orderId: string, outcome: 'success' | 'failure' | 'cancel') {
  const res = await api.post<SandboxAnswer>('/payments/sandbox/pay', { orderId, outcome })
  return res.data
}

/** POST /payments/verify — checks the signature and books the payment into escrow (once). */
export async function verifyPayment(
  input: OrderInput & CheckoutResult,
  idempotencyKey: string,
): Promise<{ success: true; message: string; data: EscrowSummary }> {
  const res = await api.post<{ success: true; message: string; data: EscrowSummary }>(
    '/payments/verify',
    input,
    { headers: { 'Idempotency-Key': idempotencyKey } },
  )
  return res.data
}
