/** The path to return to after login: only paths of this app, never another host. */
export function safeReturnPath(target: string | null): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return '/';
  }
  return target;
}
