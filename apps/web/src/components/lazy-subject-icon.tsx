import { lazy, Suspense } from 'react';

const SubjectIcon = lazy(async () => ({
  default: (await import('./subject-icon.tsx')).SubjectIcon,
}));

/**
 * A subject area's icon in a chip of the start page: the 40 icons load with the first one shown,
 * not with the app; until then an empty square of the icon's size holds its place. `className`
 * is what the chip gives its icon.
 */
export function LazySubjectIcon({ code, className }: { code: string; className?: string }) {
  return (
    <Suspense
      fallback={
        <span
          aria-hidden
          className={className}
          style={{
            display: 'inline-block',
            flexShrink: 0,
            fontSize: '1.5rem',
            width: '1em',
            height: '1em',
          }}
        />
      }
    >
      <SubjectIcon code={code} className={className} />
    </Suspense>
  );
}
