import type { ReportItem } from '@common/schemas/report'
import type { ReportRow } from '../../db/schema'

/** A report as operators read it; the target's label and path are looked up anew (it may have changed or gone). */
export function presentReport(r: {
  report: ReportRow
  reporter: { id: string; fullname: string }
  owner: { id: string; fullname: string; handle?: string } | null
  target?: { label: string; path: string | null } | null
}): ReportItem {
  const { report } = r
  return {
    _id: report.id,
    targetType: report.targetType,
    targetId: report.targetId,
    targetLabel: r.target?.label ?? null,
    targetPath: r.target?.path ?? null,
    targetOwner: r.owner?.id ? { _id: r.owner.id, fullname: r.owner.fullname } : null,
    reporter: { _id: r.reporter.id, fullname: r.reporter.fullname },
    reason: report.reason,
    details: report.details,
    status: report.status,
    resolutionNote: report.resolutionNote,
    resolvedAt: report.resolvedAt ? report.resolvedAt.toISOString() : null,
    createdAt: report.createdAt.toISOString(),
  }
}
