import { lazy, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  Navigate,
  type HydrationState,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { categoriesQueryOptions } from '../api/categories.ts';
import { mediaListQueryOptions } from '../api/media-list.ts';
import { mediumQueryOptions } from '../api/medium.ts';
import { priorityCovers } from '../components/media-card.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { isLicenceReader } from '../features/media-centre/desk-access.ts';
import { MarketplacePage, newestListUrl } from '../features/marketplace/marketplace-page.tsx';
import { InfoPage, PreparationPage } from '../features/pages/info-pages.tsx';
import type de from '../i18n/de.json';
import { searchListUrl } from '../features/search/search-url.ts';
import { STATIC_PAGES } from '../lib/paths.ts';
import { preloadImages } from '../lib/preload-images.ts';
import {
  Guard,
  mediaCentreOnly,
  mediaCentreType,
  producerOnly,
  StudentRedirect,
} from './guards.tsx';
import { PageLoading } from './page-loading.tsx';
import { Shell } from './shell.tsx';

const CategoriesPage = lazy(async () => ({
  default: (await import('../features/categories/categories-page.tsx')).CategoriesPage,
}));
const LoginPage = lazy(async () => ({
  default: (await import('../features/account/login-page.tsx')).LoginPage,
}));
const RegisterPage = lazy(async () => ({
  default: (await import('../features/account/register-page.tsx')).RegisterPage,
}));
const RegisterSuccessPage = lazy(async () => ({
  default: (await import('../features/account/register-success-page.tsx')).RegisterSuccessPage,
}));
const ProfilePage = lazy(async () => ({
  default: (await import('../features/account/profile-page.tsx')).ProfilePage,
}));
const passwordPage = (name: keyof typeof import('../features/account/password-pages.tsx')) =>
  lazy(async () => ({ default: (await import('../features/account/password-pages.tsx'))[name] }));
const PasswordRequestPage = passwordPage('PasswordRequestPage');
const PasswordConfirmPage = passwordPage('PasswordConfirmPage');
const PasswordNewPage = passwordPage('PasswordNewPage');
const PasswordSuccessPage = passwordPage('PasswordSuccessPage');
const ContentPreviewPage = lazy(async () => ({
  default: (await import('../features/producer/content-preview-page.tsx')).ContentPreviewPage,
}));
const MzLicencesPage = lazy(async () => ({
  default: (await import('../features/media-centre/mz-licences-page.tsx')).MzLicencesPage,
}));
const MzHistoryPage = lazy(async () => ({
  default: (await import('../features/media-centre/mz-history-page.tsx')).MzHistoryPage,
}));
const SchoolLicencesPage = lazy(async () => ({
  default: (await import('../features/media-centre/school-licences-page.tsx')).SchoolLicencesPage,
}));
const licensingPage = (name: keyof typeof import('../features/producer-licences/index.ts')) =>
  lazy(async () => ({
    default: (await import('../features/producer-licences/index.ts'))[name],
  }));
const SharesPage = licensingPage('SharesPage');
const MediathekenPage = licensingPage('MediathekenPage');
const CodesPage = licensingPage('CodesPage');
const libraryPage = (name: keyof typeof import('../features/library/library-pages.tsx')) =>
  lazy(async () => ({ default: (await import('../features/library/library-pages.tsx'))[name] }));
const RedeemPage = lazy(async () => ({
  default: (await import('../features/redeem/redeem-page.tsx')).RedeemPage,
}));
const WishlistPage = libraryPage('WishlistPage');
const TrendingPage = libraryPage('TrendingPage');
const ClassLibraryPage = libraryPage('ClassLibraryPage');

type RouteName = `routes.${keyof typeof de.routes}`;

function Preparation({ name }: { name: RouteName }) {
  const { t } = useTranslation();
  return <PreparationPage name={t(name)} />;
}

const guarded = (page: ReactNode) => <Guard>{page}</Guard>;
const producerPage = (page: ReactNode) => <Guard when={producerOnly}>{page}</Guard>;

/**
 * A loader that asks for a page's first answers into the query cache the page reads, without
 * waiting for them: the page renders its placeholders meanwhile, and the requests no longer wait
 * for the page's code and first render. A failed answer stays in the cache, for the page to
 * show with its retry. (The server's render waits until the cache has them.)
 */
const firstAnswers =
  (ask: (args: LoaderFunctionArgs) => Promise<unknown>): LoaderFunction =>
  (args) => {
    ask(args).catch(() => undefined);
    return null;
  };

/** A storefront page whose code loads with the route, while its loader asks for its answers. */
function storefrontRoute(
  path: string,
  loadPage: () => Promise<ComponentType>,
  ask: (args: LoaderFunctionArgs) => Promise<unknown>,
): RouteObject {
  return {
    path,
    lazy: async () => ({ Component: await loadPage() }),
    loader: firstAnswers(ask),
    HydrateFallback: PageLoading,
  };
}

export const routes = (queryClient: QueryClient): RouteObject[] => {
  const searchPage = async () => (await import('../features/search/search-page.tsx')).SearchPage;
  const mediumPage = async () => (await import('../features/media/medium-page.tsx')).MediumPage;
  // With the answer, the first covers start loading while the page renders.
  const medium = async ({ params }: LoaderFunctionArgs) => {
    const item = await queryClient.query(mediumQueryOptions(params.id ?? ''));
    if (item) {
      preloadImages([item.cover]);
    }
  };
  const search = async ({ request }: LoaderFunctionArgs) => {
    const list = await queryClient.infiniteQuery(
      mediaListQueryOptions(searchListUrl(new URL(request.url).searchParams)),
    );
    preloadImages(priorityCovers(list.pages[0]?.items ?? []));
  };
  const marketplace = async ({ request }: LoaderFunctionArgs) => {
    const [newest] = await Promise.all([
      queryClient.infiniteQuery(
        mediaListQueryOptions(newestListUrl(new URL(request.url).searchParams)),
      ),
      queryClient.query(categoriesQueryOptions(undefined)),
    ]);
    preloadImages(priorityCovers(newest.pages[0]?.items ?? []));
  };
  return [
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
          loader: firstAnswers(marketplace),
        },
        storefrontRoute('/marketplace/:id', mediumPage, medium),
        storefrontRoute('/media/:id', mediumPage, medium),
        storefrontRoute('/media/:id/:listId', mediumPage, medium),
        storefrontRoute('/search', searchPage, search),
        { path: '/categories/*', element: <CategoriesPage /> },
        { path: '/wishlist', element: guarded(<WishlistPage />) },
        { path: '/trending', element: guarded(<TrendingPage />) },
        { path: '/classlibrary', element: guarded(<ClassLibraryPage />) },
        { path: '/profile', element: guarded(<ProfilePage />) },
        { path: '/redeem', element: guarded(<RedeemPage />) },
        { path: '/login', element: <LoginPage /> },
        { path: '/login/password-request', element: <PasswordRequestPage /> },
        {
          path: '/login/password-reset',
          element: <Navigate to="/login/password-request" replace />,
        },
        { path: '/login/password-reset/confirm', element: <PasswordConfirmPage /> },
        { path: '/login/password-reset/new', element: <PasswordNewPage /> },
        { path: '/login/password-reset/success', element: <PasswordSuccessPage /> },
        { path: '/register', element: <RegisterPage /> },
        { path: '/register/success', element: <RegisterSuccessPage /> },
        {
          path: '/content-preview/:id?',
          element: (
            <Guard when={mediaCentreType}>
              <ContentPreviewPage />
            </Guard>
          ),
        },
        { path: '/purchase/confirmed', element: <Preparation name="routes.purchaseConfirmed" /> },
        { path: '/purchase/cancelled', element: <Preparation name="routes.purchaseCancelled" /> },
        {
          path: '/mz/history',
          element: (
            <Guard when={mediaCentreOnly}>
              <MzHistoryPage />
            </Guard>
          ),
        },
        {
          path: '/mz/licences',
          element: (
            <Guard when={mediaCentreOnly}>
              <MzLicencesPage />
            </Guard>
          ),
        },
        {
          path: '/school/licences',
          element: (
            <Guard when={isLicenceReader}>
              <SchoolLicencesPage />
            </Guard>
          ),
        },
        ...(
          [
            ['/producer/stripe', 'routes.producerStripe'],
            ['/producer/statistics', 'routes.producerStatistics'],
            ['/producer/marketplace', 'routes.producerMarketplace'],
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
        { path: '/producer/shares', element: producerPage(<SharesPage />) },
        { path: '/producer/mediatheken', element: producerPage(<MediathekenPage />) },
        { path: '/producer/codes', element: producerPage(<CodesPage />) },
        ...STATIC_PAGES.map((page) => ({ path: `/${page}`, element: <InfoPage page={page} /> })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
};

/** The app's router; `hydrationData` where it takes over a page the server rendered. */
export const createRouter = (
  queryClient: QueryClient,
  appRoutes: RouteObject[] = routes(queryClient),
  hydrationData?: HydrationState,
) => createBrowserRouter(appRoutes, hydrationData ? { hydrationData } : {});
