import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSchoolLicences } from '../../api/school-licences.ts';
import { useUserInfo } from '../../api/user.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { isDistrictAdmin } from './desk-access.ts';
import { matchesText } from './licence-desk.ts';
import { LicenceCard } from './licence-card.tsx';
import {
  CardList,
  LicenceSearch,
  LicenceSkeletons,
  LoadError,
  PageHeading,
} from './licence-list-parts.tsx';
import { byUrgency, localDay } from './licence-validity.ts';

/**
 * /school/licences: a school admin's school's licences ('Lizenzen der Schule'), a district
 * admin's district's ('Lizenzen im Kreis', with the school of each), read-only, those running
 * out soon first and marked.
 */
export function SchoolLicencesPage() {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const district = user ? isDistrictAdmin(user) : false;
  const title = district
    ? t('mediaCentre.school.districtTitle')
    : t('mediaCentre.school.schoolTitle');
  usePageTitle(title);
  const licences = useSchoolLicences();
  const [text, setText] = useState('');
  const today = localDay(new Date());
  const live = useMemo(
    () =>
      byUrgency(
        (licences.data ?? []).filter((licence) => !licence.revoked),
        today,
        (licence) => licence,
      ),
    [licences.data, today],
  );
  const shown = live.filter((licence) => matchesText(licence, text));

  return (
    <Box>
      <PageHeading
        title={title}
        intro={
          district ? t('mediaCentre.school.districtIntro') : t('mediaCentre.school.schoolIntro')
        }
      />
      {licences.isPending && <LicenceSkeletons />}
      {licences.error && (
        <LoadError
          message={licences.error.message}
          onRetry={() => {
            void licences.refetch();
          }}
        />
      )}
      {licences.data && live.length === 0 && (
        <Typography role="status">
          {district ? t('mediaCentre.school.districtEmpty') : t('mediaCentre.school.empty')}
        </Typography>
      )}
      {live.length > 0 && (
        <>
          <Box sx={{ mb: 2 }}>
            <LicenceSearch label={t('mediaCentre.school.search')} value={text} onChange={setText} />
          </Box>
          <Typography role="status" color="text.secondary" sx={{ mb: 2 }}>
            {t('mediaCentre.licences.count', { count: shown.length })}
          </Typography>
          {shown.length === 0 ? (
            <Typography>{t('mediaCentre.school.noMatch')}</Typography>
          ) : (
            <CardList label={title}>
              {shown.map((licence) => (
                <li key={licence.id}>
                  <LicenceCard licence={licence} today={today} showLicensee={district} showOrigin />
                </li>
              ))}
            </CardList>
          )}
        </>
      )}
    </Box>
  );
}
