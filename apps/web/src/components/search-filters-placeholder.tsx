import type { FacetField } from '@medienkatalog/domain';
import Box from '@mui/material/Box';
import { useTranslation } from '../i18n/use-translation.ts';

/** The filters' grid: one column on phones, two on tablets, a row of four (and reset) else. */
export const FILTERS_GRID = {
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr) auto' },
  alignItems: 'center',
  mb: 2,
} as const;

export const FILTER_FIELDS: FacetField[] = ['fn_geb', 'fn_sprache', 'fn_typ', 'fn_adressat'];

/**
 * The four filters as they look empty, with their names, while their code loads (the search
 * page loads it once the first results are there): same size, so nothing moves when they come.
 */
export function SearchFiltersPlaceholder() {
  const { t } = useTranslation();
  return (
    <Box aria-hidden sx={FILTERS_GRID}>
      {FILTER_FIELDS.map((field) => (
        <Box
          key={field}
          sx={{
            height: 40,
            px: 1.75,
            display: 'flex',
            alignItems: 'center',
            border: 1,
            borderColor: 'rgba(0, 0, 0, 0.23)',
            borderRadius: 1,
            color: 'text.secondary',
            overflow: 'hidden',
            whiteSpace: 'nowrap',
          }}
        >
          {t(`search.filter.${field}`)}
        </Box>
      ))}
    </Box>
  );
}
