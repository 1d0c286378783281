import type { Suggestion } from '@medienkatalog/domain';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSuggestions } from '../../api/suggest.ts';
import { paths } from '../../lib/paths.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

/** Where a chosen completion leads: producers and keywords to their filter, the rest searched. */
function suggestionSearch(suggestion: Suggestion): URLSearchParams {
  switch (suggestion.kind) {
    case 'producer':
      return new URLSearchParams({ producer: suggestion.text });
    case 'keyword':
      return new URLSearchParams({ schlag: suggestion.text });
    case 'title':
    case 'subject':
      return new URLSearchParams({ q: suggestion.text });
  }
}

/** A white cross (the clear button of the search field). */
const CLEAR_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E" +
  "%3Cpath d='M3 3l10 10M13 3L3 13' stroke='%23fff' stroke-width='2' stroke-linecap='round'/%3E" +
  '%3C/svg%3E';

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
  // The completion list opens while the user types and closes with a search: completions that
  // arrive after Enter must not cover the results.
  const [listOpen, setListOpen] = useState(false);
  // Completions follow the typing after a short pause; typing itself never waits for them.
  const suggestions = useSuggestions(useDebouncedValue(text, 150));
  const highlighted = useRef<Suggestion | null>(null);

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
    setListOpen(false);
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
        // A visible focus: a white ring around the field while one types in it.
        '&:has(input:focus)': {
          outline: '2px solid #fff',
          outlineOffset: 1,
        },
        // Open on a small screen, the bar covers the navigation bar.
        ...(compact
          ? { position: 'absolute', inset: 8, maxWidth: 'none', bgcolor: 'primary.dark', zIndex: 1 }
          : {}),
      }}
    >
      <Autocomplete<Suggestion, false, false, true>
        freeSolo
        open={listOpen}
        onOpen={() => {
          setListOpen(true);
        }}
        onClose={() => {
          setListOpen(false);
        }}
        options={text.trim().length >= 2 ? (suggestions.data ?? []) : []}
        filterOptions={(options) => options}
        getOptionLabel={(option) => (typeof option === 'string' ? option : option.text)}
        isOptionEqualToValue={(option, value) =>
          option.text === value.text && option.kind === value.kind
        }
        inputValue={text}
        onInputChange={(_event, value) => {
          setText(value);
        }}
        value={null}
        onHighlightChange={(_event, option) => {
          highlighted.current = option;
        }}
        onChange={(_event, value) => {
          if (value !== null && typeof value !== 'string') {
            void navigate(`${paths.search}?${suggestionSearch(value).toString()}`);
            setOpen(false);
          }
        }}
        onKeyDown={(event) => {
          // Enter without a highlighted completion submits the words as typed (the form).
          if (event.key === 'Enter' && highlighted.current === null) {
            event.defaultMuiPrevented = true;
          }
        }}
        renderOption={(props, option) => {
          const { key, ...rest } = props;
          return (
            <Box component="li" key={key} {...rest} sx={{ gap: 1 }}>
              <Box component="span" sx={{ flex: 1 }}>
                {option.text}
              </Box>{' '}
              <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
                {t(`searchBar.kind.${option.kind}`)}
              </Box>
            </Box>
          );
        }}
        sx={{ flexGrow: 1 }}
        renderInput={(params) => (
          <InputBase
            ref={params.InputProps.ref}
            inputProps={{
              ...params.inputProps,
              'aria-label': t('searchBar.label'),
              maxLength: 200,
              enterKeyHint: 'search',
            }}
            placeholder={t('searchBar.placeholder')}
            type="search"
            autoFocus={compact}
            fullWidth
            sx={{
              color: 'inherit',
              '& input::placeholder': { color: 'inherit', opacity: 0.85 },
              // The browser's clear button is dark grey, unreadable on the blue bar: a white cross.
              '& input::-webkit-search-cancel-button': {
                WebkitAppearance: 'none',
                appearance: 'none',
                width: 16,
                height: 16,
                ml: 0.5,
                cursor: 'pointer',
                background: `url("${CLEAR_ICON}") center / 16px 16px no-repeat`,
              },
            }}
          />
        )}
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
