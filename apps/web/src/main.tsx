/*
 * The app's entry. It loads the app in parts, fetched side by side, which the browser evaluates
 * each in a task of its own as it arrives: React DOM; MUI's styles with the theme; the router;
 * the texts; the query cache; the sanitiser; the shell; then the rest, which needs them all.
 * Evaluated at once, the app was one task of about 260 ms at Lighthouse's 4x CPU slowdown, which
 * on a page the server rendered comes after its first paint.
 */
void import('react-dom/client');
void import('./app/theme.ts');
void import('react-router');
void import('./i18n/i18n.ts');
void import('@tanstack/react-query');
void import('dompurify');
void import('./app/shell.tsx');
void import('./app/start.tsx').then(({ start }) => start());
