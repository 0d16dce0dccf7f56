import { PageHeader } from '@/components/page-header'

/** /admin/reports — operators only (RequireAuth in the router). Its queue is not built yet. */
export function Component() {
  return (
    <div className="mx-auto w-full max-w-4xl">
      <title>Reports · Microlance</title>
      <PageHeader title="Reports" />
    </div>
  )
}
