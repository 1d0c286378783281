import type { CodeBatch, CreatedCodeBatch } from '@medienkatalog/domain';
import AddIcon from '@mui/icons-material/Add';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useProducerCodes, useRevokeCode } from '../../api/producer-codes.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { plainTitle } from '../../lib/sanitize.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { CodeBatchDialog } from './code-batch-dialog.tsx';
import { CreatedCodesDialog } from './created-codes-dialog.tsx';
import { FeedbackSnackbar } from './feedback-snackbar.tsx';
import { formatDay, formatMoment, rightsText } from './licence-format.ts';
import { LicensingNav } from './licensing-nav.tsx';
import { EmptyState, ListSkeleton, LoadError, visuallyHidden } from './page-states.tsx';
import { PagedTableFooter } from './table-pagination.tsx';

type Code = CodeBatch['codes'][number];
type CodeState = Code['state'];
const CODE_STATES = ['open', 'redeemed', 'revoked', 'expired'] as const satisfies CodeState[];
const CODES_PER_PAGE = [50, 100];
const STATE_COLOURS = {
  open: 'success',
  redeemed: 'primary',
  revoked: 'default',
  expired: 'default',
} as const satisfies Record<CodeState, string>;

const batchLabel = (t: TFunction, batch: CodeBatch) =>
  batch.label === '' ? t('licensing.codes.noLabel') : batch.label;

/** How many codes of a batch are in each state. */
export function stateCounts(batch: Pick<CodeBatch, 'codes'>): Record<CodeState, number> {
  const counts = { open: 0, redeemed: 0, revoked: 0, expired: 0 };
  for (const code of batch.codes) {
    counts[code.state] += 1;
  }
  return counts;
}

/** The codes of one batch, a page at a time, with 'Zurückziehen' for open ones. */
function BatchCodes({
  batch,
  id,
  onRevoke,
}: {
  batch: CodeBatch;
  id: string;
  onRevoke: (code: Code) => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(CODES_PER_PAGE[0] ?? 50);
  const label = batchLabel(t, batch);
  return (
    <Box id={id} sx={{ py: 1 }}>
      <Table size="small" aria-label={t('licensing.codes.codesOf', { label })}>
        <TableHead>
          <TableRow>
            <TableCell>{t('licensing.codes.columns.number')}</TableCell>
            <TableCell>{t('licensing.codes.columns.state')}</TableCell>
            <TableCell>{t('licensing.codes.columns.redeemedAt')}</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {t('licensing.codes.columns.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {batch.codes.slice(page * perPage, (page + 1) * perPage).map((code) => (
            <TableRow key={code.id}>
              <TableCell>{code.number}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={STATE_COLOURS[code.state]}
                  label={t(`licensing.codes.state.${code.state}`)}
                />
              </TableCell>
              <TableCell>{code.redeemed_at ? formatMoment(code.redeemed_at) : '–'}</TableCell>
              <TableCell align="right">
                {code.state === 'open' && (
                  <Button
                    size="small"
                    color="error"
                    aria-label={t('licensing.codes.revokeOf', { number: code.number, label })}
                    onClick={() => {
                      onRevoke(code);
                    }}
                  >
                    {t('licensing.codes.revoke')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {batch.codes.length > (CODES_PER_PAGE[0] ?? 50) && (
        <PagedTableFooter
          count={batch.codes.length}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={CODES_PER_PAGE}
          onPageChange={setPage}
          onRowsPerPageChange={(next) => {
            setPerPage(next);
            setPage(0);
          }}
        />
      )}
    </Box>
  );
}

/**
 * /producer/codes 'Codes': the producer's code batches with the counts of open, redeemed,
 * revoked and expired codes, each expandable to its codes; 'Codes erstellen' and, once made,
 * the codes shown one time with CSV and PDF.
 */
export function CodesPage() {
  const { t } = useTranslation();
  usePageTitle(t('licensing.codes.title'));
  const batches = useProducerCodes();
  const revoke = useRevokeCode();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [dialogOpen, setDialogOpen] = useState(false);
  const [created, setCreated] = useState<CreatedCodeBatch | null>(null);
  const [revoking, setRevoking] = useState<{ code: Code; label: string } | null>(null);
  const [feedback, setFeedback] = useState<string | null>(null);
  const toggle = (id: number) => {
    const next = new Set(expanded);
    if (!next.delete(id)) {
      next.add(id);
    }
    setExpanded(next);
  };

  return (
    <Box>
      <LicensingNav />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 2, mb: 1 }}
      >
        <Typography variant="h1">{t('licensing.codes.title')}</Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => {
            setDialogOpen(true);
          }}
        >
          {t('licensing.codes.new')}
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('licensing.codes.intro')}
      </Typography>
      {batches.isPending && <ListSkeleton />}
      {batches.error && (
        <LoadError
          message={batches.error.message}
          onRetry={() => {
            void batches.refetch();
          }}
        />
      )}
      {batches.data?.length === 0 && <EmptyState text={t('licensing.codes.empty')} />}
      {batches.data && batches.data.length > 0 && (
        <Paper variant="outlined">
          {/* Positioned: the visually hidden column names stay inside its scrolling, not the page's. */}
          <TableContainer sx={{ position: 'relative' }}>
            <Table size="small" aria-label={t('licensing.codes.table')}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">
                    <Box component="span" sx={visuallyHidden}>
                      {t('licensing.codes.columns.expand')}
                    </Box>
                  </TableCell>
                  <TableCell>{t('licensing.codes.columns.label')}</TableCell>
                  <TableCell>{t('licensing.codes.columns.what')}</TableCell>
                  <TableCell>{t('licensing.codes.columns.validUntil')}</TableCell>
                  <TableCell>{t('licensing.codes.columns.rights')}</TableCell>
                  {CODE_STATES.map((state) => (
                    <TableCell key={state} align="right">
                      {t(`licensing.codes.counts.${state}`)}
                    </TableCell>
                  ))}
                  <TableCell>{t('licensing.codes.columns.created')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {batches.data.map((batch) => {
                  const open = expanded.has(batch.id);
                  const counts = stateCounts(batch);
                  const label = batchLabel(t, batch);
                  const codesId = `codes-of-batch-${String(batch.id)}`;
                  return [
                    <TableRow
                      key={batch.id}
                      hover
                      sx={{ '& > td': { borderBottom: open ? 0 : undefined } }}
                    >
                      <TableCell padding="checkbox">
                        <IconButton
                          size="small"
                          aria-expanded={open}
                          aria-controls={open ? codesId : undefined}
                          aria-label={t(
                            open ? 'licensing.codes.collapse' : 'licensing.codes.expand',
                            { label },
                          )}
                          onClick={() => {
                            toggle(batch.id);
                          }}
                        >
                          {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                        </IconButton>
                      </TableCell>
                      <TableCell>{label}</TableCell>
                      <TableCell sx={{ minWidth: 160 }}>{plainTitle(batch.scope.label)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {batch.valid_until
                          ? formatDay(batch.valid_until)
                          : t('licensing.validity.open')}
                      </TableCell>
                      <TableCell>{rightsText(t, batch.rights)}</TableCell>
                      {CODE_STATES.map((state) => (
                        <TableCell key={state} align="right">
                          {counts[state]}
                        </TableCell>
                      ))}
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatMoment(batch.created_at)}
                      </TableCell>
                    </TableRow>,
                    open && (
                      <TableRow key={`${String(batch.id)}-codes`}>
                        <TableCell colSpan={6 + CODE_STATES.length} sx={{ bgcolor: 'grey.50' }}>
                          <BatchCodes
                            batch={batch}
                            id={codesId}
                            onRevoke={(code) => {
                              revoke.reset();
                              setRevoking({ code, label });
                            }}
                          />
                        </TableCell>
                      </TableRow>
                    ),
                  ];
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      <CodeBatchDialog
        open={dialogOpen}
        onClose={() => {
          setDialogOpen(false);
        }}
        onCreated={(batch) => {
          setDialogOpen(false);
          setCreated(batch);
        }}
      />
      <CreatedCodesDialog
        batch={created}
        onClose={() => {
          setCreated(null);
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('licensing.codes.revokeTitle', { number: revoking?.code.number ?? 0 })}
        message={t('licensing.codes.revokeText', { label: revoking?.label ?? '' })}
        confirmLabel={t('licensing.codes.revoke')}
        destructive
        busy={revoke.isPending}
        onCancel={() => {
          setRevoking(null);
        }}
        onConfirm={() => {
          if (revoking) {
            revoke.mutate(revoking.code.id, {
              onSuccess: () => {
                setFeedback(t('licensing.codes.revoked', { number: revoking.code.number }));
                setRevoking(null);
              },
            });
          }
        }}
      >
        {revoke.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {revoke.error.message}
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
