import { expect, type Locator } from '@playwright/test';

/**
 * The control takes a click where it is drawn. As a person would, it is first brought to the
 * middle of the screen (not under the sticky header); then the topmost element at its centre must
 * be the control or inside it. A failure names what covers it.
 */
export async function expectClickableAtCentre(control: Locator): Promise<void> {
  await control.evaluate((element) => {
    element.scrollIntoView({ block: 'center' });
  });
  const box = await control.boundingBox();
  expect(box, 'the control is drawn').not.toBeNull();
  if (!box) {
    return;
  }
  const covering = await control.evaluate(
    (element, point) => {
      const topmost = document.elementFromPoint(point.x, point.y);
      if (topmost !== null && (topmost === element || element.contains(topmost))) {
        return null;
      }
      return topmost ? topmost.outerHTML.slice(0, 200) : 'nothing';
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  const name = (await control.getAttribute('aria-label')) ?? (await control.textContent());
  expect(covering, `${String(name)} is the element at its centre`).toBeNull();
}
