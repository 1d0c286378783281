import { subjectAreaChildren, subjectAreaName, type FacetValue } from '@medienkatalog/domain';
import CheckIcon from '@mui/icons-material/Check';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useDistinct } from '../api/catalogue-distinct.ts';
import { facetCountLabel } from './facet-count.ts';
import type { SearchSource, SearchState } from '../api/catalogue-search.ts';

interface SubjectFilterProps {
  /** The search without its filters: the counts do not depend on the selection. */
  search: SearchState;
  source?: SearchSource;
  /** The top-level subject areas with media under the search, with counts. */
  top: readonly FacetValue[];
  /** Whether the counts of `top` are scaled from a sample of the matches. */
  approximate: boolean;
  loading: boolean;
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/**
 * The 'Sachgebiete' filter: a button that opens the subject areas as a tree, top level with
 * counts, each expandable to the areas below it that hold media (counted under the search).
 * Keyboard as in the WAI-ARIA tree pattern: arrows move, open and close, Space and Enter select.
 */
export function SubjectFilter({
  search,
  source,
  top,
  approximate,
  loading,
  selected,
  onChange,
}: SubjectFilterProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [focused, setFocused] = useState<string | undefined>();
  const titleId = useId();
  const treeRef = useRef<HTMLUListElement>(null);
  const names = selected.map(subjectAreaName);
  const summary =
    names.length === 0
      ? t('search.filter.fn_geb')
      : t('search.subjects.summary', { names: names.join(', ') });

  const toggleSelected = (code: string) => {
    onChange(
      selected.includes(code) ? selected.filter((value) => value !== code) : [...selected, code],
    );
  };
  const setOpenState = (code: string, isOpen: boolean) => {
    const next = new Set(expanded);
    if (isOpen) {
      next.add(code);
    } else {
      next.delete(code);
    }
    setExpanded(next);
  };

  /** The tree items as drawn, top to bottom. */
  const items = () => [
    ...(treeRef.current?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? []),
  ];
  const focusItem = (item: HTMLElement | undefined) => {
    if (item?.dataset.code !== undefined) {
      setFocused(item.dataset.code);
      item.focus();
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
    const code = item?.dataset.code;
    if (!item || code === undefined) {
      return;
    }
    const all = items();
    const index = all.indexOf(item);
    const isOpen = item.getAttribute('aria-expanded') === 'true';
    const canOpen = item.hasAttribute('aria-expanded');
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    switch (event.key) {
      case 'ArrowDown':
        handled();
        focusItem(all[index + 1]);
        break;
      case 'ArrowUp':
        handled();
        focusItem(all[index - 1]);
        break;
      case 'Home':
        handled();
        focusItem(all[0]);
        break;
      case 'End':
        handled();
        focusItem(all.at(-1));
        break;
      case 'ArrowRight':
        handled();
        if (canOpen && !isOpen) {
          setOpenState(code, true);
        } else if (isOpen) {
          focusItem(all[index + 1]);
        }
        break;
      case 'ArrowLeft':
        handled();
        if (isOpen) {
          setOpenState(code, false);
        } else {
          focusItem(item.parentElement?.closest<HTMLElement>('[role="treeitem"]') ?? undefined);
        }
        break;
      case ' ':
      case 'Enter':
        handled();
        toggleSelected(code);
        break;
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
        }}
        endIcon={<ExpandMoreIcon />}
        sx={{
          justifyContent: 'space-between',
          textTransform: 'none',
          minHeight: 40,
          borderColor: 'rgba(0, 0, 0, 0.23)',
          fontWeight: 400,
          '& > span:first-of-type': { overflow: 'hidden', textOverflow: 'ellipsis' },
        }}
      >
        <Box
          component="span"
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {summary}
        </Box>
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={titleId}>{t('search.filter.fn_geb')}</DialogTitle>
        <DialogContent dividers>
          {loading ? (
            <Typography role="status">{t('app.loading')}</Typography>
          ) : top.length === 0 ? (
            <Typography>{t('search.noResults')}</Typography>
          ) : (
            <Box
              component="ul"
              role="tree"
              aria-labelledby={titleId}
              aria-multiselectable="true"
              ref={treeRef}
              onKeyDown={onKeyDown}
              sx={{ listStyle: 'none', m: 0, p: 0 }}
            >
              {top.map((area, index) => (
                <SubjectNode
                  key={area.value}
                  area={area}
                  approximate={approximate}
                  level={1}
                  search={search}
                  source={source}
                  selected={selected}
                  expanded={expanded}
                  focused={focused ?? (index === 0 ? area.value : undefined)}
                  onToggleOpen={setOpenState}
                  onToggleSelected={toggleSelected}
                  onFocus={setFocused}
                />
              ))}
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          {selected.length > 0 && (
            <Button
              onClick={() => {
                onChange([]);
              }}
            >
              {t('search.subjects.clear')}
            </Button>
          )}
          <Button
            variant="contained"
            onClick={() => {
              setOpen(false);
            }}
          >
            {t('search.subjects.done')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

interface SubjectNodeProps {
  area: FacetValue;
  /** Whether the area's count is scaled from a sample of the matches. */
  approximate: boolean;
  level: number;
  search: SearchState;
  source?: SearchSource;
  selected: readonly string[];
  expanded: ReadonlySet<string>;
  focused: string | undefined;
  onToggleOpen: (code: string, open: boolean) => void;
  onToggleSelected: (code: string) => void;
  onFocus: (code: string) => void;
}

function SubjectNode(props: SubjectNodeProps) {
  const { area, level, selected, expanded, focused } = props;
  const { t } = useTranslation();
  const hasChildren = subjectAreaChildren(area.value).length > 0;
  const isOpen = hasChildren && expanded.has(area.value);
  const isSelected = selected.includes(area.value);
  return (
    <li
      role="treeitem"
      data-code={area.value}
      aria-level={level}
      aria-selected={isSelected}
      aria-expanded={hasChildren ? isOpen : undefined}
      tabIndex={focused === area.value ? 0 : -1}
      onFocus={(event) => {
        if (event.target === event.currentTarget) {
          props.onFocus(area.value);
        }
      }}
      onClick={(event) => {
        event.stopPropagation();
        props.onToggleSelected(area.value);
      }}
      style={{ outlineOffset: -2 }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          py: 0.5,
          pl: (level - 1) * 2.5,
          cursor: 'pointer',
          borderRadius: 1,
          bgcolor: isSelected ? 'action.selected' : undefined,
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Box
          component="span"
          aria-hidden="true"
          data-testid={`toggle-${area.value}`}
          onClick={(event) => {
            event.stopPropagation();
            if (hasChildren) {
              props.onToggleOpen(area.value, !isOpen);
            }
          }}
          sx={{ display: 'inline-flex', width: 24, visibility: hasChildren ? undefined : 'hidden' }}
        >
          {isOpen ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
        </Box>
        <CheckIcon
          fontSize="small"
          aria-hidden="true"
          sx={{ visibility: isSelected ? 'visible' : 'hidden', color: 'primary.main' }}
        />
        <span>{facetCountLabel(t, area, props.approximate)}</span>
      </Box>
      {isOpen && <SubjectChildren {...props} level={level + 1} parent={area.value} />}
    </li>
  );
}

/** The areas one level below `parent` that hold media under the search. */
function SubjectChildren(props: SubjectNodeProps & { parent: string }) {
  const { t } = useTranslation();
  const children = useDistinct(props.search, props.source, props.parent);
  const areas = children.data?.fn_geb ?? [];
  return (
    <Box component="ul" role="group" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {children.isPending ? (
        <Box component="li" role="none" sx={{ pl: props.level * 2.5, py: 0.5 }}>
          {t('app.loading')}
        </Box>
      ) : areas.length === 0 ? (
        <Box component="li" role="none" sx={{ pl: props.level * 2.5, py: 0.5 }}>
          {t('search.subjects.noChildren')}
        </Box>
      ) : (
        areas.map((area) => (
          <SubjectNode
            key={area.value}
            {...props}
            area={area}
            approximate={children.data?.approximate === true}
          />
        ))
      )}
    </Box>
  );
}
