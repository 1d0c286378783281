import type { ComponentType } from 'react';
import { KeywordPicker } from './keyword-picker.tsx';
import { LanguagePicker } from './language-picker.tsx';
import type { PickerProps } from './picker-dialog.tsx';
import { SubjectAreaPicker } from './subject-area-picker.tsx';
import { TargetGroupPicker } from './target-group-picker.tsx';

export type { PickerProps } from './picker-dialog.tsx';

/** The medium fields edited in a picker dialog rather than in the cell. */
export type PickerField = 'fn_adressat' | 'fn_sprache' | 'fn_schlag' | 'fn_geb';

/** The picker of each field, for the edit grid and the add-medium wizard. */
export const PICKERS: Record<PickerField, ComponentType<PickerProps>> = {
  fn_adressat: TargetGroupPicker,
  fn_sprache: LanguagePicker,
  fn_schlag: KeywordPicker,
  fn_geb: SubjectAreaPicker,
};
