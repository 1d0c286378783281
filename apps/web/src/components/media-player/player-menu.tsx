import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type ReactNode } from 'react';

export interface MenuChoice<Value> {
  value: Value;
  label: string;
}

/**
 * A player menu (speed, quality, captions, chapters): a button naming the menu and its current
 * choice, and a list of radio items (arrow keys move, Enter chooses, Escape closes).
 */
export function PlayerMenu<Value>({
  label,
  current,
  icon,
  choices,
  selected,
  onChoose,
  radio = true,
}: {
  label: string;
  /** The current choice, shown on the button ('1,5-fach'). */
  current?: string;
  icon: ReactNode;
  choices: readonly MenuChoice<Value>[];
  selected?: Value;
  onChoose: (value: Value) => void;
  /** false: plain actions (chapters jump), not a choice that stays. */
  radio?: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button
        size="small"
        color="inherit"
        startIcon={icon}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={current ? `${label}: ${current}` : label}
        onClick={(event) => {
          setAnchor(event.currentTarget);
        }}
        sx={{ textTransform: 'none', minWidth: 0 }}
      >
        {current ?? label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => {
          setAnchor(null);
        }}
        slotProps={{ list: { 'aria-label': label } }}
      >
        {choices.map((choice) => (
          <MenuItem
            key={choice.label}
            role={radio ? 'menuitemradio' : 'menuitem'}
            aria-checked={radio ? choice.value === selected : undefined}
            selected={radio && choice.value === selected}
            onClick={() => {
              onChoose(choice.value);
              setAnchor(null);
            }}
          >
            {choice.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
