import { joinKeywords, parseKeywords } from '@medienkatalog/domain';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
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

/** The keyword editor (fn_schlag): keywords trimmed, empty ones ignored, duplicates collapse. */
export function KeywordPicker(props: PickerProps) {
  const { t } = useTranslation();
  return (
    <PickerDialog
      {...props}
      title={t('producer.pickers.keywords.title')}
      parse={parseKeywords}
      join={joinKeywords}
    >
      {(keywords, setKeywords) => (
        <KeywordEditor keywords={keywords} onChange={setKeywords} onCancel={props.onCancel} />
      )}
    </PickerDialog>
  );
}

function KeywordEditor({
  keywords,
  onChange,
  onCancel,
}: {
  keywords: string[];
  onChange: (keywords: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const add = () => {
    if (input.trim() === '') {
      return;
    }
    onChange(parseKeywords(joinKeywords([...keywords, input])));
    setInput('');
  };
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <TextField
          label={t('producer.pickers.keywords.input')}
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              onCancel();
            }
          }}
          autoFocus
          fullWidth
          size="small"
        />
        <IconButton aria-label={t('producer.pickers.keywords.add')} onClick={add} color="primary">
          <AddIcon />
        </IconButton>
      </Box>
      <SelectedPanel
        heading={t('producer.pickers.keywords.selected')}
        empty={t('producer.pickers.keywords.empty')}
        isEmpty={keywords.length === 0}
      >
        <ChipRow>
          {keywords.map((keyword) => (
            <RemovableChip
              key={keyword}
              label={keyword}
              onRemove={() => {
                onChange(keywords.filter((other) => other !== keyword));
              }}
            />
          ))}
        </ChipRow>
      </SelectedPanel>
    </>
  );
}
