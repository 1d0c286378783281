/** Every route path of the app, in one place. */
export const paths = {
  marketplace: '/',
  medium: (identifier: string) => `/marketplace/${encodeURIComponent(identifier)}`,
  search: '/search',
  categories: '/categories',
  category: (codes: readonly string[]) => `/categories/${codes.join('/')}`,
  wishlist: '/wishlist',
  trending: '/trending',
  login: '/login',
  loginWithReturn: (returnTo: string) => `/login/?r=${encodeURIComponent(returnTo)}`,
  passwordRequest: '/login/password-request',
  passwordReset: '/login/password-reset',
  passwordResetConfirm: '/login/password-reset/confirm',
  passwordResetNew: '/login/password-reset/new',
  passwordResetSuccess: '/login/password-reset/success',
  register: '/register',
  registerSuccess: '/register/success',
  redeem: '/redeem',
  profile: '/profile',
  classLibrary: '/classlibrary',
  contentPreview: '/content-preview',
  purchaseConfirmed: '/purchase/confirmed',
  purchaseCancelled: '/purchase/cancelled',
  mzHistory: '/mz/history',
  mzLicences: '/mz/licences',
  producer: {
    codes: '/producer/codes',
    mediatheken: '/producer/mediatheken',
    stripe: '/producer/stripe',
    statistics: '/producer/statistics',
    marketplace: '/producer/marketplace',
    shares: '/producer/shares',
    media: '/producer/media',
  },
  page: (name: StaticPage) => `/${name}`,
} as const;

export const STATIC_PAGES = [
  'impressum',
  'datenschutz',
  'nutzungsbedingungen',
  'kontakt',
  'ueber-uns',
] as const;
export type StaticPage = (typeof STATIC_PAGES)[number];

/** A search for a producer, as the producer chip starts it. */
export const producerSearch = (producer: string) =>
  `/search/?producer=${encodeURIComponent(producer)}`;
export const keywordSearch = (keyword: string) =>
  `${paths.search}?schlag=${encodeURIComponent(keyword)}`;
