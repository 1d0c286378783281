/**
 * The one script of a page the server rendered (`entry-server.tsx`): it lets the page's first
 * covers paint, then loads the app (`main.tsx`), which takes the page over (`app/start.tsx`).
 * A click on a button meanwhile is held and handed to the app once it has taken over, as are
 * typing and the focus; links and the search form work without it.
 */
import { APP_SHOWN } from './lib/app-shown-event.ts';

const appEntry = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;

const held: HTMLElement[] = [];
/** What was typed into fields meanwhile. */
const typed = new Map<HTMLInputElement, string>();
function keepTyped(event: Event) {
  if (event.target instanceof HTMLInputElement && event.target.closest('#root')) {
    typed.set(event.target, event.target.value);
  }
}
function hold(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest<HTMLElement>(
    '#root button, #root [role="button"], #root [role="tab"]',
  );
  if (button) {
    event.preventDefault();
    event.stopPropagation();
    held.push(button);
  }
}

const painted = async () => {
  const covers = document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]');
  await Promise.all([...covers].map((cover) => cover.decode().catch(() => undefined)));
  // The frame that shows them, and one more: the browser reports their paint after it.
  for (let frame = 0; frame < 2; frame += 1) {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  }
};

async function boot(entry: string) {
  document.addEventListener('click', hold, true);
  document.addEventListener('input', keepTyped, true);
  const shown = new Promise((resolve) => {
    document.addEventListener(APP_SHOWN, resolve, { once: true });
  });
  await painted();
  await import(/* @vite-ignore */ entry);
  await shown;
  document.removeEventListener('click', hold, true);
  document.removeEventListener('input', keepTyped, true);
  // What was typed reaches the app's field as the input it was. React watches a field's value
  // through the element's own property: set to '' there, the typed text is a change it sees.
  for (const [field, value] of typed) {
    if (field.isConnected) {
      field.value = '';
      Reflect.set(HTMLInputElement.prototype, 'value', value, field);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  for (const button of held) {
    if (button.isConnected) {
      button.click();
    }
  }
  // A field focused before (the search field) is focused again, for the app to see it.
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && focused.closest('#root')) {
    focused.blur();
    focused.focus();
  }
}

if (appEntry) {
  void boot(appEntry);
}
