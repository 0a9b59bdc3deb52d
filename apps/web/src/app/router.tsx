import { Navigate, createBrowserRouter, type RouteObject } from 'react-router'
import { PageSpinner } from '../ui/spinner'
import { SignInPage } from '../features/auth/components/sign-in-page'
import { SignUpPage } from '../features/auth/components/sign-up-page'
import { MfaPage } from '../features/auth/components/mfa-page'
import { JoinPage } from '../features/auth/components/join-page'
import { LegalPage } from '../features/auth/components/legal-page'
import { ErrorPage } from './error-page'
import { NotFoundPage } from '../ui/not-found-page'
import { SupportPage } from './support-page'
import { HomeRedirect, HostedOnly, RequireSession } from './guards'
import { MainLayout } from './layouts/main-layout'
import { RouteFrame } from './route-orientation'
import { PROJECT_AREAS } from './project-areas'

// Everything behind sign-in is a lazy chunk, so the first page (usually /sign-in) stays small.
const accountRoutes = () => import('./routes/account-routes')
const organizationRoutes = () => import('./routes/organization-routes')
const projectsRoutes = () => import('./routes/projects-routes')
const projectRoutes = () => import('./routes/project-routes')

/** Organisation pages that exist in the menu but are not built yet (spec 2 §2). */
const ORGANIZATION_PLACEHOLDERS = [
  ['integrations', 'Integrations'],
  ['billing', 'Billing'],
  ['usage', 'Usage'],
  ['apps', 'OAuth Apps'],
  ['documents', 'Legal Documents'],
] as const

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RouteFrame />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: 'sign-in', element: <SignInPage /> },
      { path: 'sign-up', element: <SignUpPage /> },
      { path: 'sign-in-mfa', element: <MfaPage /> },
      { path: 'join', element: <JoinPage /> },
      { path: 'terms', element: <LegalPage page="terms" /> },
      { path: 'privacy', element: <LegalPage page="privacy" /> },
      { path: 'support/new', element: <SupportPage /> },
      {
        element: <RequireSession />,
        children: [
          { index: true, element: <HomeRedirect /> },
          {
            element: <HostedOnly />,
            children: [
              {
                element: <MainLayout />,
                children: [
                  { path: 'projects', lazy: () => projectsRoutes().then((m) => ({ Component: m.ProjectsRoute })) },
                  { path: 'new', lazy: () => projectsRoutes().then((m) => ({ Component: m.NewOrganizationRoute })) },
                  { path: 'new/:slug', lazy: () => projectsRoutes().then((m) => ({ Component: m.NewProjectRoute })) },
                ],
              },
              {
                path: 'account',
                lazy: () => accountRoutes().then((m) => ({ Component: m.AccountLayout })),
                children: [
                  { index: true, element: <Navigate to="me" replace /> },
                  { path: 'me', lazy: () => accountRoutes().then((m) => ({ Component: m.PreferencesRoute })) },
                  { path: 'tokens', lazy: () => accountRoutes().then((m) => ({ Component: m.AccessTokensRoute })) },
                  { path: 'security', lazy: () => accountRoutes().then((m) => ({ Component: m.SecurityRoute })) },
                  { path: 'audit', lazy: () => accountRoutes().then((m) => ({ Component: m.AccountAuditRoute })) },
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
              {
                path: 'org/:slug',
                lazy: () => organizationRoutes().then((m) => ({ Component: m.OrganizationLayout })),
                children: [
                  { index: true, element: <Navigate to="general" replace /> },
                  {
                    path: 'general',
                    lazy: () => organizationRoutes().then((m) => ({ Component: m.OrganizationGeneralRoute })),
                  },
                  { path: 'team', lazy: () => organizationRoutes().then((m) => ({ Component: m.TeamRoute })) },
                  {
                    path: 'audit',
                    lazy: () => organizationRoutes().then((m) => ({ Component: m.OrganizationAuditRoute })),
                  },
                  { path: 'invoices', lazy: () => organizationRoutes().then((m) => ({ Component: m.InvoicesRoute })) },
                  ...ORGANIZATION_PLACEHOLDERS.map(([path, title]) => ({
                    path,
                    lazy: () =>
                      organizationRoutes().then((m) => ({
                        element: <m.OrganizationNotAvailableRoute title={title} />,
                      })),
                  })),
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
            ],
          },
          {
            path: 'project/:ref',
            lazy: () => projectRoutes().then((m) => ({ Component: m.ProjectRoute })),
            children: [
              { index: true, lazy: () => projectRoutes().then((m) => ({ Component: m.ProjectHomeRoute })) },
              { path: 'building', lazy: () => projectRoutes().then((m) => ({ Component: m.BuildingRoute })) },
              // Each area's built pages, from the areas table, behind the area's permission and menu.
              ...PROJECT_AREAS.flatMap((area) =>
                area.routes
                  ? [{ lazy: () => projectRoutes().then((m) => ({ Component: m.AreaGate })), children: area.routes }]
                  : [],
              ),
              { path: '*', lazy: () => projectRoutes().then((m) => ({ Component: m.ProjectCatchAllRoute })) },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routes)
