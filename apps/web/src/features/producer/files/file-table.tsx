import { isViewableInBrowser } from '@medienkatalog/domain';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Download from '@mui/icons-material/Download';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import Folder from '@mui/icons-material/Folder';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { FileItem } from '../../../api/media-files.ts';
import {
  clampPage,
  formatModified,
  isIndexFile,
  pageCount,
  pageItems,
  PAGINATION_BOUNDARY_COUNT,
  PAGINATION_SIBLING_COUNT,
} from './file-manager-rules.ts';

export interface FileTableActions {
  onOpenFolder: (item: FileItem) => void;
  onSetIndex: (item: FileItem) => void;
  onOpenInBrowser: (item: FileItem) => void;
  onDownload: (item: FileItem) => void;
  onRename: (item: FileItem) => void;
  onDelete: (item: FileItem) => void;
}

export interface FileTableProps extends FileTableActions {
  /** The folder's entries, sorted (folders first, then by name). */
  items: readonly FileItem[];
  /** The dirlist's FnIndex. */
  indexFile: string | null;
  /** 1-based; kept within the pages. */
  page: number;
  onPageChange: (page: number) => void;
  /** The folder shown, for the table's name. */
  path: string;
}

function RowAction({
  title,
  label,
  icon,
  onClick,
}: {
  title: string;
  label: string;
  icon: ReactElement;
  onClick: () => void;
}) {
  return (
    <Tooltip title={title}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/**
 * The folder's table (spec 2.7): name, size, modified, actions; 15 rows a page with 'Seite x von
 * y', the entry count and seven page buttons; folders open by their name; the index file carries
 * an INDEX badge.
 */
export function FileTable({
  items,
  indexFile,
  page,
  onPageChange,
  path,
  ...actions
}: FileTableProps) {
  const { t } = useTranslation();
  const pages = pageCount(items.length);
  const current = clampPage(page, items.length);
  if (items.length === 0) {
    return (
      <Box sx={{ py: 6, textAlign: 'center' }} role="status">
        <Typography variant="h6" component="p">
          {t('producer.files.table.empty')}
        </Typography>
        <Typography color="text.secondary">{t('producer.files.table.emptyHint')}</Typography>
      </Box>
    );
  }
  return (
    <Box>
      {/* Positioned: the visually hidden column names stay inside its scrolling, not the page's. */}
      <TableContainer sx={{ position: 'relative' }}>
        <Table size="small" aria-label={t('producer.files.table.label', { path })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('producer.files.table.name')}</TableCell>
              <TableCell align="right">{t('producer.files.table.size')}</TableCell>
              <TableCell>{t('producer.files.table.modified')}</TableCell>
              <TableCell align="right">{t('producer.files.table.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {pageItems(items, current).map((item) => {
              const folder = item.type === 'directory';
              const index = !folder && isIndexFile(item.fullPath, indexFile);
              const name = { name: item.name };
              return (
                <TableRow key={item.fullPath} hover>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      {folder ? (
                        <Folder color="primary" fontSize="small" aria-hidden />
                      ) : (
                        <InsertDriveFileOutlined color="action" fontSize="small" aria-hidden />
                      )}
                      {folder ? (
                        <Link
                          component="button"
                          type="button"
                          underline="hover"
                          aria-label={t('producer.files.table.openFolder', name)}
                          onClick={() => {
                            actions.onOpenFolder(item);
                          }}
                          sx={{ textAlign: 'left' }}
                        >
                          {item.name}
                        </Link>
                      ) : (
                        <span>{item.name}</span>
                      )}
                      {index && (
                        <Chip
                          label={t('producer.files.table.indexBadge')}
                          size="small"
                          color="primary"
                        />
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {item.formattedSize}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatModified(item.lastModified)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {!folder && !index && (
                      <RowAction
                        title={t('producer.files.actions.setIndex')}
                        label={t('producer.files.actions.setIndexOf', name)}
                        icon={<HomeOutlined fontSize="small" />}
                        onClick={() => {
                          actions.onSetIndex(item);
                        }}
                      />
                    )}
                    {!folder && isViewableInBrowser(item.name) && (
                      <RowAction
                        title={t('producer.files.actions.open')}
                        label={t('producer.files.actions.openOf', name)}
                        icon={<OpenInNew fontSize="small" />}
                        onClick={() => {
                          actions.onOpenInBrowser(item);
                        }}
                      />
                    )}
                    {!folder && (
                      <RowAction
                        title={t('producer.files.actions.download')}
                        label={t('producer.files.actions.downloadOf', name)}
                        icon={<Download fontSize="small" />}
                        onClick={() => {
                          actions.onDownload(item);
                        }}
                      />
                    )}
                    <RowAction
                      title={t('producer.files.actions.rename')}
                      label={t('producer.files.actions.renameOf', name)}
                      icon={<DriveFileRenameOutline fontSize="small" />}
                      onClick={() => {
                        actions.onRename(item);
                      }}
                    />
                    <RowAction
                      title={t('producer.files.actions.delete')}
                      label={t('producer.files.actions.deleteOf', name)}
                      icon={<DeleteOutline fontSize="small" />}
                      onClick={() => {
                        actions.onDelete(item);
                      }}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1, px: 1 }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('producer.files.table.entries', { count: items.length })}
          {pages > 1 && ` · ${t('producer.files.table.pageOf', { page: current, pages })}`}
        </Typography>
        {pages > 1 && (
          <Pagination
            count={pages}
            page={current}
            siblingCount={PAGINATION_SIBLING_COUNT}
            boundaryCount={PAGINATION_BOUNDARY_COUNT}
            onChange={(_event, next) => {
              onPageChange(next);
            }}
            color="primary"
            size="small"
            aria-label={t('producer.files.table.pagination')}
            getItemAriaLabel={(type, item, selected) => {
              switch (type) {
                case 'page':
                  return selected
                    ? t('producer.files.table.pageItem.current', { page: item ?? 0 })
                    : t('producer.files.table.pageItem.page', { page: item ?? 0 });
                case 'first':
                case 'last':
                case 'next':
                case 'previous':
                  return t(`producer.files.table.pageItem.${type}`);
                case 'start-ellipsis':
                case 'end-ellipsis':
                  return '';
              }
            }}
          />
        )}
      </Stack>
    </Box>
  );
}
