import { useState } from 'react'
import { toast } from 'sonner'
import { t, type MessageKey } from '@/i18n'
import { useAuth } from '@/lib/auth'
import { toastError } from '@/lib/toast-error'
import {
  createOrder,
  sandboxPay,
  verifyPayment,
  type CheckoutResult,
  type Order,
  type OrderInput,
} from '../api/checkout'
import { useRefreshPayments } from '../api/escrow-actions'
import { newIdempotencyKey, type PaymentJob } from '../api/types'
import { openRazorpay } from '../lib/razorpay-checkout'

// product.md §15 alert texts.
export const ORDER_FAILED: MessageKey = 'money.checkout.orderFailed'
export const VERIFY_FAILED: MessageKey = 'money.checkout.verifyFailed'
export const START_FAILED: MessageKey = 'money.checkout.startFailed'

type Stage = 'idle' | 'ordering' | 'checkout' | 'paying' | 'verifying'

/**
 * The checkout flow (product.md §8): create-order (server-priced) → the provider's checkout (the sandbox dialog, or
 * Razorpay's checkout.js in INR × 100) → verify, which books the money into escrow. Failure and cancel book nothing.
 */
export function useCheckout(job: PaymentJob, contractId?: string) {
  const { user } = useAuth()
  const refresh = useRefreshPayments()
  const [stage, setStage] = useState<Stage>('idle')
  const [order, setOrder] = useState<Order | null>(null)
  const [input, setInput] = useState<OrderInput | null>(null)

  const finish = () => {
    setStage('idle')
    setOrder(null)
  }

  async function verify(o: Order, orderInput: OrderInput, result: CheckoutResult) {
    setStage('verifying')
    try {
      const answer = await verifyPayment({ ...orderInput, amount: o.amount, ...result }, newIdempotencyKey())
      toast.success(answer.message)
    } catch (e) {
      toastError(e, t(VERIFY_FAILED))
    } finally {
      await refresh()
      finish()
    }
  }

  async function start(units: number) {
    if (stage !== 'idle') return
    const orderInput: OrderInput = {
      jobId: job._id,
      ...(contractId ? { contractId } : {}),
      paymentType: job.paymentType,
      ...(job.paymentType === 'recurring'
        ? { cycles: units }
        : job.paymentType === 'per-unit'
          ? { units }
          : {}),
    }
    setInput(orderInput)
    setStage('ordering')
    let o: Order
    try {
      o = await createOrder(orderInput, newIdempotencyKey())
    } catch (e) {
      toastError(e, t(ORDER_FAILED))
      finish()
      return
    }
    try {
      if (o.provider === 'sandbox') {
        setOrder(o)
        setStage('checkout')
        return
      }
      setStage('checkout')
      const r = await openRazorpay(o, { name: user?.fullname, email: user?.email })
      if (r.outcome === 'success') return await verify(o, orderInput, r.result)
      if (r.outcome === 'failure')
        toast.error(t('money.checkout.failed', { description: r.description }).trim())
      else toast(t('money.checkout.cancelled'))
      finish()
    } catch {
      toast.error(t(START_FAILED))
      finish()
    }
  }

  /** The sandbox dialog's choice: pay (success or failure as chosen) or cancel. */
  async function sandboxOutcome(outcome: 'success' | 'failure' | 'cancel') {
    if (!order || !input) return
    setStage('paying')
    try {
      const answer = await sandboxPay(order.orderId, outcome)
      if (answer.outcome === 'success') return await verify(order, input, answer)
      if (answer.outcome === 'failure')
        toast.error(t('money.checkout.failed', { description: answer.error.description }))
      else toast(t('money.checkout.cancelled'))
      await refresh()
    } catch (e) {
      toastError(e, t(START_FAILED))
    }
    finish()
  }

  return { stage, order, start, sandboxOutcome, busy: stage !== 'idle' }
}
