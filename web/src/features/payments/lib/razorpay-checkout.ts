import type { CheckoutResult, Order } from '../api/checkout'

const SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js'

interface RazorpayInstance {
  open(): void
  on(event: 'payment.failed', fn: (r: { error: { description?: string } }) => void): void
}
declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance
  }
}

let loading: Promise<void> | null = null

/** Loads checkout.js once, only when a payment starts with the razorpay provider. */
export function loadRazorpay(): Promise<void> {
  if (window.Razorpay) return Promise.resolve()
  loading ??= new Promise<void>((resolve, reject) => {
    const s = document.createElement('script')
    s.src = SCRIPT
    s.async = true
    s.onload = () => resolve()
    s.onerror = () => {
      loading = null
      reject(new Error('checkout.js did not load'))
    }
    document.head.appendChild(s)
  })
  return loading
}

/** Opens Razorpay Checkout in INR with the amount in paise (product.md §8) and settles with its outcome. */
export async function openRazorpay(
  order: Order,
  prefill: { name?: string; email?: string },
): Promise<
  | { outcome: 'success'; result: CheckoutResult }
  | { outcome: 'failure'; description: string }
  | { outcome: 'cancel' }
> {
  await loadRazorpay()
  return new Promise((resolve) => {
    const rzp = new window.Razorpay!({
      key: order.keyId,
      amount: Math.round(order.amount * 100),
      currency: 'INR',
      name: order.name,
      description: order.description,
      order_id: order.orderId,
      prefill,
      handler: (result: CheckoutResult) => resolve({ outcome: 'success', result }),
      modal: { ondismiss: () => resolve({ outcome: 'cancel' }) },
    })
    rzp.on('payment.failed', (r) => resolve({ outcome: 'failure', description: r.error.description ?? '' }))
    rzp.open()
  })
}
