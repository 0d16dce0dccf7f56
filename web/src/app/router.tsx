import { Outlet, createBrowserRouter, type RouteObject } from 'react-router'
import { OPERATOR_ROLE } from '@common/roles'
import { paths } from '@/config/paths'
import { OPERATOR_ONLY, RequireAuth } from '@/lib/authorization'
import { AppLayout } from './layout/app-layout'
import { AppShellFallback } from './layout/app-shell-fallback'
import { withAreas } from '@/i18n'
import { startLanguage } from '@/i18n/keeper'
import { RouteError } from './routes/route-error'

const OPERATOR_ROLES = [OPERATOR_ROLE] as const

/** A page for signed-in people only (RequireAuth sends visitors to sign in and back). */
const signedIn = (path: string, lazy: RouteObject['lazy']): RouteObject => ({
  path,
  element: (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  ),
  children: [{ index: true, lazy }],
})

/** A page for the operator role (`admin`) only. */
const operatorOnly = (path: string, lazy: RouteObject['lazy']): RouteObject => ({
  path,
  element: (
    <RequireAuth roles={OPERATOR_ROLES} denied={OPERATOR_ONLY}>
      <Outlet />
    </RequireAuth>
  ),
  children: [{ index: true, lazy }],
})

const placeholder = (name: keyof typeof import('./routes/simple-placeholders')) => async () => {
  const m = await import('./routes/simple-placeholders')
  return { Component: m[name] }
}

/** Every screen is lazy-loaded so the first download is only the chrome (ADR 006). */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    HydrateFallback: AppShellFallback,
    // The language's catalogue, fetched beside the first page's chunk; once (a switch loads its own).
    loader: startLanguage,
    shouldRevalidate: () => false,
    children: [
      { path: paths.home.pattern, lazy: withAreas(['jobs', 'money'], () => import('./routes/jobs')) },
      { path: paths.jobs.pattern, lazy: withAreas(['jobs', 'money'], () => import('./routes/jobs')) },
      { path: paths.login.pattern, lazy: () => import('./routes/auth/login') },
      { path: paths.signup.pattern, lazy: () => import('./routes/auth/signup') },
      {
        path: paths.profile.pattern,
        lazy: withAreas(['account', 'feed', 'jobs', 'contract'], () => import('./routes/profile')),
      },
      signedIn(
        paths.skills.pattern,
        withAreas(['account'], () => import('./routes/skills')),
      ),
      {
        path: paths.jobDescription.pattern,
        lazy: withAreas(['jobs', 'money', 'contract'], () => import('./routes/description')),
      },
      signedIn(
        paths.earnings.pattern,
        withAreas(['money', 'contract'], () => import('./routes/earnings')),
      ),
      { path: paths.explore.pattern, lazy: withAreas(['jobs', 'account'], () => import('./routes/explore')) },
      {
        path: paths.search.pattern,
        lazy: withAreas(['jobs', 'feed', 'account'], () => import('./routes/search')),
      },
      signedIn(
        paths.posts.pattern,
        withAreas(['feed'], () => import('./routes/my-posts')),
      ),
      { path: paths.feed.pattern, lazy: withAreas(['feed'], () => import('./routes/feed')) },
      signedIn(
        paths.payoutSettings.pattern,
        withAreas(['money', 'account'], () => import('./routes/settings/payouts')),
      ),
      signedIn(
        paths.alertSettings.pattern,
        withAreas(['account', 'jobs'], () => import('./routes/settings/alerts')),
      ),
      {
        path: paths.alertsUnsubscribe.pattern,
        lazy: withAreas(['account'], () => import('./routes/alerts-unsubscribe')),
      },
      { path: paths.chat.pattern, lazy: withAreas(['chat'], () => import('./routes/chat/index')) },
      {
        path: paths.conversation.pattern,
        lazy: withAreas(['chat', 'money'], () => import('./routes/chat/conversation')),
      },
      { path: paths.experiencesCreate.pattern, lazy: placeholder('ExperiencesCreatePlaceholder') },
      signedIn(
        paths.contract.pattern,
        withAreas(['contract', 'money'], () => import('./routes/contract')),
      ),
      operatorOnly(
        paths.adminDisputes.pattern,
        withAreas(['admin', 'contract', 'money'], () => import('./routes/admin-disputes')),
      ),
      operatorOnly(
        paths.adminReports.pattern,
        withAreas(['admin'], () => import('./routes/admin-reports')),
      ),
      // The operator role's money page (ADR 053), beside the poster's /admin area: operators only.
      operatorOnly(
        paths.adminMoney.pattern,
        withAreas(['admin', 'money'], () => import('./routes/admin-money')),
      ),
      {
        // The /admin URLs (product.md §3) are the poster's job-posting area (post, manage, applicants), open to
        // clients and operators alike: "admin" here names the area, not the operator role.
        path: '/admin',
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            // Clients and operators get the page; a freelancer meets their own work and "Start hiring" instead of
            // a trip home (ADR 066). Lazy, so none of it is in the first download.
            lazy: withAreas(
              ['posting', 'jobs', 'money', 'contract', 'account'],
              () => import('./routes/job-posting/freelancer-work'),
            ),
            children: [
              { path: paths.adminJobsManage.pattern, lazy: () => import('./routes/job-posting/manage') },
              { path: paths.adminJobsCreate.pattern, lazy: () => import('./routes/job-posting/create') },
              { path: paths.adminJobTemplates.pattern, lazy: () => import('./routes/job-posting/templates') },
              { path: paths.adminApplicants.pattern, lazy: () => import('./routes/job-posting/applicants') },
              { path: paths.adminJobEdit.pattern, lazy: () => import('./routes/job-posting/edit') },
              { path: '*', lazy: () => import('./routes/not-found') },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routes)
