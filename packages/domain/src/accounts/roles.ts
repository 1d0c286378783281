import type { UserInfo } from './accounts.ts';

/** What the user info says about a user's role (spec section 6). */
export const isTeacher = (user: Pick<UserInfo, 'role'>) => user.role === 'L';
/** A pupil: neither a teacher nor a media-centre or producer account (addressed with 'du'). */
export const isPupil = (user: Pick<UserInfo, 'role' | 'type'>) =>
  user.role !== 'L' && user.type !== 'MZ';
export const isProducer = (user: Pick<UserInfo, 'type' | 'context'>) =>
  user.type === 'MZ' && user.context.startsWith('admin/');
export const isMediaCentreUser = (user: Pick<UserInfo, 'type' | 'context'>) =>
  user.type === 'MZ' && !user.context.startsWith('admin/');
/** The pool a producer manages: the last segment of its context. */
export const producerPool = (user: Pick<UserInfo, 'context'>) =>
  user.context.split('/').filter(Boolean).pop() ?? '';
