import { isMediaCentreUser, type UserInfo } from '@medienkatalog/domain';
import { paths } from '../../lib/paths.ts';

type Who = Pick<UserInfo, 'type' | 'context' | 'school_admin' | 'district_admin'>;

export const isDistrictAdmin = (user: Pick<UserInfo, 'district_admin'>) =>
  user.district_admin === '1';

/** School admins and district admins read their school's or district's licences (the server's rule). */
export const isLicenceReader = (user: Pick<UserInfo, 'school_admin' | 'district_admin'>) =>
  isDistrictAdmin(user) || ['1', '2'].includes(user.school_admin);

export interface DeskLink {
  to: string;
  text:
    | 'mediaCentre.menu.licences'
    | 'mediaCentre.menu.history'
    | 'mediaCentre.menu.schoolLicences'
    | 'mediaCentre.menu.districtLicences';
}

/** The licence pages a user's menu links to: the desk for media centres, the list for admins. */
export function deskLinks(user: Who): DeskLink[] {
  const links: DeskLink[] = [];
  if (isMediaCentreUser(user)) {
    links.push(
      { to: paths.mzLicences, text: 'mediaCentre.menu.licences' },
      { to: paths.mzHistory, text: 'mediaCentre.menu.history' },
    );
  }
  if (isLicenceReader(user)) {
    links.push({
      to: paths.schoolLicences,
      text: isDistrictAdmin(user)
        ? 'mediaCentre.menu.districtLicences'
        : 'mediaCentre.menu.schoolLicences',
    });
  }
  return links;
}
