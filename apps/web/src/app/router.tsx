import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { MarketplacePage } from '../features/marketplace/marketplace-page.tsx';
import { InfoPage, PreparationPage } from '../features/pages/info-pages.tsx';
import { NotFoundPage } from '../features/pages/not-found-page.tsx';
import type de from '../i18n/de.json';
import { STATIC_PAGES } from '../lib/paths.ts';
import { Guard, mediaCentreOnly, producerOnly, StudentRedirect } from './guards.tsx';
import { Shell } from './shell.tsx';

const SearchPage = lazy(async () => ({
  default: (await import('../features/search/search-page.tsx')).SearchPage,
}));
const MediumPage = lazy(async () => ({
  default: (await import('../features/media/medium-page.tsx')).MediumPage,
}));
const CategoriesPage = lazy(async () => ({
  default: (await import('../features/categories/categories-page.tsx')).CategoriesPage,
}));

type RouteName = `routes.${keyof typeof de.routes}`;

function Preparation({ name }: { name: RouteName }) {
  const { t } = useTranslation();
  return <PreparationPage name={t(name)} />;
}

const loginNeeded = (name: RouteName): RouteObject['element'] => (
  <Guard>
    <Preparation name={name} />
  </Guard>
);

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      {
        path: '/',
        element: (
          <StudentRedirect>
            <MarketplacePage />
          </StudentRedirect>
        ),
      },
      { path: '/marketplace/:id', element: <MediumPage /> },
      { path: '/media/:id', element: <MediumPage /> },
      { path: '/media/:id/:listId', element: <MediumPage /> },
      { path: '/search', element: <SearchPage /> },
      { path: '/categories/*', element: <CategoriesPage /> },
      { path: '/wishlist', element: loginNeeded('routes.wishlist') },
      { path: '/trending', element: loginNeeded('routes.trending') },
      { path: '/classlibrary', element: loginNeeded('routes.classLibrary') },
      { path: '/profile', element: loginNeeded('routes.profile') },
      { path: '/redeem', element: loginNeeded('routes.redeem') },
      { path: '/login', element: <Preparation name="routes.login" /> },
      { path: '/login/password-reset/*', element: <Preparation name="routes.passwordReset" /> },
      { path: '/login/password-request', element: <Preparation name="routes.passwordReset" /> },
      { path: '/register/*', element: <Preparation name="routes.register" /> },
      {
        path: '/content-preview/:id?',
        element: (
          <Guard when={mediaCentreOnly}>
            <Preparation name="routes.contentPreview" />
          </Guard>
        ),
      },
      { path: '/purchase/confirmed', element: <Preparation name="routes.purchaseConfirmed" /> },
      { path: '/purchase/cancelled', element: <Preparation name="routes.purchaseCancelled" /> },
      ...(
        [
          ['/mz/history', 'routes.mzHistory'],
          ['/mz/licences', 'routes.mzLicences'],
        ] as const
      ).map(([path, name]) => ({
        path,
        element: (
          <Guard when={mediaCentreOnly}>
            <Preparation name={name} />
          </Guard>
        ),
      })),
      ...(
        [
          ['/producer/codes', 'routes.producerCodes'],
          ['/producer/mediatheken', 'routes.producerMediatheken'],
          ['/producer/stripe', 'routes.producerStripe'],
          ['/producer/statistics', 'routes.producerStatistics'],
          ['/producer/marketplace', 'routes.producerMarketplace'],
          ['/producer/shares', 'routes.producerShares'],
          ['/producer/media', 'routes.producerMedia'],
        ] as const
      ).map(([path, name]) => ({
        path,
        element: (
          <Guard when={producerOnly}>
            <Preparation name={name} />
          </Guard>
        ),
      })),
      ...STATIC_PAGES.map((page) => ({ path: `/${page}`, element: <InfoPage page={page} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
