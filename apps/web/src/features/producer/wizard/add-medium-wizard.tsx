import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAX_PRODUCTION_YEAR,
  MEDIA_TYPE_OPTIONS,
  MEDIUM_FIELD_LABELS,
  MIN_PRODUCTION_YEAR,
  parseKeywords,
  ProducerMediumInputSchema,
  type ProducerMedium,
} from '@medienkatalog/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Controller, useForm, useFormState, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { z } from 'zod';
import { ApiError } from '../../../api/http.ts';
import { createProducerMedium, deleteProducerMedium } from '../../../api/producer-media.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { fieldProps } from '../../../lib/field-props.ts';
import { useFieldHelp } from '../field-help.ts';
import { FileManager } from '../files/file-manager.tsx';
import { PICKERS, type PickerField } from '../pickers/pickers.ts';
import { TeaserEditor } from '../teaser/teaser-editor.tsx';
import { KeepDraftDialog } from './keep-draft-dialog.tsx';

const WizardSchema = ProducerMediumInputSchema.omit({ teaser_image: true });
type WizardInput = z.input<typeof WizardSchema>;
type WizardValues = z.output<typeof WizardSchema>;
/** The fields the wizard shows (the status of a new medium is always draft). */
type Field = Exclude<Path<WizardInput>, 'fn_status'>;

const emptyMedium = (): WizardInput => ({
  fn_nr: '',
  fn_titel: '',
  fn_utitel: '',
  fn_paratitel: '',
  fn_text: '',
  fn_kurztext: '',
  fn_langtext: '',
  fn_adressat: '',
  fn_schlag: '',
  fn_typ: '49',
  fn_prodjahr: String(new Date().getFullYear()),
  fn_sprache: 'de',
  fn_laenge: '',
  fn_sertitel: '',
  fn_geb: '',
  fn_produ: '',
  fn_herausgeber: '',
  fn_autor: '',
  fn_bemerk: '',
  fn_url: '',
  fn_beigaben: '',
  fn_status: 'draft',
});

/** The fields of steps 1 to 5, in their order (spec 2.5). */
const STEP_FIELDS: readonly (readonly Field[])[] = [
  ['fn_nr', 'fn_titel', 'fn_adressat'],
  ['fn_utitel', 'fn_paratitel', 'fn_text', 'fn_kurztext', 'fn_langtext'],
  ['fn_typ', 'fn_prodjahr', 'fn_sprache', 'fn_laenge'],
  ['fn_schlag', 'fn_geb', 'fn_sertitel'],
  ['fn_produ', 'fn_herausgeber', 'fn_autor', 'fn_bemerk', 'fn_url', 'fn_beigaben'],
];
const REQUIRED = ['fn_nr', 'fn_titel', 'fn_adressat'] as const;
const STEPS = 7;
/** Creation happens at step 5 (index 4). */
const CREATE_STEP = 4;
const LONG_TEXTS = new Set<Field>(['fn_text', 'fn_kurztext', 'fn_langtext', 'fn_bemerk']);

/** 'a, b, c +2 weitere': the first three keywords (spec 2.5). */
export function keywordSummary(stored: string, more: (count: number) => string): string {
  const keywords = parseKeywords(stored);
  const shown = keywords.slice(0, 3).join(', ');
  return keywords.length > 3 ? `${shown} ${more(keywords.length - 3)}` : shown;
}

/**
 * 'Neues Medium hinzufügen' (spec 2.5): seven steps; the medium is created at step 5, then
 * its teaser image and files are added to it. Closing resets everything, so nothing is lost
 * unasked: Escape and 'Abbrechen' ask before discarding what was typed, and once the medium
 * exists they offer to keep or delete the draft.
 */
export function AddMediumWizard({
  open,
  onClose,
}: {
  open: boolean;
  /** With the created medium, if one was created and kept; `draftDeleted` after deleting it. */
  onClose: (created: ProducerMedium | null, draftDeleted?: boolean) => void;
}) {
  const { t } = useTranslation();
  /** The field's help: where it appears (the grid shows the same text as its header's hint). */
  const help = useFieldHelp();
  const titleId = useId();
  const [step, setStep] = useState(0);
  const [created, setCreated] = useState<ProducerMedium | null>(null);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [picking, setPicking] = useState<PickerField | null>(null);
  /** What closing asks first: discarding the input, or keeping or deleting the draft. */
  const [asking, setAsking] = useState<'discard' | 'draft' | null>(null);
  /**
   * A new step takes the focus to its heading: the button that led there may be gone ('Medium
   * erstellen'), and focus must stay in the dialog for Escape and screen readers. Before the
   * step is painted: an Escape pressed as soon as it shows went to the page, not the dialog.
   */
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useLayoutEffect(() => {
    if (shownStep.current !== step) {
      shownStep.current = step;
      // Not while closing (the reset to step 1): the focus goes back to 'Medium hinzufügen'.
      if (open) {
        stepHeading.current?.focus();
      }
    }
  }, [open, step]);
  const form = useForm<WizardInput, unknown, WizardValues>({
    resolver: zodResolver(WizardSchema),
    defaultValues: emptyMedium(),
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control });
  const { isDirty } = useFormState({ control: form.control });
  const requiredFilled = REQUIRED.every((name) => (values[name] ?? '').trim() !== '');

  const close = () => {
    const result = created;
    form.reset(emptyMedium());
    setStep(0);
    setCreated(null);
    setError(null);
    setPicking(null);
    setAsking(null);
    onClose(result);
  };

  /** Escape and 'Abbrechen': closes at once only when nothing would be lost. */
  const requestClose = () => {
    if (created !== null) {
      setAsking('draft');
    } else if (isDirty) {
      setAsking('discard');
    } else {
      close();
    }
  };

  const deleteDraft = async () => {
    if (created) {
      await deleteProducerMedium(created.identifier);
      setCreated(null);
      form.reset(emptyMedium());
      setStep(0);
      setError(null);
      setPicking(null);
      setAsking(null);
      onClose(null, true);
    }
  };

  const next = async () => {
    if (await form.trigger(STEP_FIELDS[step] ?? [])) {
      setStep(step + 1);
    }
  };

  const create = form.handleSubmit(
    async (medium) => {
      setError(null);
      setCreating(true);
      try {
        setCreated(await createProducerMedium({ ...medium, teaser_image: null }));
        setStep(CREATE_STEP + 1);
      } catch (createError) {
        const message = createError instanceof Error ? createError.message : String(createError);
        setError(message);
        if (createError instanceof ApiError && createError.status === 409) {
          form.setError('fn_nr', { message });
        }
      } finally {
        setCreating(false);
      }
    },
    (errors) => {
      // Back to the first step with an invalid field.
      const first = STEP_FIELDS.findIndex((fields) => fields.some((name) => name in errors));
      if (first >= 0) {
        setStep(first);
      }
    },
  );

  const text = (name: Field, options: { required?: boolean } = {}) => (
    <TextField
      key={name}
      label={MEDIUM_FIELD_LABELS[name]}
      required={options.required}
      multiline={LONG_TEXTS.has(name)}
      minRows={LONG_TEXTS.has(name) ? 3 : undefined}
      disabled={created !== null}
      {...fieldProps(form, name, help(name))}
    />
  );

  const picker = (name: PickerField, options: { required?: boolean; summary?: string } = {}) => {
    const value = values[name] ?? '';
    const message = form.getFieldState(name, form.formState).error?.message;
    return (
      <Stack key={name} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={MEDIUM_FIELD_LABELS[name]}
          required={options.required}
          value={options.summary ?? value}
          placeholder={t('producer.wizard.nothingChosen')}
          slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
          error={message !== undefined}
          helperText={message}
          sx={{ flex: 1 }}
          onClick={() => {
            if (created === null) {
              setPicking(name);
            }
          }}
        />
        <Button
          variant="outlined"
          disabled={created !== null}
          sx={{ mt: 1 }}
          onClick={() => {
            setPicking(name);
          }}
        >
          {t('producer.wizard.choose')}
        </Button>
      </Stack>
    );
  };

  const stepContent = () => {
    switch (step) {
      case 0:
        return [
          text('fn_nr', { required: true }),
          text('fn_titel', { required: true }),
          picker('fn_adressat', { required: true }),
        ];
      case 1:
        return STEP_FIELDS[1]?.map((name) => text(name));
      case 2:
        return [
          <Controller
            key="fn_typ"
            control={form.control}
            name="fn_typ"
            render={({ field }) => (
              <TextField select label={MEDIUM_FIELD_LABELS.fn_typ} {...field}>
                {MEDIA_TYPE_OPTIONS.map((option) => (
                  <MenuItem key={option.code} value={option.code}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />,
          <TextField
            key="fn_prodjahr"
            type="number"
            label={MEDIUM_FIELD_LABELS.fn_prodjahr}
            slotProps={{ htmlInput: { min: MIN_PRODUCTION_YEAR, max: MAX_PRODUCTION_YEAR } }}
            {...fieldProps(form, 'fn_prodjahr')}
          />,
          picker('fn_sprache'),
          text('fn_laenge'),
        ];
      case 3:
        return [
          picker('fn_schlag', {
            summary: keywordSummary(values.fn_schlag ?? '', (count) =>
              t('producer.wizard.moreKeywords', { count }),
            ),
          }),
          picker('fn_geb'),
          text('fn_sertitel'),
        ];
      case 4:
        return [
          ...(STEP_FIELDS[4]?.map((name) => text(name)) ?? []),
          created === null && !requiredFilled && (
            <Alert key="required" severity="info">
              {t('producer.wizard.requiredHint')}
            </Alert>
          ),
          error && (
            <Alert key="error" severity="error">
              {error}
            </Alert>
          ),
          created && (
            <Alert key="created" severity="success">
              {t('producer.wizard.created', { identifier: created.identifier })}
            </Alert>
          ),
        ];
      case 5:
        return <TeaserEditor medium={created} />;
      default:
        return created ? (
          <FileManager medium={created} embedded />
        ) : (
          <Alert severity="info">{t('producer.teaser.createFirst')}</Alert>
        );
    }
  };

  const PickerDialog = picking && PICKERS[picking];
  const stepTitles = t('producer.wizard.steps', { returnObjects: true });

  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        // Persistent: only the buttons and Escape close it, and they ask before losing anything.
        if (reason !== 'backdropClick') {
          requestClose();
        }
      }}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 800 } } }}
    >
      <DialogTitle id={titleId}>{t('producer.wizard.title')}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {stepTitles.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Typography
          ref={stepHeading}
          variant="h2"
          tabIndex={-1}
          sx={{ fontSize: '1.15rem', mb: 2, '&:focus': { outline: 'none' } }}
        >
          {t('producer.wizard.stepOf', { step: step + 1, total: STEPS, title: stepTitles[step] })}
        </Typography>
        <Stack
          component="form"
          spacing={2}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
          }}
        >
          {stepContent()}
        </Stack>
        <Box />
      </DialogContent>
      <DialogActions>
        <Button
          disabled={step === 0}
          onClick={() => {
            setStep(step - 1);
          }}
        >
          {t('producer.wizard.back')}
        </Button>
        <Button onClick={requestClose}>{t('producer.wizard.cancel')}</Button>
        {step < CREATE_STEP && (
          <Button
            variant="contained"
            disabled={step === 0 && !requiredFilled}
            onClick={() => {
              void next();
            }}
          >
            {t('producer.wizard.next')}
          </Button>
        )}
        {step === CREATE_STEP && created === null && (
          <Button
            variant="contained"
            loading={creating}
            disabled={!requiredFilled}
            onClick={() => {
              void create();
            }}
          >
            {t('producer.wizard.create')}
          </Button>
        )}
        {step === CREATE_STEP && created !== null && (
          <Button
            variant="contained"
            onClick={() => {
              setStep(CREATE_STEP + 1);
            }}
          >
            {t('producer.wizard.next')}
          </Button>
        )}
        {step === CREATE_STEP + 1 && (
          <Button
            variant="contained"
            onClick={() => {
              setStep(step + 1);
            }}
          >
            {t('producer.wizard.next')}
          </Button>
        )}
        {step === STEPS - 1 && (
          <Button variant="contained" onClick={close}>
            {t('producer.wizard.finish')}
          </Button>
        )}
      </DialogActions>
      <ConfirmDialog
        open={asking === 'discard'}
        title={t('producer.wizard.discardTitle')}
        message={t('producer.wizard.discard')}
        confirmLabel={t('producer.wizard.discardConfirm')}
        cancelLabel={t('producer.wizard.keepEditing')}
        destructive
        onCancel={() => {
          setAsking(null);
        }}
        onConfirm={close}
      />
      <KeepDraftDialog
        open={asking === 'draft'}
        medium={created}
        onKeep={close}
        onDelete={deleteDraft}
        onCancel={() => {
          setAsking(null);
        }}
      />
      {picking && PickerDialog && (
        <PickerDialog
          open
          medium={{ fn_titel: values.fn_titel ?? '', fn_nr: values.fn_nr ?? '' }}
          value={values[picking] ?? ''}
          onCancel={() => {
            setPicking(null);
          }}
          onSave={(value) => {
            form.setValue(picking, value, { shouldDirty: true, shouldValidate: true });
            setPicking(null);
          }}
        />
      )}
    </Dialog>
  );
}
