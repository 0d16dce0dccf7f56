import { rupees } from '@/lib/rupees'
import { payoutTone } from '@/lib/payout-state'
import { taxTotal, type TaxFigure } from '@/lib/tax-figure'

const paise = (rupees: number | null | undefined) => Math.round((rupees ?? 0) * 100)

interface Figures {
  gross: number
  fee: number
  gst: TaxFigure
  tds: number
  tcs: TaxFigure
  amount: number
  status: string
}

export interface Totals {
  gross: number
  fee: number
  gst: number
  tds: number
  tcs: number
  net: number
  /** Fee, GST, TDS and TCS together: what was kept back from the gross. */
  withheld: number
  pendingPayout: number
  onItsWay: number
  paidOut: number
}

/** Adds payouts up in paise (no float drift), by figure and by where the net is. */
export function totalsOf(list: readonly Figures[]): Totals {
  const t = { gross: 0, fee: 0, gst: 0, tds: 0, tcs: 0, net: 0, pendingPayout: 0, onItsWay: 0, paidOut: 0 }
  for (const p of list) {
    t.gross += paise(p.gross)
    t.fee += paise(p.fee)
    t.gst += paise(taxTotal(p.gst))
    t.tds += paise(p.tds)
    t.tcs += paise(taxTotal(p.tcs))
    t.net += paise(p.amount)
    const tone = payoutTone(p.status)
    if (tone === 'waiting') t.pendingPayout += paise(p.amount)
    else if (tone === 'done') t.paidOut += paise(p.amount)
    else t.onItsWay += paise(p.amount)
  }
  const r = (n: number) => n / 100
  return {
    gross: r(t.gross),
    fee: r(t.fee),
    gst: r(t.gst),
    tds: r(t.tds),
    tcs: r(t.tcs),
    net: r(t.net),
    withheld: r(t.fee + t.gst + t.tds + t.tcs),
    pendingPayout: r(t.pendingPayout),
    onItsWay: r(t.onItsWay),
    paidOut: r(t.paidOut),
  }
}

/** Groups payouts by contract, keeping the order of each contract's newest payout. */
export function byContract<P extends { contractId: string }>(
  list: readonly P[],
): { contractId: string; payouts: P[] }[] {
  const groups = new Map<string, P[]>()
  for (const p of list) {
    const g = groups.get(p.contractId)
    if (g) g.push(p)
    else groups.set(p.contractId, [p])
  }
  return [...groups].map(([contractId, payouts]) => ({ contractId, payouts }))
}

/** "₹1,00,000.00" for a figure, or "—" when it is zero (a column of dashes reads faster than of zeros). */
export const rupeesOrDash = (n: number) => (n ? rupees(n) : '—')
