import { isProducer, type UserInfo } from '@medienkatalog/domain';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from '../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { deskLinks } from '../features/media-centre/desk-access.ts';
import { paths } from '../lib/paths.ts';

/**
 * The entries of the user menu, in its popup. Loaded when the menu is first opened (the menu
 * and its popover are not needed for the first screen).
 */
export function UserMenuList({
  user,
  anchor,
  container,
  onClose,
  onLogout,
}: {
  user: UserInfo;
  anchor: HTMLElement | null;
  container: () => HTMLElement | null;
  onClose: () => void;
  /** Signs out; the menu is gone by then (the shell's user menu does it, which stays). */
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = `${user.vorname} ${user.name}`.trim();
  const go = (to: string) => {
    onClose();
    void navigate(to);
  };
  return (
    <Menu anchorEl={anchor} open={anchor !== null} container={container} onClose={onClose}>
      <MenuItem disabled>{name}</MenuItem>
      <MenuItem
        onClick={() => {
          go(paths.profile);
        }}
      >
        {t('app.profile')}
      </MenuItem>
      <MenuItem
        onClick={() => {
          go(paths.redeem);
        }}
      >
        {t('access.codeButton')}
      </MenuItem>
      {user.type === 'MZ' && (
        <MenuItem
          onClick={() => {
            go(paths.contentPreview);
          }}
        >
          {isProducer(user) ? t('app.myMedia') : t('app.contentPreview')}
        </MenuItem>
      )}
      {isProducer(user) && (
        <MenuItem
          onClick={() => {
            go(paths.producer.shares);
          }}
        >
          {t('app.licensing')}
        </MenuItem>
      )}
      {deskLinks(user).map((link) => (
        <MenuItem
          key={link.to}
          onClick={() => {
            go(link.to);
          }}
        >
          {t(link.text)}
        </MenuItem>
      ))}
      <MenuItem
        onClick={() => {
          onClose();
          onLogout();
        }}
      >
        {t('app.logout')}
      </MenuItem>
    </Menu>
  );
}
