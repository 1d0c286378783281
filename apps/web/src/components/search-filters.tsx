import {
  audienceName,
  GRADE_STAGES,
  languageName,
  mediaTypeName,
  subjectAreaName,
  type FacetField,
  type FacetValue,
} from '@medienkatalog/domain';
import CheckIcon from '@mui/icons-material/Check';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../i18n/use-translation.ts';
import { CATALOGUE, type SearchSource, type SearchState } from '../api/catalogue-search.ts';
import { useDistinct } from '../api/catalogue-distinct.ts';
import { FILTER_FIELDS, FILTERS_GRID } from './search-filters-placeholder.tsx';
import { facetCountLabel } from './facet-count.ts';
import { SubjectFilter } from './subject-filter.tsx';

interface Option {
  value: string;
  text: string;
  count?: number;
}

/** The name of a selected value that the current search does not offer. */
const NAME_OF: Record<FacetField, (value: string) => string> = {
  fn_geb: subjectAreaName,
  fn_sprache: languageName,
  fn_typ: mediaTypeName,
  fn_adressat: (value) =>
    GRADE_STAGES.find((stage) => stage.value === value)?.label ?? audienceName(value),
};

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
  // The values offered, with counts, must not depend on the selection: ask without filters.
  const unfiltered = {
    ...state,
    filters: { fn_geb: [], fn_sprache: [], fn_typ: [], fn_adressat: [] },
  };
  const distinct = useDistinct(unfiltered, source);
  const optionsOf = (field: FacetField): Option[] => {
    const offered: Option[] = (distinct.data?.[field] ?? []).map((value: FacetValue) => value);
    // Selected values stay visible even when the current search has none of them.
    const missing = state.filters[field]
      .filter((value) => !offered.some((option) => option.value === value))
      .map((value) => ({ value, text: NAME_OF[field](value) }));
    return [...offered, ...missing];
  };
  const anySelected = FILTER_FIELDS.some((field) => state.filters[field].length > 0);
  return (
    <Box role="group" aria-label={t('search.filters')} sx={FILTERS_GRID}>
      {FILTER_FIELDS.map((field) => {
        if (field === 'fn_geb') {
          return (
            <SubjectFilter
              key={field}
              search={unfiltered}
              source={source}
              top={distinct.data?.fn_geb ?? []}
              approximate={distinct.data?.approximate === true}
              loading={distinct.isPending}
              selected={state.filters.fn_geb}
              onChange={(selected) => {
                onChange({ ...state.filters, fn_geb: selected });
              }}
            />
          );
        }
        const options = optionsOf(field);
        const selected = options.filter((option) => state.filters[field].includes(option.value));
        return (
          <Autocomplete
            key={field}
            multiple
            size="small"
            disableCloseOnSelect
            // The list opens inside the page's main landmark, next to its field.
            disablePortal
            limitTags={2}
            options={options}
            value={selected}
            loading={distinct.isPending}
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
                  {/* The option itself is selected (aria-selected), no checkbox inside it. */}
                  <CheckIcon
                    fontSize="small"
                    aria-hidden="true"
                    sx={{
                      mr: 1,
                      visibility: checked ? 'visible' : 'hidden',
                      color: 'primary.main',
                    }}
                  />
                  {option.count === undefined
                    ? option.text
                    : facetCountLabel(
                        t,
                        { text: option.text, count: option.count },
                        distinct.data?.approximate === true,
                      )}
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
