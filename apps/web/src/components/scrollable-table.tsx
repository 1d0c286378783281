import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';

/**
 * A table's container that scrolls sideways on narrow screens: a named region that takes the
 * focus, so it can be scrolled with the keyboard.
 */
export function ScrollableTable({
  label,
  id,
  children,
}: {
  label: string;
  id?: string;
  children: ReactNode;
}) {
  return (
    <TableContainer
      id={id}
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        // Positioned: visually hidden text in its cells stays inside its scrolling.
        position: 'relative',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </TableContainer>
  );
}
