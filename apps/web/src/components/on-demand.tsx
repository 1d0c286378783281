import { lazy, Suspense, useState, type ComponentProps, type ComponentType, type JSX } from 'react';

/**
 * A popup (dialog, snackbar) whose code loads the first time it opens, not with the page that
 * may show it. Until then it renders nothing; from then on it stays mounted, so that closing
 * keeps its transition.
 */
export function onDemand<Props extends { open: boolean }>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): (props: Props) => JSX.Element | null {
  const Popup = lazy(load);
  return function OnDemand(props: Props) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) {
      setOpened(true);
    }
    return opened ? (
      <Suspense fallback={null}>
        <Popup {...(props as ComponentProps<typeof Popup>)} />
      </Suspense>
    ) : null;
  };
}
