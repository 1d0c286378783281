/**
 * Whether a window `width` px wide draws `element`, as far as `display` says: neither it nor an
 * ancestor is `display: none` there. jsdom applies no media queries; this reads the page's style
 * rules (Emotion's, as MUI writes them) for that width: rules in document order (Emotion's rules
 * of one element are single classes, so the later wins), media conditions `(min-width:…px)` and
 * `(max-width:…px)` joined with `and` (what MUI's breakpoints write; any other condition fails).
 */
export function shownAt(element: Element, width: number): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (displayAt(node, width) === 'none') {
      return false;
    }
  }
  return true;
}

function mediaMatches(media: string, width: number): boolean {
  return media.split(/\s+and\s+/).every((condition) => {
    const match = /^\((min|max)-width:\s*([\d.]+)px\)$/.exec(condition.trim());
    if (!match) {
      return false;
    }
    const limit = Number(match[2]);
    return match[1] === 'min' ? width >= limit : width <= limit;
  });
}

function displayAt(element: Element, width: number): string {
  let display = '';
  const visit = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSMediaRule) {
        if (mediaMatches(rule.media.mediaText, width)) {
          visit(rule.cssRules);
        }
      } else if (rule instanceof CSSStyleRule && rule.style.display) {
        let matches = false;
        try {
          matches = element.matches(rule.selectorText);
        } catch {
          // A selector jsdom does not know (`:has()`) sets no display here.
        }
        if (matches) {
          display = rule.style.display;
        }
      }
    }
  };
  for (const sheet of Array.from(document.styleSheets)) {
    visit(sheet.cssRules);
  }
  return element instanceof HTMLElement && element.style.display ? element.style.display : display;
}
