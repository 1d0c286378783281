import { subjectAreaName } from '@medienkatalog/domain';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/use-translation.ts';

/** The heading of the related media, with the name of the medium's first subject area. */
export function RelatedHeading({ id, subject }: { id: string; subject: string }) {
  const { t } = useTranslation();
  return (
    <Typography id={id} variant="h2" sx={{ mb: 1.5 }}>
      {t('medium.related', { subject: subjectAreaName(subject) })}
    </Typography>
  );
}
