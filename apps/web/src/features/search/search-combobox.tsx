import type { Suggestion } from '@medienkatalog/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { SearchInput } from './search-input.tsx';

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

/** The caret of the field this one replaces, while the user is in it. */
export interface Caret {
  start: number | null;
  end: number | null;
}

export interface SearchComboboxProps {
  text: string;
  onTextChange: (text: string) => void;
  suggestions: Suggestion[];
  listOpen: boolean;
  onListOpenChange: (open: boolean) => void;
  /** A completion was chosen (and its search opened). */
  onChosen: () => void;
  /** Set while the user is in the plain field before: focus and caret carry over. */
  caret: RefObject<Caret | null>;
}

/**
 * The search bar's field with its completions (an ARIA combobox). It loads when the user first
 * goes into the field and takes over from the plain field there, with its text, focus and caret.
 */
export function SearchCombobox({
  text,
  onTextChange,
  suggestions,
  listOpen,
  onListOpenChange,
  onChosen,
  caret,
}: SearchComboboxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const highlighted = useRef<Suggestion | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Before the browser paints, so that no keystroke can fall between the two fields.
  useLayoutEffect(() => {
    const from = caret.current;
    if (from && input.current) {
      input.current.focus();
      input.current.setSelectionRange(from.start, from.end);
    }
  }, [caret]);
  return (
    <Autocomplete<Suggestion, false, false, true>
      freeSolo
      open={listOpen}
      onOpen={() => {
        onListOpenChange(true);
      }}
      onClose={() => {
        onListOpenChange(false);
      }}
      options={suggestions}
      filterOptions={(options) => options}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.text)}
      isOptionEqualToValue={(option, value) =>
        option.text === value.text && option.kind === value.kind
      }
      inputValue={text}
      onInputChange={(_event, value) => {
        onTextChange(value);
      }}
      value={null}
      onHighlightChange={(_event, option) => {
        highlighted.current = option;
      }}
      onChange={(_event, value) => {
        if (value !== null && typeof value !== 'string') {
          void navigate(`${paths.search}?${suggestionSearch(value).toString()}`);
          onChosen();
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
        <SearchInput ref={params.InputProps.ref} inputRef={input} inputProps={params.inputProps} />
      )}
    />
  );
}
