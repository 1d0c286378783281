import type { Mediathek } from '@medienkatalog/domain';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link as RouterLink } from 'react-router';
import { useDeleteMediathek, useProducerMediatheken } from '../../api/producer-mediatheken.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { paths } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { FeedbackSnackbar } from './feedback-snackbar.tsx';
import { LicensingNav } from './licensing-nav.tsx';
import { MediathekDialog } from './mediathek-dialog.tsx';
import { EmptyState, ListSkeleton, LoadError } from './page-states.tsx';

/** The search of a Mediathek's contents ('Inhalte der …-Mediathek'). */
export const mediathekSearch = (path: string) =>
  `${paths.search}?mediathek=${encodeURIComponent(path)}`;

type Editing = { mediathek: Mediathek | null } | null;

/**
 * /producer/mediatheken 'Mediatheken': the producer's named collections (name, path, number of
 * media, description), created and changed in a dialog, deleted after a confirmation, each with
 * a link to its search.
 */
export function MediathekenPage() {
  const { t } = useTranslation();
  usePageTitle(t('licensing.mediatheken.title'));
  const mediatheken = useProducerMediatheken();
  const remove = useDeleteMediathek();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Mediathek | null>(null);
  const [feedback, setFeedback] = useState<string | null>(null);
  const create = () => {
    setEditing({ mediathek: null });
  };

  return (
    <Box>
      <LicensingNav />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 2, mb: 1 }}
      >
        <Typography variant="h1">{t('licensing.mediatheken.title')}</Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={create}>
          {t('licensing.mediatheken.new')}
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('licensing.mediatheken.intro')}
      </Typography>
      {mediatheken.isPending && <ListSkeleton rows={3} />}
      {mediatheken.error && (
        <LoadError
          message={mediatheken.error.message}
          onRetry={() => {
            void mediatheken.refetch();
          }}
        />
      )}
      {mediatheken.data?.length === 0 && <EmptyState text={t('licensing.mediatheken.empty')} />}
      <Box
        component="ul"
        aria-label={t('licensing.mediatheken.list')}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
        }}
      >
        {mediatheken.data?.map((mediathek) => (
          <li key={mediathek.id}>
            <Card
              variant="outlined"
              sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
            >
              <CardContent sx={{ flexGrow: 1 }}>
                <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
                  {mediathek.name}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{ fontFamily: 'monospace', wordBreak: 'break-all', mb: 1 }}
                >
                  {mediathek.path}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t('licensing.mediatheken.mediaCount', { count: mediathek.identifiers.length })}
                </Typography>
                {mediathek.description && (
                  <Typography variant="body2">{mediathek.description}</Typography>
                )}
              </CardContent>
              <CardActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                <Button
                  size="small"
                  startIcon={<SearchIcon />}
                  component={RouterLink}
                  to={mediathekSearch(mediathek.path)}
                  aria-label={t('licensing.mediatheken.searchOf', { name: mediathek.name })}
                >
                  {t('licensing.mediatheken.search')}
                </Button>
                <Button
                  size="small"
                  aria-label={t('licensing.mediatheken.editOf', { name: mediathek.name })}
                  onClick={() => {
                    setEditing({ mediathek });
                  }}
                >
                  {t('licensing.mediatheken.edit')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  aria-label={t('licensing.mediatheken.deleteOf', { name: mediathek.name })}
                  onClick={() => {
                    remove.reset();
                    setDeleting(mediathek);
                  }}
                >
                  {t('licensing.mediatheken.delete')}
                </Button>
              </CardActions>
            </Card>
          </li>
        ))}
      </Box>
      <MediathekDialog
        open={editing !== null}
        mediathek={editing?.mediathek ?? null}
        onClose={() => {
          setEditing(null);
        }}
        onSaved={(saved) => {
          setFeedback(
            editing?.mediathek
              ? t('licensing.mediatheken.saved', { name: saved.name })
              : t('licensing.mediatheken.created', { name: saved.name }),
          );
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('licensing.mediatheken.deleteTitle', { name: deleting?.name ?? '' })}
        message={t('licensing.mediatheken.deleteText')}
        confirmLabel={t('licensing.mediatheken.delete')}
        destructive
        busy={remove.isPending}
        onCancel={() => {
          setDeleting(null);
        }}
        onConfirm={() => {
          if (deleting) {
            remove.mutate(deleting.id, {
              onSuccess: () => {
                setFeedback(t('licensing.mediatheken.deleted', { name: deleting.name }));
                setDeleting(null);
              },
            });
          }
        }}
      >
        {remove.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {remove.error.message}
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
