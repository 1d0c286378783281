import type { Licence } from '@medienkatalog/domain';
import ShareIcon from '@mui/icons-material/Share';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useMzLicences, useWithdrawMzLicence } from '../../api/mz-licences.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { plainTitle } from '../../lib/sanitize.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { heldWithPassedOn, matchesText, producersOf, type HeldLicence } from './licence-desk.ts';
import { LicenceCard } from './licence-card.tsx';
import {
  CardList,
  LicenceSearch,
  LicenceSkeletons,
  LoadError,
  NoticeSnackbar,
  PageHeading,
  type Notice,
} from './licence-list-parts.tsx';
import { byUrgency, localDay, validityOf } from './licence-validity.ts';
import { PassOnDialog } from './pass-on-dialog.tsx';

const ALL = '';

function HeldLicenceCard({
  held,
  today,
  onPassOn,
  onWithdraw,
}: {
  held: HeldLicence;
  today: string;
  onPassOn: () => void;
  onWithdraw: (passedOn: Licence) => void;
}) {
  const { t } = useTranslation();
  const { licence, passedOn } = held;
  const expired = validityOf(licence, today).state === 'expired';
  const label = plainTitle(licence.scope.label);
  return (
    <LicenceCard licence={licence} today={today}>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t('mediaCentre.licences.passedOn')}
      </Typography>
      {passedOn.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('mediaCentre.licences.notPassedOn')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {passedOn.map((child) => (
            <Stack
              component="li"
              key={child.id}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', justifyContent: 'space-between', py: 0.25 }}
            >
              <Typography variant="body2">
                {child.licensee.name}
                {child.licensee.school_number !== null && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {` · ${t('mediaCentre.facts.schoolNumber', { number: child.licensee.school_number })}`}
                  </Typography>
                )}
              </Typography>
              <Button
                size="small"
                color="error"
                aria-label={t('mediaCentre.licences.withdrawFor', { school: child.licensee.name })}
                onClick={() => {
                  onWithdraw(child);
                }}
              >
                {t('mediaCentre.licences.withdraw')}
              </Button>
            </Stack>
          ))}
        </Box>
      )}
      {!expired && (
        <Button
          variant="outlined"
          startIcon={<ShareIcon />}
          onClick={onPassOn}
          aria-label={t('mediaCentre.licences.passOnFor', { label })}
          sx={{ mt: 2 }}
        >
          {t('mediaCentre.licences.passOn')}
        </Button>
      )}
    </LicenceCard>
  );
}

/**
 * /mz/licences: the licences the media centre holds (those running out soon first and marked),
 * filtered by producer and text; each shows the schools it was passed on to, can be passed on
 * to more and withdrawn from one.
 */
export function MzLicencesPage() {
  const { t } = useTranslation();
  usePageTitle(t('mediaCentre.licences.title'));
  const licences = useMzLicences();
  const withdraw = useWithdrawMzLicence();
  const [producer, setProducer] = useState(ALL);
  const [text, setText] = useState('');
  // The dialog keeps its licence while it closes; each opening is a fresh dialog (its key).
  const [passingOn, setPassingOn] = useState<{ held: HeldLicence; open: boolean; key: number }>();
  // Kept while the confirmation closes, so its text stays.
  const [withdrawing, setWithdrawing] = useState<{ licence: Licence; open: boolean }>();
  const [notice, setNotice] = useState<Notice | null>(null);
  const today = localDay(new Date());

  const held = useMemo(
    () => byUrgency(heldWithPassedOn(licences.data ?? []), today, (item) => item.licence),
    [licences.data, today],
  );
  const producers = useMemo(() => producersOf(held.map((item) => item.licence)), [held]);
  const shown = held.filter(
    (item) =>
      (producer === ALL || item.licence.scope.producer === producer) &&
      matchesText(
        item.licence,
        text,
        item.passedOn.flatMap((child) => [child.licensee.name, child.licensee.school_number ?? '']),
      ),
  );
  const expiring = shown.filter(
    (item) => validityOf(item.licence, today).state === 'expiring',
  ).length;

  const tell = (severity: Notice['severity'], message: string) => {
    setNotice({ key: Date.now(), severity, text: message });
  };

  return (
    <Box>
      <PageHeading
        title={t('mediaCentre.licences.title')}
        intro={t('mediaCentre.licences.intro')}
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
      {licences.data && held.length === 0 && (
        <Typography role="status">{t('mediaCentre.licences.empty')}</Typography>
      )}
      {held.length > 0 && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <TextField
              select
              size="small"
              label={t('mediaCentre.licences.producer')}
              value={producer}
              onChange={(event) => {
                setProducer(event.target.value);
              }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 240 }}
            >
              <option value={ALL}>{t('mediaCentre.licences.allProducers')}</option>
              {producers.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </TextField>
            <LicenceSearch
              label={t('mediaCentre.licences.search')}
              value={text}
              onChange={setText}
            />
          </Stack>
          <Typography role="status" color="text.secondary" sx={{ mb: 2 }}>
            {t('mediaCentre.licences.count', { count: shown.length })}
            {expiring > 0 && ` · ${t('mediaCentre.licences.expiring', { count: expiring })}`}
          </Typography>
          {shown.length === 0 ? (
            <Typography>{t('mediaCentre.licences.noMatch')}</Typography>
          ) : (
            <CardList label={t('mediaCentre.licences.title')}>
              {shown.map((item) => (
                <li key={item.licence.id}>
                  <HeldLicenceCard
                    held={item}
                    today={today}
                    onPassOn={() => {
                      setPassingOn({ held: item, open: true, key: Date.now() });
                    }}
                    onWithdraw={(child) => {
                      setWithdrawing({ licence: child, open: true });
                    }}
                  />
                </li>
              ))}
            </CardList>
          )}
        </>
      )}
      {passingOn && (
        <PassOnDialog
          key={passingOn.key}
          open={passingOn.open}
          held={passingOn.held}
          onClose={() => {
            setPassingOn({ ...passingOn, open: false });
          }}
          onPassedOn={(count) => {
            setPassingOn({ ...passingOn, open: false });
            tell('success', t('mediaCentre.licences.passedOnDone', { count }));
          }}
        />
      )}
      <ConfirmDialog
        open={withdrawing?.open ?? false}
        title={t('mediaCentre.licences.withdrawTitle')}
        message={
          withdrawing &&
          t('mediaCentre.licences.withdrawText', {
            label: plainTitle(withdrawing.licence.scope.label),
            school: withdrawing.licence.licensee.name,
          })
        }
        confirmLabel={t('mediaCentre.licences.withdraw')}
        destructive
        busy={withdraw.isPending}
        onCancel={() => {
          setWithdrawing(withdrawing && { ...withdrawing, open: false });
        }}
        onConfirm={() => {
          if (!withdrawing) {
            return;
          }
          const school = withdrawing.licence.licensee.name;
          withdraw.mutate(withdrawing.licence.id, {
            onSuccess: () => {
              tell('success', t('mediaCentre.licences.withdrawn', { school }));
            },
            onError: (error) => {
              tell('error', error.message);
            },
            onSettled: () => {
              setWithdrawing({ ...withdrawing, open: false });
            },
          });
        }}
      />
      <NoticeSnackbar
        notice={notice}
        onClose={() => {
          setNotice(null);
        }}
      />
    </Box>
  );
}
