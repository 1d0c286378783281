import { AssignmentRequestSchema, type Organisation } from '@medienkatalog/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useAssignMzLicence } from '../../api/mz-assignments.ts';
import { useMzSchools } from '../../api/mz-schools.ts';
import { plainTitle } from '../../lib/sanitize.ts';
import type { HeldLicence } from './licence-desk.ts';

/** Above this many schools the dialog offers a filter. */
const FILTER_FROM = 8;

/** A school as licences name it: the school number where there is one, else the name. */
const schoolKey = (school: { name: string; school_number: string | null }) =>
  school.school_number ?? `name:${school.name}`;

function matchesSchool(school: Organisation, text: string): boolean {
  const query = text.trim().toLowerCase();
  return (
    query === '' ||
    school.name.toLowerCase().includes(query) ||
    (school.school_number ?? '').includes(query)
  );
}

export interface PassOnDialogProps {
  open: boolean;
  /** The licence to pass on, with the schools that have it already. */
  held: HeldLicence;
  onClose: () => void;
  /** After the server passed it on, with the number of schools chosen. */
  onPassedOn: (count: number) => void;
}

/**
 * 'An Schulen weitergeben': the schools of the district as checkboxes (with their school
 * number and 'Alle Schulen'); those that have the licence already are ticked and fixed. Give it
 * a new key for every licence opened: it starts with nothing chosen.
 */
export function PassOnDialog({ open, held, onClose, onPassedOn }: PassOnDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const schools = useMzSchools();
  const assign = useAssignMzLicence();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [filter, setFilter] = useState('');
  const [problem, setProblem] = useState<string>();
  const holding = useMemo(
    () => new Set(held.passedOn.map((licence) => schoolKey(licence.licensee))),
    [held],
  );
  const all = schools.data ?? [];
  const selectable = all.filter((school) => !holding.has(schoolKey(school)));
  const shown = all.filter((school) => matchesSchool(school, filter));
  const allChosen = selectable.length > 0 && selectable.every((school) => selected.has(school.id));
  const someChosen = selectable.some((school) => selected.has(school.id));

  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) {
      next.add(id);
    } else {
      next.delete(id);
    }
    setSelected(next);
    setProblem(undefined);
  };
  const close = () => {
    if (!assign.isPending) {
      onClose();
    }
  };
  const submit = () => {
    const request = AssignmentRequestSchema.safeParse({ school_ids: [...selected] });
    if (!request.success) {
      setProblem(request.error.issues[0]?.message);
      return;
    }
    assign.mutate(
      { licenceId: held.licence.id, schoolIds: request.data.school_ids },
      {
        onSuccess: () => {
          onPassedOn(request.data.school_ids.length);
        },
      },
    );
  };

  const label = plainTitle(held.licence.scope.label);
  const details = (school: Organisation, has: boolean) => [
    ...(school.school_number === null
      ? []
      : [t('mediaCentre.facts.schoolNumber', { number: school.school_number })]),
    ...(has ? [t('mediaCentre.passOn.held')] : []),
  ];
  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('mediaCentre.passOn.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('mediaCentre.passOn.intro', { label })}
        </DialogContentText>
        {schools.isPending && (
          <Box role="status">
            <Typography variant="body2">{t('mediaCentre.passOn.loading')}</Typography>
            <LinearProgress aria-label={t('mediaCentre.passOn.loading')} sx={{ mt: 1 }} />
          </Box>
        )}
        {schools.error && <Alert severity="error">{schools.error.message}</Alert>}
        {schools.data?.length === 0 && (
          <Typography role="status">{t('mediaCentre.passOn.noSchools')}</Typography>
        )}
        {all.length > 0 && (
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              {t('mediaCentre.passOn.schools')}
            </Typography>
            {all.length > FILTER_FROM && (
              <TextField
                type="search"
                size="small"
                fullWidth
                label={t('mediaCentre.passOn.filter')}
                value={filter}
                onChange={(event) => {
                  setFilter(event.target.value);
                }}
                sx={{ mb: 1 }}
              />
            )}
            <FormControlLabel
              label={t('mediaCentre.passOn.all')}
              disabled={selectable.length === 0}
              control={
                <Checkbox
                  checked={allChosen}
                  indeterminate={someChosen && !allChosen}
                  onChange={(_event, on) => {
                    setSelected(new Set(on ? selectable.map((school) => school.id) : []));
                    setProblem(undefined);
                  }}
                />
              }
              sx={{ fontWeight: 600, '& .MuiFormControlLabel-label': { fontWeight: 600 } }}
            />
            <Box
              component="ul"
              sx={{ listStyle: 'none', m: 0, pl: 3, maxHeight: 320, overflowY: 'auto' }}
            >
              {shown.map((school) => {
                const has = holding.has(schoolKey(school));
                return (
                  <li key={school.id}>
                    <FormControlLabel
                      disabled={has}
                      control={
                        <Checkbox
                          checked={has || selected.has(school.id)}
                          onChange={(_event, on) => {
                            toggle(school.id, on);
                          }}
                        />
                      }
                      label={
                        <>
                          {school.name}
                          {details(school, has).map((detail) => (
                            <Fragment key={detail}>
                              {' · '}
                              <Typography component="span" variant="body2" color="text.secondary">
                                {detail}
                              </Typography>
                            </Fragment>
                          ))}
                        </>
                      }
                    />
                  </li>
                );
              })}
            </Box>
            {shown.length === 0 && (
              <Typography role="status" variant="body2">
                {t('mediaCentre.passOn.noMatch')}
              </Typography>
            )}
            <Typography variant="body2" aria-live="polite" sx={{ mt: 1 }}>
              {t('mediaCentre.passOn.selected', { count: selected.size })}
            </Typography>
          </Box>
        )}
        {(problem ?? assign.error) && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem ?? assign.error?.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={assign.isPending}>
          {t('mediaCentre.passOn.cancel')}
        </Button>
        <Button
          variant="contained"
          loading={assign.isPending}
          disabled={selectable.length === 0}
          onClick={submit}
        >
          {t('mediaCentre.passOn.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
