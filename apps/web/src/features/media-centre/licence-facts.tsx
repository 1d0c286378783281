import type { Licence } from '@medienkatalog/domain';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import ScheduleIcon from '@mui/icons-material/Schedule';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { sanitizeTitle } from '../../lib/sanitize.ts';
import { formatDay, type Validity } from './licence-validity.ts';

/** Dark text on a light tint: readable (contrast above 7:1), and the words carry the meaning. */
const VALIDITY_STYLE = {
  expiring: { bgcolor: '#fff4e5', color: '#5f3700', borderColor: '#b26500' },
  expired: { bgcolor: '#f3f4f6', color: '#3d4450', borderColor: '#6b7280' },
  pending: { bgcolor: '#e8f1fb', color: '#173f66', borderColor: '#1d5c96' },
} as const;

/** The left border of a card whose licence runs out soon (beside the chip's words). */
export const EXPIRING_BORDER = VALIDITY_STYLE.expiring.borderColor;

/** 'Läuft in 12 Tagen ab', 'Abgelaufen', 'Gilt ab …'; nothing for a licence in force. */
export function ValidityChip({ validity }: { validity: Validity }) {
  const { t } = useTranslation();
  if (validity.state === 'valid') {
    return null;
  }
  const label =
    validity.state === 'expired'
      ? t('mediaCentre.validity.expired')
      : validity.state === 'pending'
        ? t('mediaCentre.validity.pending', { date: formatDay(validity.from) })
        : validity.days === 0
          ? t('mediaCentre.validity.expiresToday')
          : validity.days === 1
            ? t('mediaCentre.validity.expiresTomorrow')
            : t('mediaCentre.validity.expiresIn', { count: validity.days });
  const icon =
    validity.state === 'expiring' ? (
      <WarningAmberIcon />
    ) : validity.state === 'expired' ? (
      <EventBusyIcon />
    ) : (
      <ScheduleIcon />
    );
  const style = VALIDITY_STYLE[validity.state];
  return (
    <Chip
      icon={icon}
      label={label}
      size="small"
      variant="outlined"
      sx={{ ...style, fontWeight: 600, '& .MuiChip-icon': { color: style.color } }}
    />
  );
}

/** What a licence covers; a medium's title (with its markup, sanitised) links to the medium. */
export function LicenceLabel({ licence }: { licence: Licence }) {
  const { scope } = licence;
  if (scope.kind === 'media' && scope.identifier !== null) {
    return (
      <Link
        component={RouterLink}
        to={paths.medium(scope.identifier)}
        dangerouslySetInnerHTML={{ __html: sanitizeTitle(scope.label) }}
      />
    );
  }
  return <>{scope.label}</>;
}

function validityText(licence: Licence, t: TFunction): string {
  const { valid_from: from, valid_until: until } = licence;
  if (from !== null && until !== null) {
    return t('mediaCentre.facts.range', { from: formatDay(from), until: formatDay(until) });
  }
  if (from !== null) {
    return t('mediaCentre.facts.from', { date: formatDay(from) });
  }
  if (until !== null) {
    return t('mediaCentre.facts.until', { date: formatDay(until) });
  }
  return t('mediaCentre.facts.unlimitedTime');
}

function usesText(licence: Licence, t: TFunction): string {
  if (licence.remaining === null) {
    return t('mediaCentre.facts.usesUnlimited');
  }
  // A licence passed on counts against the media centre's: its own uses are null.
  return licence.uses === null
    ? t('mediaCentre.facts.usesShared', { remaining: licence.remaining })
    : t('mediaCentre.facts.usesLeft', { remaining: licence.remaining, uses: licence.uses });
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

/**
 * The terms of a licence as a description list: producer, validity, rights, uses, and where
 * asked its holder and origin.
 */
export function LicenceFacts({
  licence,
  showLicensee = false,
  showOrigin = false,
}: {
  licence: Licence;
  showLicensee?: boolean;
  showOrigin?: boolean;
}) {
  const { t } = useTranslation();
  const { licensee } = licence;
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
      }}
    >
      {showLicensee && (
        <Fact term={t('mediaCentre.facts.licensee')}>
          {licensee.name}
          {licensee.school_number !== null &&
            ` (${t('mediaCentre.facts.schoolNumber', { number: licensee.school_number })})`}
        </Fact>
      )}
      <Fact term={t('mediaCentre.facts.producer')}>{licence.scope.producer}</Fact>
      <Fact term={t('mediaCentre.facts.validity')}>{validityText(licence, t)}</Fact>
      <Fact term={t('mediaCentre.facts.rights')}>
        {licence.rights === 'download'
          ? t('mediaCentre.facts.rightsDownload')
          : t('mediaCentre.facts.rightsStream')}
      </Fact>
      <Fact term={t('mediaCentre.facts.uses')}>{usesText(licence, t)}</Fact>
      {showOrigin && (
        <Fact term={t('mediaCentre.facts.origin')}>
          {t(`mediaCentre.facts.origins.${licence.origin}`)}
        </Fact>
      )}
    </Box>
  );
}
