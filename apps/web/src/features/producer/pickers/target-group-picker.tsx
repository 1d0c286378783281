import {
  AUDIENCE_LEVELS,
  AUDIENCES,
  audienceName,
  formatTargetGroup,
  joinTargetGroups,
  parseTargetGroups,
  withLevel,
  type TargetGroup,
} from '@medienkatalog/domain';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { PickerDialog, SelectedPanel, type PickerProps } from './picker-dialog.tsx';

const AUDIENCE_CODES = Object.keys(AUDIENCES);

/** Groups of the stored text, one per code (a repeated code keeps its first form). */
function parseGroups(stored: string): TargetGroup[] {
  const seen = new Set<string>();
  return parseTargetGroups(stored).filter((group) => {
    const fresh = !seen.has(group.code);
    seen.add(group.code);
    return fresh;
  });
}

/** The target-group editor (fn_adressat): audience cards and, for E, A and J, a level range. */
export function TargetGroupPicker(props: PickerProps) {
  const { t } = useTranslation();
  return (
    <PickerDialog
      {...props}
      title={t('producer.pickers.targetGroups.title')}
      parse={parseGroups}
      join={joinTargetGroups}
      maxWidth="md"
    >
      {(groups, setGroups) => <TargetGroupEditor groups={groups} onChange={setGroups} />}
    </PickerDialog>
  );
}

function TargetGroupEditor({
  groups,
  onChange,
}: {
  groups: TargetGroup[];
  onChange: (groups: TargetGroup[]) => void;
}) {
  const { t } = useTranslation();
  const toggle = (code: string) => {
    onChange(
      groups.some((group) => group.code === code)
        ? groups.filter((group) => group.code !== code)
        : [...groups, { code }],
    );
  };
  const replace = (changed: TargetGroup) => {
    onChange(groups.map((group) => (group.code === changed.code ? changed : group)));
  };
  return (
    <>
      <Box
        role="group"
        aria-label={t('producer.pickers.targetGroups.types')}
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
        }}
      >
        {AUDIENCE_CODES.map((code) => {
          const selected = groups.some((group) => group.code === code);
          return (
            <Card
              key={code}
              variant="outlined"
              sx={{
                borderColor: selected ? 'primary.main' : undefined,
                bgcolor: selected ? 'action.selected' : undefined,
              }}
            >
              <CardActionArea
                aria-pressed={selected}
                onClick={() => {
                  toggle(code);
                }}
                sx={{ p: 1.5, display: 'flex', alignItems: 'flex-start', gap: 1 }}
              >
                <Box sx={{ flexGrow: 1 }}>
                  <Typography variant="subtitle2" component="span" sx={{ display: 'block' }}>
                    {code}
                  </Typography>
                  <Typography variant="body2" component="span" color="text.secondary">
                    {audienceName(code)}
                  </Typography>
                </Box>
                {selected && <CheckCircleIcon color="primary" fontSize="small" />}
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
      <SelectedPanel
        heading={t('producer.pickers.targetGroups.selected')}
        empty={t('producer.pickers.targetGroups.empty')}
        isEmpty={groups.length === 0}
      >
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {groups.map((group) => (
            <SelectedGroup
              key={group.code}
              group={group}
              onChange={replace}
              onRemove={() => {
                toggle(group.code);
              }}
            />
          ))}
        </Box>
      </SelectedPanel>
    </>
  );
}

function SelectedGroup({
  group,
  onChange,
  onRemove,
}: {
  group: TargetGroup;
  onChange: (group: TargetGroup) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const name = audienceName(group.code);
  const levels = AUDIENCE_LEVELS[group.code];
  const withLevels = group.from !== undefined;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }} aria-label={name}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ flexGrow: 1 }}>
          <strong>{group.code}</strong> {name}
        </Typography>
        {levels && (
          <FormControlLabel
            control={
              <Switch
                checked={withLevels}
                onChange={(_event, checked) => {
                  const first = levels[0];
                  const last = levels.at(-1);
                  onChange(
                    checked && first !== undefined && last !== undefined
                      ? { code: group.code, from: first, to: last }
                      : { code: group.code },
                  );
                }}
              />
            }
            label={
              withLevels
                ? t('producer.pickers.targetGroups.withLevels')
                : t('producer.pickers.targetGroups.withoutLevels')
            }
          />
        )}
        <IconButton
          aria-label={t('producer.pickers.remove', { name })}
          onClick={onRemove}
          size="small"
        >
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Box>
      {levels && withLevels && <LevelRange group={group} levels={levels} onChange={onChange} />}
    </Paper>
  );
}

function LevelRange({
  group,
  levels,
  onChange,
}: {
  group: TargetGroup;
  levels: readonly number[];
  onChange: (group: TargetGroup) => void;
}) {
  const { t } = useTranslation();
  // A stored level outside the options stays choosable rather than silently changing.
  const options = [...new Set([...levels, group.from, group.to])]
    .filter((level) => level !== undefined)
    .sort((a, b) => a - b);
  const select = (end: 'from' | 'to') => (
    <TextField
      select
      size="small"
      label={t(`producer.pickers.targetGroups.${end}`)}
      value={String(end === 'from' ? group.from : (group.to ?? group.from))}
      onChange={(event) => {
        onChange(withLevel(group, end, Number(event.target.value)));
      }}
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: 96 }}
    >
      {options.map((level) => (
        <option key={level} value={level}>
          {level}
        </option>
      ))}
    </TextField>
  );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
      {select('from')}
      {select('to')}
      <Button
        size="small"
        onClick={() => {
          if (group.from !== undefined) {
            onChange({ ...group, to: group.from });
          }
        }}
      >
        {t('producer.pickers.targetGroups.sameLevel')}
      </Button>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {t('producer.pickers.targetGroups.preview', { value: formatTargetGroup(group) })}
      </Typography>
    </Box>
  );
}
