export interface DescriptionPart {
  kind: 'lead' | 'text' | 'long';
  text: string;
}

const normalised = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The texts of the detail page, each said once: the short text as the lead, then the text and the
 * long text, leaving out any that repeats one before it (long texts often begin with the short
 * text, or are the text again): a repeated beginning is cut off.
 */
export function descriptionParts(medium: {
  fn_kurztext: string;
  fn_text: string;
  fn_langtext: string;
}): DescriptionPart[] {
  const parts: DescriptionPart[] = [];
  const candidates: [DescriptionPart['kind'], string][] = [
    ['lead', medium.fn_kurztext],
    ['text', medium.fn_text],
    ['long', medium.fn_langtext],
  ];
  for (const [kind, raw] of candidates) {
    let text = raw.trim();
    for (const earlier of parts) {
      const said = normalised(earlier.text);
      if (said.includes(normalised(text))) {
        text = '';
      } else if (text.startsWith(earlier.text)) {
        text = text.slice(earlier.text.length).trim();
      } else if (normalised(text).startsWith(said)) {
        text = normalised(text).slice(said.length).trim();
      }
    }
    if (text !== '') {
      parts.push({ kind, text });
    }
  }
  return parts;
}
