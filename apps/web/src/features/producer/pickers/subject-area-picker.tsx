import {
  joinSubjects,
  parseSubjects,
  SUBJECT_AREAS,
  subjectAreaAncestors,
  subjectAreaChildren,
  subjectAreaName,
  subjectAreaSearchTerms,
  type SubjectArea,
} from '@medienkatalog/domain';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import {
  ChipRow,
  PickerDialog,
  RemovableChip,
  SelectedPanel,
  type PickerProps,
} from './picker-dialog.tsx';

/** Tree indent per depth (producer spec 2.4). */
const INDENT_PX = 20;

const SEARCH_TEXT = new Map(
  SUBJECT_AREAS.map((area) => [
    area.code,
    [area.label, ...subjectAreaSearchTerms(area.code)].join('\n').toLocaleLowerCase('de'),
  ]),
);

const WITH_CHILDREN = SUBJECT_AREAS.filter((area) => subjectAreaChildren(area.code).length > 0).map(
  (area) => area.code,
);

interface Search {
  /** Areas whose code starts with the query or whose label or synonyms contain it. */
  matches: ReadonlySet<string>;
  /** The matches and their ancestors: what the filtered tree shows. */
  shown: ReadonlySet<string>;
}

function search(query: string): Search | null {
  const text = query.trim().toLocaleLowerCase('de');
  if (text === '') {
    return null;
  }
  const matches = new Set(
    SUBJECT_AREAS.filter(
      (area) => area.code.startsWith(text) || (SEARCH_TEXT.get(area.code) ?? '').includes(text),
    ).map((area) => area.code),
  );
  const shown = new Set<string>();
  for (const code of matches) {
    subjectAreaAncestors(code).forEach((area) => shown.add(area.code));
  }
  return { matches, shown };
}

/** The codes above each code: expanding them shows the code. */
function ancestorsOf(codes: Iterable<string>): string[] {
  return [...codes].flatMap((code) =>
    subjectAreaAncestors(code)
      .map((area) => area.code)
      .filter((ancestor) => ancestor !== code),
  );
}

/** The codes in exactly one of the two sets. */
function toggled(base: ReadonlySet<string>, toggles: ReadonlySet<string>): ReadonlySet<string> {
  const result = new Set(base);
  for (const code of toggles) {
    if (!result.delete(code)) {
      result.add(code);
    }
  }
  return result;
}

function withToggled(codes: ReadonlySet<string>, code: string): ReadonlySet<string> {
  return toggled(codes, new Set([code]));
}

interface Row {
  area: SubjectArea;
  depth: number;
  parent: string | null;
  hasChildren: boolean;
  expanded: boolean;
  match: boolean;
}

/**
 * The rows on screen: only expanded branches are walked. While searching, only matches and their
 * ancestors are shown, and everything below a match.
 */
function visibleRows(expanded: ReadonlySet<string>, found: Search | null): Row[] {
  const rows: Row[] = [];
  const visit = (parent: string | null, depth: number, insideMatch: boolean) => {
    for (const area of subjectAreaChildren(parent)) {
      if (found && !insideMatch && !found.shown.has(area.code)) {
        continue;
      }
      const match = found?.matches.has(area.code) ?? false;
      const hasChildren = subjectAreaChildren(area.code).length > 0;
      const open = hasChildren && expanded.has(area.code);
      rows.push({ area, depth, parent, hasChildren, expanded: open, match });
      if (open) {
        visit(area.code, depth + 1, insideMatch || match);
      }
    }
  };
  visit(null, 0, false);
  return rows;
}

/** The subject-area editor (fn_geb): a searchable tree; clicking a node toggles its selection. */
export function SubjectAreaPicker(props: PickerProps) {
  const { t } = useTranslation();
  return (
    <PickerDialog
      {...props}
      title={t('producer.pickers.subjects.title')}
      parse={parseSubjects}
      join={joinSubjects}
      maxWidth="md"
    >
      {(codes, setCodes) => <SubjectAreaEditor codes={codes} onChange={setCodes} />}
    </PickerDialog>
  );
}

function SubjectAreaEditor({
  codes,
  onChange,
}: {
  codes: string[];
  onChange: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  // Expanded by the user outside a search; the chosen areas are in view when the editor opens.
  const [browsing, setBrowsing] = useState<ReadonlySet<string>>(() => new Set(ancestorsOf(codes)));
  // While searching, the matches' ancestors are expanded; these are the user's changes to that.
  const [searchToggles, setSearchToggles] = useState<ReadonlySet<string>>(() => new Set());
  const [focused, setFocused] = useState<string | null>(null);
  const treeRef = useRef<HTMLUListElement>(null);
  const found = useMemo(() => search(query), [query]);
  const searchExpanded = useMemo(
    () => (found ? new Set(ancestorsOf(found.matches)) : null),
    [found],
  );
  const expanded = useMemo(
    () => (searchExpanded ? toggled(searchExpanded, searchToggles) : browsing),
    [searchExpanded, searchToggles, browsing],
  );
  const rows = useMemo(() => visibleRows(expanded, found), [expanded, found]);
  const selected = new Set(codes);
  const focusable = rows.some((row) => row.area.code === focused)
    ? focused
    : (rows[0]?.area.code ?? null);

  const changeQuery = (next: string) => {
    setQuery(next);
    setSearchToggles(new Set());
  };
  const toggleExpanded = (code: string) => {
    if (searchExpanded) {
      setSearchToggles((current) => withToggled(current, code));
    } else {
      setBrowsing((current) => withToggled(current, code));
    }
  };
  const expandOrCollapseAll = () => {
    const target = new Set(expanded.size === 0 ? WITH_CHILDREN : []);
    if (searchExpanded) {
      setSearchToggles(toggled(searchExpanded, target));
    } else {
      setBrowsing(target);
    }
  };
  const toggleSelected = (code: string) => {
    onChange(selected.has(code) ? codes.filter((other) => other !== code) : [...codes, code]);
  };
  const focusRow = (code: string | undefined) => {
    if (code === undefined) {
      return;
    }
    setFocused(code);
    treeRef.current?.querySelector<HTMLElement>(`[data-code="${code}"]`)?.focus();
  };
  const onTreeKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = rows.findIndex((row) => row.area.code === focusable);
    const row = rows[index];
    if (!row) {
      return;
    }
    const code = row.area.code;
    switch (event.key) {
      case 'ArrowDown':
        focusRow(rows[index + 1]?.area.code);
        break;
      case 'ArrowUp':
        focusRow(rows[index - 1]?.area.code);
        break;
      case 'Home':
        focusRow(rows[0]?.area.code);
        break;
      case 'End':
        focusRow(rows.at(-1)?.area.code);
        break;
      case 'ArrowRight':
        if (row.hasChildren && !row.expanded) {
          toggleExpanded(code);
        } else if (row.expanded) {
          focusRow(rows[index + 1]?.area.code);
        }
        break;
      case 'ArrowLeft':
        if (row.expanded) {
          toggleExpanded(code);
        } else if (row.parent !== null) {
          focusRow(row.parent);
        }
        break;
      case 'Enter':
      case ' ':
        toggleSelected(code);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <TextField
          type="search"
          size="small"
          fullWidth
          autoFocus
          label={t('producer.pickers.subjects.search')}
          value={query}
          onChange={(event) => {
            changeQuery(event.target.value);
          }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button sx={{ flexShrink: 0 }} onClick={expandOrCollapseAll}>
          {expanded.size === 0
            ? t('producer.pickers.subjects.expandAll')
            : t('producer.pickers.subjects.collapseAll')}
        </Button>
      </Box>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t('producer.pickers.subjects.noMatches')}
        </Typography>
      ) : (
        <Box
          component="ul"
          role="tree"
          aria-multiselectable="true"
          aria-label={t('producer.pickers.subjects.tree')}
          ref={treeRef}
          onKeyDown={onTreeKeyDown}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            maxHeight: 360,
            overflowY: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            // Hundreds of rows: plain elements styled from here, not a styled component each.
            '& [role="treeitem"]': {
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              py: 0.25,
              pr: 1,
              cursor: 'pointer',
              typography: 'body2',
              '&:hover': { bgcolor: 'action.hover' },
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
            },
            '& [aria-selected="true"]': { bgcolor: 'action.selected' },
            '& .tree-toggle': { display: 'inline-flex', width: 24, color: 'action.active' },
            '& .tree-toggle.leaf': { visibility: 'hidden' },
            '& .tree-check': { display: 'inline-flex', color: 'action.active' },
            '& [aria-selected="true"] .tree-check': { color: 'primary.main' },
            '& .tree-code': { color: 'text.secondary', mr: 1 },
            '& .tree-match': { fontWeight: 700 },
          }}
        >
          {rows.map((row) => {
            const { code, label } = row.area;
            const isSelected = selected.has(code);
            return (
              <li
                key={code}
                role="treeitem"
                data-code={code}
                aria-label={`${code} ${label}`}
                aria-level={row.depth + 1}
                aria-selected={isSelected}
                aria-expanded={row.hasChildren ? row.expanded : undefined}
                tabIndex={code === focusable ? 0 : -1}
                onClick={() => {
                  setFocused(code);
                  toggleSelected(code);
                }}
                style={{ paddingLeft: `${4 + row.depth * INDENT_PX}px` }}
              >
                <span
                  className={row.hasChildren ? 'tree-toggle' : 'tree-toggle leaf'}
                  aria-hidden
                  data-testid={`toggle-${code}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    if (row.hasChildren) {
                      toggleExpanded(code);
                    }
                  }}
                >
                  {row.expanded ? (
                    <ExpandMoreIcon fontSize="small" />
                  ) : (
                    <ChevronRightIcon fontSize="small" />
                  )}
                </span>
                <span className="tree-check" aria-hidden>
                  {isSelected ? (
                    <CheckBoxIcon fontSize="small" />
                  ) : (
                    <CheckBoxOutlineBlankIcon fontSize="small" />
                  )}
                </span>
                <span className={row.match ? 'tree-match' : undefined}>
                  <span className="tree-code">{code}</span>
                  {label}
                </span>
              </li>
            );
          })}
        </Box>
      )}
      <SelectedPanel
        heading={t('producer.pickers.subjects.selected')}
        empty={t('producer.pickers.subjects.empty')}
        isEmpty={codes.length === 0}
        action={
          <Button
            size="small"
            disabled={codes.length === 0}
            onClick={() => {
              onChange([]);
            }}
          >
            {t('producer.pickers.subjects.removeAll')}
          </Button>
        }
      >
        <ChipRow>
          {codes.map((code) => (
            <RemovableChip
              key={code}
              label={`${code} ${subjectAreaName(code)}`}
              onRemove={() => {
                toggleSelected(code);
              }}
            />
          ))}
        </ChipRow>
      </SelectedPanel>
    </>
  );
}
