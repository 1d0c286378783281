import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { lazy, startTransition, Suspense, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSuggestions } from '../../api/suggest.ts';
import { paths } from '../../lib/paths.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import type { Caret } from './search-combobox.tsx';
import { SearchInput } from './search-input.tsx';

// The completions (MUI's Autocomplete and its popup) load when the user first goes into the field.
const SearchCombobox = lazy(async () => ({
  default: (await import('./search-combobox.tsx')).SearchCombobox,
}));

/**
 * The search bar of the navigation. States: text (the user types), forceload (submitting the
 * current search again reloads it), closed (collapsed to an icon below `md`); the shell shows the
 * loading state as a progress bar. Which of the icon and the field shows is up to CSS, so that
 * the first render, on the server too, is right at every width: the icon only ever shows on a
 * small screen, so opening the field from it can focus the field without asking for the width.
 */
export function SearchBar() {
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
  // The combobox is wanted from the first focus on; until it has loaded, the plain field stays
  // (a transition keeps it on screen), and where the user is in it is handed over.
  const [comboboxWanted, setComboboxWanted] = useState(false);
  // Completions follow the typing after a short pause; typing itself never waits for them. They
  // are asked for once the user is in the field, not for the words a search page opened with.
  const suggestions = useSuggestions(useDebouncedValue(text, 150), comboboxWanted);
  const caret = useRef<Caret | null>(null);
  const form = useRef<HTMLFormElement>(null);

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

  const keepCaret = (input: HTMLInputElement | HTMLTextAreaElement) => {
    caret.current = { start: input.selectionStart, end: input.selectionEnd };
  };
  // Looks and is named like the combobox's field, as a combobox whose list is closed.
  const plainField = (
    <Box sx={{ flexGrow: 1 }}>
      <SearchInput
        value={text}
        inputProps={{
          role: 'combobox',
          'aria-autocomplete': 'list',
          'aria-expanded': false,
          autoComplete: 'off',
          autoCapitalize: 'none',
          spellCheck: 'false',
          onSelect: (event) => {
            keepCaret(event.currentTarget);
          },
        }}
        onFocus={(event) => {
          keepCaret(event.currentTarget);
          startTransition(() => {
            setComboboxWanted(true);
          });
        }}
        onBlur={() => {
          caret.current = null;
        }}
        onChange={(event) => {
          setText(event.target.value);
          setListOpen(true);
          keepCaret(event.target);
        }}
      />
    </Box>
  );
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('searchBar.open')}
        onClick={() => {
          // Shown before the focus moves into the field (a hidden field takes no focus).
          flushSync(() => {
            setOpen(true);
          });
          form.current?.querySelector('input')?.focus();
        }}
        sx={{ display: { xs: open ? 'none' : 'inline-flex', md: 'none' } }}
      >
        <SearchIcon />
      </IconButton>
      <Box
        component="form"
        ref={form}
        role="search"
        // Before the app has taken a server-rendered page over, the browser sends the form itself.
        action={paths.search}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        sx={(theme) => ({
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
          // On a small screen only when opened, and then covering the navigation bar.
          [theme.breakpoints.down('md')]: {
            display: open ? 'flex' : 'none',
            position: 'absolute',
            inset: 8,
            maxWidth: 'none',
            bgcolor: 'primary.dark',
            zIndex: 1,
          },
        })}
      >
        {/* Mounted from the start, so that the transition keeps the plain field until then. */}
        <Suspense fallback={plainField}>
          {comboboxWanted ? (
            <SearchCombobox
              text={text}
              onTextChange={setText}
              suggestions={text.trim().length >= 2 ? (suggestions.data ?? []) : []}
              listOpen={listOpen}
              onListOpenChange={setListOpen}
              onChosen={() => {
                setOpen(false);
              }}
              caret={caret}
            />
          ) : (
            plainField
          )}
        </Suspense>
        <IconButton
          color="inherit"
          aria-label={t('searchBar.close')}
          onClick={() => {
            setOpen(false);
            // Hidden, the field's completions must not stay open over the page.
            setListOpen(false);
          }}
          sx={{ display: { md: 'none' } }}
        >
          <CloseIcon />
        </IconButton>
        <IconButton type="submit" color="inherit" aria-label={t('searchBar.submit')}>
          <SearchIcon />
        </IconButton>
      </Box>
    </>
  );
}
