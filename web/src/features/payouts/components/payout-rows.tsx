import { Link } from 'react-router'
import { formatRupees } from '@common/money'
import { TableCard } from '@/components/table-card'
import { paths } from '@/config/paths'
import { formatDate } from '@/lib/dates'
import { payoutStateText, payoutStatusWord, payoutTone } from '@/lib/payout-state'
import { cn } from '@/lib/utils'
import type { Payout } from '../api/get-payouts'
import { byContract, rupeesOrDash, totalsOf } from '../lib/payout-figures'

const TONE_CLASSES = {
  waiting: 'text-amber-800',
  moving: 'text-sky-800',
  done: 'text-emerald-800',
  failed: 'text-red-700',
} as const

const COLUMNS = ['Contract', 'Gross', 'Fee', 'GST', 'TDS', 'TCS', 'Net', 'Status', 'UTR'] as const
const numeric = (c: (typeof COLUMNS)[number]) =>
  ['Gross', 'Fee', 'GST', 'TDS', 'TCS', 'Net'].includes(c) ? 'px-3 py-2.5 text-right' : 'px-3 py-2.5'

type Group = { contractId: string; payouts: Payout[] }

function Title({ group }: { group: Group }) {
  const first = group.payouts[0]
  const title = first.jobTitle ?? 'Contract'
  return first.jobId ? (
    <Link to={paths.jobDescription.href(first.jobId)} className="font-medium break-words hover:text-primary">
      {title}
    </Link>
  ) : (
    <span className="font-medium break-words">{title}</span>
  )
}

/** Each release of a contract on a line of its own: its net, state and date (one release: just the state). */
function States({ group, withUtr }: { group: Group; withUtr: boolean }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {group.payouts.map((p) => (
        <li key={p._id} className={cn('text-xs font-medium', TONE_CLASSES[payoutTone(p.status)])}>
          {group.payouts.length > 1 ? `${formatRupees(p.amount)}: ` : ''}
          {withUtr ? payoutStateText(p) : payoutStatusWord(p.status)}
        </li>
      ))}
    </ul>
  )
}

/** Desktop: one row per contract with its split summed; phones get a card per contract instead. */
export function PayoutRows({ payouts, year }: { payouts: Payout[]; year: string }) {
  const groups = byContract(payouts)
  return (
    <>
      <div className="hidden md:block">
        <TableCard
          label={`Earnings per contract, ${year}`}
          columns={COLUMNS}
          minWidthClass="min-w-[56rem]"
          headerClass={numeric}
        >
          {groups.map((g) => {
            const t = totalsOf(g.payouts)
            const utrs = g.payouts.map((p) => p.utr).filter(Boolean)
            return (
              <tr key={g.contractId} data-testid="earning-row">
                <td className="px-3 py-2.5">
                  <Title group={g} />
                  <span className="block text-xs text-muted-foreground">
                    {g.payouts.length > 1 ? `${g.payouts.length} releases · ` : ''}
                    {formatDate(g.payouts[0].createdAt)}
                  </span>
                </td>
                <td className="px-3 py-2.5 text-right tabular-nums">{formatRupees(t.gross)}</td>
                <td className="px-3 py-2.5 text-right tabular-nums">{rupeesOrDash(t.fee)}</td>
                <td className="px-3 py-2.5 text-right tabular-nums">{rupeesOrDash(t.gst)}</td>
                <td className="px-3 py-2.5 text-right tabular-nums">{rupeesOrDash(t.tds)}</td>
                <td className="px-3 py-2.5 text-right tabular-nums">{rupeesOrDash(t.tcs)}</td>
                <td className="px-3 py-2.5 text-right font-semibold tabular-nums">{formatRupees(t.net)}</td>
                <td className="px-3 py-2.5">
                  <States group={g} withUtr={false} />
                </td>
                <td className="px-3 py-2.5 font-mono text-xs break-all">
                  {utrs.length ? utrs.join(', ') : '—'}
                </td>
              </tr>
            )
          })}
        </TableCard>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={`Earnings per contract, ${year}`}>
        {groups.map((g) => {
          const t = totalsOf(g.payouts)
          const figures: [string, number][] = [
            ['Gross', t.gross],
            ['Fee', t.fee],
            ['GST', t.gst],
            ['TDS', t.tds],
            ['TCS', t.tcs],
          ]
          return (
            <li
              key={g.contractId}
              data-testid="earning-row"
              className="rounded-xl border bg-white p-4 text-sm"
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <Title group={g} />
                  <span className="block text-xs text-muted-foreground">
                    {formatDate(g.payouts[0].createdAt)}
                  </span>
                </div>
                <span className="shrink-0 text-right">
                  <span className="block text-xs text-muted-foreground">Net</span>
                  <span className="font-semibold tabular-nums">{formatRupees(t.net)}</span>
                </span>
              </div>
              <dl className="mt-3 grid grid-cols-3 gap-x-3 gap-y-2 text-xs">
                {figures.map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd className="tabular-nums">
                      {label === 'Gross' ? formatRupees(value) : rupeesOrDash(value)}
                    </dd>
                  </div>
                ))}
              </dl>
              <div className="mt-3 border-t pt-2">
                <States group={g} withUtr />
              </div>
            </li>
          )
        })}
      </ul>
    </>
  )
}
