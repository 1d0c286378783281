import {
  formatLanguage,
  joinLanguages,
  languageLabel,
  languageName,
  LANGUAGES,
  parseLanguages,
  type MediumLanguage,
} from '@medienkatalog/domain';
import ClearIcon from '@mui/icons-material/Clear';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import {
  ChipRow,
  PickerDialog,
  RemovableChip,
  SelectedPanel,
  type PickerProps,
} from './picker-dialog.tsx';

const CODES = Object.keys(LANGUAGES);

/** The language editor (fn_sprache): a searchable list, added plain, with (u) or with (h). */
export function LanguagePicker(props: PickerProps) {
  const { t } = useTranslation();
  return (
    <PickerDialog
      {...props}
      title={t('producer.pickers.languages.title')}
      parse={parseLanguages}
      join={joinLanguages}
    >
      {(languages, setLanguages) => (
        <LanguageEditor languages={languages} onChange={setLanguages} />
      )}
    </PickerDialog>
  );
}

function LanguageEditor({
  languages,
  onChange,
}: {
  languages: MediumLanguage[];
  onChange: (languages: MediumLanguage[]) => void;
}) {
  const { t } = useTranslation();
  // The selection stays after adding, so the same language can be added in another form and
  // the focus stays on an enabled button.
  const [selected, setSelected] = useState<string | null>(null);
  const add = (variant?: MediumLanguage['variant']) => {
    if (selected === null) {
      return;
    }
    const language: MediumLanguage = variant ? { code: selected, variant } : { code: selected };
    // Joining and parsing again collapses a duplicate.
    onChange(parseLanguages(joinLanguages([...languages, language])));
  };
  const disabled = selected === null;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Autocomplete
          options={CODES}
          value={selected}
          onChange={(_event, code) => {
            setSelected(code);
          }}
          getOptionLabel={languageLabel}
          autoHighlight
          // The clear button beside it is reachable by keyboard; the built-in one is not.
          slotProps={{ clearIndicator: { sx: { display: 'none' } } }}
          noOptionsText={t('producer.pickers.languages.noOptions')}
          openText={t('producer.pickers.languages.open')}
          closeText={t('producer.pickers.languages.close')}
          renderInput={(params) => (
            <TextField {...params} label={t('producer.pickers.languages.input')} autoFocus />
          )}
          size="small"
          fullWidth
        />
        <IconButton
          aria-label={t('producer.pickers.languages.clear')}
          onClick={() => {
            setSelected(null);
          }}
          disabled={disabled}
        >
          <ClearIcon />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button
          variant="outlined"
          disabled={disabled}
          onClick={() => {
            add();
          }}
        >
          {t('producer.pickers.languages.add')}
        </Button>
        <Button
          variant="outlined"
          disabled={disabled}
          onClick={() => {
            add('u');
          }}
        >
          {t('producer.pickers.languages.addSubtitles')}
        </Button>
        <Button
          variant="outlined"
          disabled={disabled}
          onClick={() => {
            add('h');
          }}
        >
          {t('producer.pickers.languages.addHearingImpaired')}
        </Button>
      </Box>
      <SelectedPanel
        heading={t('producer.pickers.languages.selected')}
        empty={t('producer.pickers.languages.empty')}
        isEmpty={languages.length === 0}
      >
        <ChipRow>
          {languages.map((language) => {
            const stored = formatLanguage(language);
            return (
              <RemovableChip
                key={stored}
                label={`${stored} - ${languageName(language.code)}`}
                onRemove={() => {
                  onChange(languages.filter((other) => formatLanguage(other) !== stored));
                }}
              />
            );
          })}
        </ChipRow>
      </SelectedPanel>
    </>
  );
}
