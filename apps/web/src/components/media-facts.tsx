import {
  audienceLabel,
  languageName,
  mediaTypeName,
  parseKeywords,
  parseLanguages,
  parseSubjects,
  parseTargetGroups,
  subjectAreaName,
  type MediumDetail,
} from '@medienkatalog/domain';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { Link as RouterLink } from 'react-router';
import { keywordSearch, paths, producerSearch } from '../lib/paths.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ fontWeight: 600, color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, mb: 1 }}>
        {children}
      </Typography>
    </>
  );
}

type FactsMedium = Pick<
  MediumDetail,
  'fn_typ' | 'fn_prodjahr' | 'fn_sprache' | 'fn_adressat' | 'fn_geb' | 'fn_schlag' | 'fn_prodname'
> &
  Partial<MediumDetail>;

/** The public facts of a medium in readable German (lookup tables), as a definition list. */
export function MediaFacts({ medium }: { medium: FactsMedium }) {
  const { t } = useTranslation();
  const subjects = parseSubjects(medium.fn_geb);
  const audiences = parseTargetGroups(medium.fn_adressat);
  const languages = parseLanguages(medium.fn_sprache);
  const keywords = parseKeywords(medium.fn_schlag);
  return (
    <dl style={{ margin: 0 }}>
      <Fact label={t('medium.type')}>{mediaTypeName(medium.fn_typ)}</Fact>
      {medium.fn_prodjahr && <Fact label={t('medium.year')}>{medium.fn_prodjahr}</Fact>}
      {medium.fn_laenge && (
        <Fact label={t('medium.length')}>
          {t('medium.lengthMinutes', { minutes: medium.fn_laenge })}
        </Fact>
      )}
      {languages.length > 0 && (
        <Fact label={t('medium.languages')}>
          {languages
            .map(({ code, variant }) =>
              variant
                ? t(`medium.language.${variant}`, { name: languageName(code) })
                : languageName(code),
            )
            .join(', ')}
        </Fact>
      )}
      {audiences.length > 0 && (
        <Fact label={t('medium.audiences')}>{audiences.map(audienceLabel).join('; ')}</Fact>
      )}
      {subjects.length > 0 && (
        <Fact label={t('medium.subjects')}>
          <Stack component="span" direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {subjects.map((code) => (
              <Chip
                key={code}
                size="small"
                variant="outlined"
                label={subjectAreaName(code)}
                component={RouterLink}
                to={paths.category(subjectPath(code))}
                clickable
              />
            ))}
          </Stack>
        </Fact>
      )}
      {keywords.length > 0 && (
        <Fact label={t('medium.keywords')}>
          <Stack component="span" direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {keywords.map((keyword) => (
              <Chip
                key={keyword}
                size="small"
                label={keyword}
                component={RouterLink}
                to={keywordSearch(keyword)}
                clickable
              />
            ))}
          </Stack>
        </Fact>
      )}
      {medium.fn_prodname && (
        <Fact label={t('medium.producer')}>
          <Link component={RouterLink} to={producerSearch(medium.fn_prodname)}>
            {medium.fn_prodname}
          </Link>
        </Fact>
      )}
      {medium.fn_herausgeber && <Fact label={t('medium.publisher')}>{medium.fn_herausgeber}</Fact>}
      {medium.fn_autor && <Fact label={t('medium.author')}>{medium.fn_autor}</Fact>}
      {medium.fn_sertitel && <Fact label={t('medium.series')}>{medium.fn_sertitel}</Fact>}
      {medium.fn_beigaben && <Fact label={t('medium.supplements')}>{medium.fn_beigaben}</Fact>}
      {medium.fn_nr && <Fact label={t('medium.number')}>{medium.fn_nr}</Fact>}
    </dl>
  );
}

/** The category path of a subject code: each level (3 digits, then 2 more) as one segment. */
export function subjectPath(code: string): string[] {
  const segments: string[] = [];
  for (let length = 3; length <= code.length; length += 2) {
    segments.push(code.slice(0, length));
  }
  return segments;
}
