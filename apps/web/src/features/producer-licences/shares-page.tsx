import type { Licence } from '@medienkatalog/domain';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useProducerShares, useWithdrawShare } from '../../api/producer-shares.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { plainTitle } from '../../lib/sanitize.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { FeedbackSnackbar } from './feedback-snackbar.tsx';
import {
  berlinToday,
  rightsText,
  shareState,
  usesText,
  validityText,
  type ShareState,
} from './licence-format.ts';
import { LicensingNav } from './licensing-nav.tsx';
import { useOrganisationDetail } from './organisation-picker.tsx';
import { EmptyState, ListSkeleton, LoadError, visuallyHidden } from './page-states.tsx';
import { ShareDialog } from './share-dialog.tsx';
import { PagedTableFooter, ROWS_PER_PAGE_OPTIONS } from './table-pagination.tsx';

const STATE_COLOURS = {
  active: 'success',
  pending: 'info',
  expired: 'default',
  revoked: 'default',
} as const satisfies Record<ShareState, string>;

/** What a share covers, readable: a medium's title, 'Alle Medien von …' or 'Mediathek „…“'. */
export const scopeText = (licence: Pick<Licence, 'scope'>) => plainTitle(licence.scope.label);

/** Every text of a row the filter looks in. */
function rowText(t: TFunction, licence: Licence, state: ShareState, detail: string): string {
  return [
    licence.licensee.name,
    detail,
    scopeText(licence),
    licence.scope.identifier ?? '',
    validityText(t, licence),
    rightsText(t, licence.rights),
    t(`licensing.shares.state.${state}`),
  ]
    .join(' ')
    .toLowerCase();
}

/**
 * /producer/shares 'Freigaben': the licences the producer granted to media centres and schools,
 * newest first, filterable by text; 'Neue Freigabe' and 'Zurückziehen' (with a confirmation).
 */
export function SharesPage() {
  const { t } = useTranslation();
  usePageTitle(t('licensing.shares.title'));
  const shares = useProducerShares();
  const withdraw = useWithdrawShare();
  const detail = useOrganisationDetail();
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter.trim().toLowerCase());
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(ROWS_PER_PAGE_OPTIONS[0] ?? 25);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [withdrawing, setWithdrawing] = useState<Licence | null>(null);
  const [feedback, setFeedback] = useState<string | null>(null);
  const today = berlinToday();

  const rows = useMemo(
    () =>
      (shares.data ?? [])
        .map((licence) => {
          const state = shareState(licence, today);
          return {
            licence,
            state,
            text: rowText(
              t,
              licence,
              state,
              detail(licence.licensee.organisation_kind, licence.licensee.school_number),
            ),
          };
        })
        .filter((row) => deferredFilter === '' || row.text.includes(deferredFilter)),
    [shares.data, today, t, detail, deferredFilter],
  );
  // A shorter list (filtered, a share withdrawn) shows its last page at most.
  const current = Math.min(page, Math.max(0, Math.ceil(rows.length / rowsPerPage) - 1));
  const shown = rows.slice(current * rowsPerPage, (current + 1) * rowsPerPage);

  return (
    <Box>
      <LicensingNav />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 2, mb: 1 }}
      >
        <Typography variant="h1">{t('licensing.shares.title')}</Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => {
            setDialogOpen(true);
          }}
        >
          {t('licensing.shares.new')}
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('licensing.shares.intro')}
      </Typography>
      {shares.isPending && <ListSkeleton />}
      {shares.error && (
        <LoadError
          message={shares.error.message}
          onRetry={() => {
            void shares.refetch();
          }}
        />
      )}
      {shares.data?.length === 0 && <EmptyState text={t('licensing.shares.empty')} />}
      {shares.data && shares.data.length > 0 && (
        <>
          <TextField
            type="search"
            size="small"
            label={t('licensing.shares.filter')}
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              setPage(0);
            }}
            sx={{ mb: 2, width: { xs: '100%', sm: 400 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('licensing.shares.count', { count: rows.length })}
          </Typography>
          {rows.length === 0 ? (
            <EmptyState text={t('licensing.shares.noMatch', { filter: filter.trim() })} />
          ) : (
            <Paper variant="outlined">
              {/* Positioned: the visually hidden column names stay inside its scrolling, not the page's. */}
              <TableContainer sx={{ position: 'relative' }}>
                <Table size="small" aria-label={t('licensing.shares.table')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('licensing.shares.columns.licensee')}</TableCell>
                      <TableCell>{t('licensing.shares.columns.what')}</TableCell>
                      <TableCell>{t('licensing.shares.columns.validity')}</TableCell>
                      <TableCell>{t('licensing.shares.columns.rights')}</TableCell>
                      <TableCell>{t('licensing.shares.columns.uses')}</TableCell>
                      <TableCell>{t('licensing.shares.columns.state')}</TableCell>
                      <TableCell>
                        <Box component="span" sx={visuallyHidden}>
                          {t('licensing.shares.columns.actions')}
                        </Box>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.map(({ licence, state }) => (
                      <TableRow key={licence.id} hover>
                        <TableCell>
                          {licence.licensee.name}
                          <Typography variant="body2" color="text.secondary">
                            {detail(
                              licence.licensee.organisation_kind,
                              licence.licensee.school_number,
                            )}
                          </Typography>
                        </TableCell>
                        <TableCell sx={{ minWidth: 180 }}>
                          {scopeText(licence)}
                          {licence.scope.identifier && (
                            <Typography variant="body2" color="text.secondary">
                              {licence.scope.identifier}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {validityText(t, licence)}
                        </TableCell>
                        <TableCell>{rightsText(t, licence.rights)}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{usesText(t, licence)}</TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            variant="outlined"
                            color={STATE_COLOURS[state]}
                            label={t(`licensing.shares.state.${state}`)}
                          />
                        </TableCell>
                        <TableCell align="right">
                          {(state === 'active' || state === 'pending') && (
                            <Button
                              size="small"
                              color="error"
                              aria-label={t('licensing.shares.withdrawOf', {
                                what: scopeText(licence),
                                licensee: licence.licensee.name,
                              })}
                              onClick={() => {
                                withdraw.reset();
                                setWithdrawing(licence);
                              }}
                            >
                              {t('licensing.shares.withdraw')}
                            </Button>
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <PagedTableFooter
                count={rows.length}
                page={current}
                rowsPerPage={rowsPerPage}
                onPageChange={setPage}
                onRowsPerPageChange={(next) => {
                  setRowsPerPage(next);
                  setPage(0);
                }}
              />
            </Paper>
          )}
        </>
      )}
      <ShareDialog
        open={dialogOpen}
        onClose={() => {
          setDialogOpen(false);
        }}
        onShared={(count) => {
          setDialogOpen(false);
          setFeedback(t('licensing.shares.shared', { count }));
        }}
      />
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('licensing.shares.withdrawTitle')}
        message={
          withdrawing
            ? t('licensing.shares.withdrawText', {
                what: scopeText(withdrawing),
                licensee: withdrawing.licensee.name,
              })
            : ''
        }
        confirmLabel={t('licensing.shares.withdraw')}
        destructive
        busy={withdraw.isPending}
        onCancel={() => {
          setWithdrawing(null);
        }}
        onConfirm={() => {
          if (withdrawing) {
            withdraw.mutate(withdrawing.id, {
              onSuccess: () => {
                setWithdrawing(null);
                setFeedback(t('licensing.shares.withdrawn'));
              },
            });
          }
        }}
      >
        {withdraw.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {withdraw.error.message}
          </Alert>
        )}
      </ConfirmDialog>
      <FeedbackSnackbar
        text={feedback}
        onClose={() => {
          setFeedback(null);
        }}
      />
    </Box>
  );
}
