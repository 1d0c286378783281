import {
  AUDIENCES,
  LANGUAGES,
  MEDIA_TYPE_OPTIONS,
  SUBJECT_AREAS,
  type FacetField,
  type FacetValue,
} from '@medienkatalog/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  CATALOGUE,
  hasSearchInput,
  type SearchSource,
  type SearchState,
} from '../api/catalogue-search.ts';
import { useDistinct } from '../api/catalogue-distinct.ts';

interface Option {
  value: string;
  text: string;
  count?: number;
}

/** The full lookup lists, offered without a call when nothing is searched (spec section 5). */
const LOOKUP_OPTIONS: Record<FacetField, Option[]> = {
  fn_geb: SUBJECT_AREAS.filter((area) => area.parent === null).map((area) => ({
    value: area.code,
    text: area.label,
  })),
  fn_sprache: Object.entries(LANGUAGES)
    .map(([value, text]) => ({ value, text }))
    .sort((a, b) => a.text.localeCompare(b.text, 'de')),
  fn_typ: MEDIA_TYPE_OPTIONS.map((option) => ({ value: option.code, text: option.label })),
  fn_adressat: Object.entries(AUDIENCES).map(([value, text]) => ({ value, text })),
};

const FIELDS: FacetField[] = ['fn_geb', 'fn_sprache', 'fn_typ', 'fn_adressat'];

/** The four multi-select filters; their values come from the distinct call of the search. */
export function SearchFilters({
  state,
  onChange,
  source = CATALOGUE,
}: {
  state: SearchState;
  onChange: (filters: SearchState['filters']) => void;
  source?: SearchSource;
}) {
  const { t } = useTranslation();
  // A narrowed source (one producer) always asks which values occur in it.
  const searched = hasSearchInput(state) || Object.keys(source.fixed).length > 0;
  // The values offered must not depend on the field's own selection: ask without filters.
  const distinct = useDistinct(
    { ...state, filters: { fn_geb: [], fn_sprache: [], fn_typ: [], fn_adressat: [] } },
    searched,
    source,
  );
  const optionsOf = (field: FacetField): Option[] => {
    const offered: Option[] = searched
      ? (distinct.data?.[field] ?? []).map((value: FacetValue) => value)
      : LOOKUP_OPTIONS[field];
    // Selected values stay visible even when the current search has none of them.
    const missing = state.filters[field]
      .filter((value) => !offered.some((option) => option.value === value))
      .map((value) => ({
        value,
        text: LOOKUP_OPTIONS[field].find((option) => option.value === value)?.text ?? value,
      }));
    return [...offered, ...missing];
  };
  const anySelected = FIELDS.some((field) => state.filters[field].length > 0);
  return (
    <Box
      role="group"
      aria-label={t('search.filters')}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr) auto' },
        alignItems: 'center',
        mb: 2,
      }}
    >
      {FIELDS.map((field) => {
        const options = optionsOf(field);
        const selected = options.filter((option) => state.filters[field].includes(option.value));
        return (
          <Autocomplete
            key={field}
            multiple
            size="small"
            disableCloseOnSelect
            limitTags={2}
            options={options}
            value={selected}
            loading={searched && distinct.isPending}
            loadingText={t('app.loading')}
            noOptionsText={t('search.noResults')}
            isOptionEqualToValue={(option, value) => option.value === value.value}
            getOptionLabel={(option) => option.text}
            onChange={(_event, values) => {
              onChange({ ...state.filters, [field]: values.map((value) => value.value) });
            }}
            renderOption={(props, option, { selected: checked }) => {
              const { key, ...rest } = props;
              return (
                <li key={key} {...rest}>
                  <Checkbox size="small" checked={checked} sx={{ mr: 1 }} tabIndex={-1} />
                  {option.count === undefined
                    ? option.text
                    : t('search.filterCount', { text: option.text, count: option.count })}
                </li>
              );
            }}
            renderInput={(params) => <TextField {...params} label={t(`search.filter.${field}`)} />}
          />
        );
      })}
      {anySelected && (
        <Button
          onClick={() => {
            onChange({ fn_geb: [], fn_sprache: [], fn_typ: [], fn_adressat: [] });
          }}
        >
          {t('search.resetFilters')}
        </Button>
      )}
    </Box>
  );
}
