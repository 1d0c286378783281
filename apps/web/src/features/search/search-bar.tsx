import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths.ts';

/**
 * The search bar of the navigation. States: text (the user types), forceload (submitting the
 * current search again reloads it), closed (collapsed to an icon on small screens); the shell
 * shows the loading state as a progress bar.
 */
export function SearchBar({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const onSearchPage = location.pathname === paths.search;
  const currentQuery = onSearchPage ? (params.get('q') ?? '') : '';
  const [text, setText] = useState(currentQuery);
  const [open, setOpen] = useState(false);

  // A new search (from elsewhere, or the back button) puts its words into the bar.
  const [shownQuery, setShownQuery] = useState(currentQuery);
  if (shownQuery !== currentQuery) {
    setShownQuery(currentQuery);
    setText(currentQuery);
  }

  const submit = () => {
    const query = text.trim();
    const next = new URLSearchParams({ q: query });
    if (onSearchPage && query === currentQuery) {
      next.set('refresh', String(Date.now()));
    }
    void navigate(`${paths.search}?${next.toString()}`);
    setOpen(false);
  };

  if (compact && !open) {
    return (
      <IconButton
        color="inherit"
        aria-label={t('searchBar.open')}
        onClick={() => {
          setOpen(true);
        }}
      >
        <SearchIcon />
      </IconButton>
    );
  }
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{
        display: 'flex',
        alignItems: 'center',
        bgcolor: 'rgba(255,255,255,0.15)',
        borderRadius: 1,
        px: 1,
        flexGrow: 1,
        maxWidth: 560,
        // Open on a small screen, the bar covers the navigation bar.
        ...(compact
          ? { position: 'absolute', inset: 8, maxWidth: 'none', bgcolor: 'primary.dark', zIndex: 1 }
          : {}),
      }}
    >
      <InputBase
        value={text}
        onChange={(event) => {
          setText(event.target.value);
        }}
        placeholder={t('searchBar.placeholder')}
        inputProps={{ 'aria-label': t('searchBar.label'), maxLength: 200, enterKeyHint: 'search' }}
        type="search"
        autoFocus={compact}
        sx={{
          color: 'inherit',
          flexGrow: 1,
          '& input::placeholder': { color: 'inherit', opacity: 0.85 },
        }}
      />
      {compact && (
        <IconButton
          color="inherit"
          aria-label={t('searchBar.close')}
          onClick={() => {
            setOpen(false);
          }}
        >
          <CloseIcon />
        </IconButton>
      )}
      <IconButton type="submit" color="inherit" aria-label={t('searchBar.submit')}>
        <SearchIcon />
      </IconButton>
    </Box>
  );
}
