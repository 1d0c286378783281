import InputBase, { type InputBaseProps } from '@mui/material/InputBase';
import { useTranslation } from '../../i18n/use-translation.ts';

/** A white cross (the clear button of the search field). */
const CLEAR_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E" +
  "%3Cpath d='M3 3l10 10M13 3L3 13' stroke='%23fff' stroke-width='2' stroke-linecap='round'/%3E" +
  '%3C/svg%3E';

/**
 * The search bar's field as it looks and is named, both before and after its completions load:
 * the two render the same input, so nothing shifts when one takes over from the other.
 */
export function SearchInput({ inputProps, ...props }: Omit<InputBaseProps, 'sx'>) {
  const { t } = useTranslation();
  return (
    <InputBase
      {...props}
      name="q"
      inputProps={{
        ...inputProps,
        'aria-label': t('searchBar.label'),
        maxLength: 200,
        enterKeyHint: 'search',
      }}
      placeholder={t('searchBar.placeholder')}
      type="search"
      fullWidth
      sx={{
        color: 'inherit',
        '& input': { textOverflow: 'ellipsis' },
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
  );
}
