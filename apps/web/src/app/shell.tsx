import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useIsFetching } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import {
  Link as RouterLink,
  Outlet,
  ScrollRestoration,
  useNavigate,
  useNavigation,
} from 'react-router';
import { MEDIA_LIST_KEY } from '../api/media-list.ts';
import { useLogout, useUserInfo } from '../api/user.ts';
import { LoginPromptProvider } from '../components/login-prompt.tsx';
import { AppShown } from '../lib/app-shown.ts';
import { SearchBar } from '../features/search/search-bar.tsx';
import { paths, STATIC_PAGES } from '../lib/paths.ts';
import { PageLoading } from './page-loading.tsx';

/** Views that keep their scroll position when the user comes back (spec: kept alive). */
const KEPT_VIEWS = new Set<string>([
  paths.marketplace,
  paths.search,
  paths.wishlist,
  paths.trending,
]);

const STATIC_KEYS = {
  impressum: 'footer.impressum',
  datenschutz: 'footer.datenschutz',
  nutzungsbedingungen: 'footer.nutzungsbedingungen',
  kontakt: 'footer.kontakt',
  'ueber-uns': 'footer.ueberUns',
} as const;

// The menu's entries and popup load when it is first opened.
const UserMenuList = lazy(async () => ({
  default: (await import('./user-menu-list.tsx')).UserMenuList,
}));

/**
 * The user menu. It opens in `container`, an element inside the header: a menu at the end of the
 * body would stand outside every landmark (axe `region`); `disablePortal` would not do, as the
 * menu's modal then hides the app around it, itself included, from screen readers.
 */
function UserMenu({ container }: { container: () => HTMLElement | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so that closing keeps its transition.
  const [opened, setOpened] = useState(false);
  if (!user) {
    return (
      <Button color="inherit" component={RouterLink} to={paths.login}>
        {t('app.login')}
      </Button>
    );
  }
  const name = `${user.vorname} ${user.name}`.trim();
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('app.userMenu', { name })}
        aria-haspopup="menu"
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
      >
        <AccountCircleIcon />
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <UserMenuList
            user={user}
            anchor={anchor}
            container={container}
            onClose={() => {
              setAnchor(null);
            }}
            onLogout={() => {
              logout.mutate(undefined, {
                onSuccess: () => {
                  void navigate(paths.marketplace);
                },
              });
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** The main views; wishlist and trending only for signed-in users. */
function NavLinks({ size }: { size: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const links = [
    { to: paths.marketplace, text: t('app.marketplace') },
    { to: paths.categories, text: t('app.categories') },
    ...(user
      ? [
          { to: paths.wishlist, text: t('app.wishlist') },
          { to: paths.trending, text: t('app.trending') },
        ]
      : []),
  ];
  return links.map((link) => (
    <Button key={link.to} color="inherit" size={size} component={RouterLink} to={link.to}>
      {link.text}
    </Button>
  ));
}

/**
 * The header's progress bar: card lists loading, or a page whose first answer its route waits for
 * (the previous page stays). A component of its own, so that only it renders again when loading
 * starts or ends, not the whole shell.
 */
function LoadingBar() {
  const { t } = useTranslation();
  const listsLoading = useIsFetching({ queryKey: [MEDIA_LIST_KEY] }) > 0;
  const navigation = useNavigation();
  return (
    (listsLoading || navigation.state === 'loading') && (
      <LinearProgress color="secondary" aria-label={t('app.loading')} />
    )
  );
}

/** Navigation bar with the search bar, the routed content and the footer. */
export function Shell() {
  // Where the header's popups open: inside the banner landmark.
  // A ref, not state: setting state when the element mounts would render the shell again at
  // once, and with it (synchronously) a page the app is taking over from the server.
  const popupRoot = useRef<HTMLDivElement>(null);
  const popupContainer = useCallback(() => popupRoot.current, []);
  const { t } = useTranslation();
  return (
    <LoginPromptProvider>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
        <Link
          href="#inhalt"
          sx={{
            position: 'absolute',
            left: -10_000,
            '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 },
          }}
        >
          {t('app.skipToContent')}
        </Link>
        <AppBar position="sticky" elevation={0}>
          {/* The links' navigation landmark is in this row from `md` on, in a row of its own
              below it on a phone: both are rendered and CSS shows one (display: none leaves the
              other out of the accessibility tree), so that the first render, on the server too,
              is right at every width. */}
          <Toolbar sx={{ gap: 1 }}>
            <Typography
              component={RouterLink}
              to={paths.marketplace}
              variant="h6"
              sx={{
                color: 'inherit',
                textDecoration: 'none',
                fontWeight: 700,
                mr: 1,
                whiteSpace: 'nowrap',
              }}
            >
              {t('app.title')}
            </Typography>
            <Box
              component="nav"
              aria-label={t('app.navigation')}
              sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1 }}
            >
              <NavLinks size="medium" />
            </Box>
            <Box sx={{ flexGrow: 1, display: 'flex', justifyContent: 'flex-end' }}>
              <SearchBar />
            </Box>
            <UserMenu container={popupContainer} />
          </Toolbar>
          <Toolbar
            variant="dense"
            component="nav"
            aria-label={t('app.navigation')}
            sx={{ display: { md: 'none' }, gap: 0.5, overflowX: 'auto' }}
          >
            <NavLinks size="small" />
          </Toolbar>
          <div ref={popupRoot} />
          <Box sx={{ height: 4 }}>
            <LoadingBar />
          </Box>
        </AppBar>
        <Container
          component="main"
          id="inhalt"
          tabIndex={-1}
          maxWidth="xl"
          // At least a screen high: the footer starts below the fold instead of jumping down.
          sx={{ flexGrow: 1, py: 3, outline: 'none', minHeight: '100vh' }}
        >
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <AppShown />
          </Suspense>
        </Container>
        <Box
          component="footer"
          sx={{ bgcolor: 'grey.100', borderTop: 1, borderColor: 'divider', py: 3, mt: 4 }}
        >
          <Container
            maxWidth="xl"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
          >
            <Typography variant="body2" sx={{ flexGrow: 1 }}>
              {t('footer.offer')}
            </Typography>
            <Box
              component="nav"
              aria-label={t('footer.links')}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}
            >
              {STATIC_PAGES.map((page) => (
                <Link key={page} component={RouterLink} to={paths.page(page)} variant="body2">
                  {t(STATIC_KEYS[page])}
                </Link>
              ))}
            </Box>
          </Container>
        </Box>
      </Box>
      <ScrollRestoration
        getKey={(location) =>
          KEPT_VIEWS.has(location.pathname)
            ? `${location.pathname}${location.search}`
            : location.key
        }
      />
    </LoginPromptProvider>
  );
}
