import type { Licence } from '@medienkatalog/domain';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { plainTitle } from '../../lib/sanitize.ts';
import { EXPIRING_BORDER, LicenceFacts, LicenceLabel, ValidityChip } from './licence-facts.tsx';
import { validityOf } from './licence-validity.ts';

/**
 * One licence as a card: what it covers as its heading, its state ('Läuft in 12 Tagen ab' in
 * words, and a marked edge), its terms, and `children` below.
 */
export function LicenceCard({
  licence,
  today,
  showLicensee = false,
  showOrigin = false,
  children,
}: {
  licence: Licence;
  /** 'YYYY-MM-DD'. */
  today: string;
  showLicensee?: boolean;
  showOrigin?: boolean;
  children?: ReactNode;
}) {
  const validity = validityOf(licence, today);
  return (
    <Card
      component="article"
      variant="outlined"
      aria-label={plainTitle(licence.scope.label)}
      sx={{
        p: 2,
        ...(validity.state === 'expiring' && { borderLeft: `6px solid ${EXPIRING_BORDER}` }),
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}
      >
        <Typography variant="h3" component="h2" sx={{ mr: 1 }}>
          <LicenceLabel licence={licence} />
        </Typography>
        <ValidityChip validity={validity} />
      </Stack>
      <LicenceFacts licence={licence} showLicensee={showLicensee} showOrigin={showOrigin} />
      {children}
    </Card>
  );
}
