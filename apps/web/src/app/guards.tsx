import { isMediaCentreUser, isProducer, isPupil, type UserInfo } from '@medienkatalog/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useUserInfo } from '../api/user.ts';
import { LoginRequiredDialog } from '../components/login-prompt.tsx';
import { ForbiddenPage } from '../features/pages/info-pages.tsx';
import { paths } from '../lib/paths.ts';
import { PageLoading } from './page-loading.tsx';

type Condition = (user: UserInfo) => boolean;

export const anyUser: Condition = () => true;
export const mediaCentreOnly: Condition = isMediaCentreUser;
/** Media centres and producers (both of type MZ): the content preview. */
export const mediaCentreType: Condition = (user) => user.type === 'MZ';
export const producerOnly: Condition = isProducer;

/**
 * The route guard of spec section 2: the user info is fetched when unknown; an anonymous user
 * gets the login prompt instead of the page; a user without the role gets no page.
 */
export function Guard({ when = anyUser, children }: { when?: Condition; children: ReactNode }) {
  const { data: user, isPending } = useUserInfo();
  if (isPending) {
    return <PageLoading />;
  }
  if (!user) {
    return (
      <LoginRequiredDialog
        open
        onCancel={() => {
          if (window.history.length > 1) {
            window.history.back();
          } else {
            window.location.assign(paths.marketplace);
          }
        }}
      />
    );
  }
  return when(user) ? children : <ForbiddenPage />;
}

/** A logged-in student opening the marketplace is sent to the class library. */
export function StudentRedirect({ children }: { children: ReactNode }) {
  const { data: user } = useUserInfo();
  if (user && isPupil(user)) {
    return <Navigate to={paths.classLibrary} replace />;
  }
  return children;
}
