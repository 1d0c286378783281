/** One target group: an audience code, optionally narrowed to a level or a range of levels. */
export interface TargetGroup {
  code: string;
  from?: number;
  to?: number;
}

const TARGET_GROUP = /^([A-Z]+)(?:\((\d{1,2})(?:-(\d{1,2}))?\))?$/;

/** 'E(3-6); A(5); SO' -> groups. Only upper-case codes count; anything else is skipped. */
export function parseTargetGroups(stored: string): TargetGroup[] {
  return stored
    .split(';')
    .map((part) => part.trim())
    .flatMap((part): TargetGroup[] => {
      const match = TARGET_GROUP.exec(part);
      if (!match?.[1]) {
        return [];
      }
      if (match[2] === undefined) {
        return [{ code: match[1] }];
      }
      const from = Number(match[2]);
      return [{ code: match[1], from, to: match[3] === undefined ? from : Number(match[3]) }];
    });
}

export function formatTargetGroup({ code, from, to }: TargetGroup): string {
  if (from === undefined) {
    return code;
  }
  return to === undefined || to === from ? `${code}(${from})` : `${code}(${from}-${to})`;
}

export function joinTargetGroups(groups: readonly TargetGroup[]): string {
  return groups.map(formatTargetGroup).join('; ');
}

/**
 * A group with one end of its level range set; when from would come after to, the other end
 * follows the one just changed (producer spec 4, picker editors).
 */
export function withLevel(group: TargetGroup, end: 'from' | 'to', level: number): TargetGroup {
  const from = end === 'from' ? level : (group.from ?? level);
  const to = end === 'to' ? level : (group.to ?? level);
  if (from <= to) {
    return { ...group, from, to };
  }
  return end === 'from' ? { ...group, from, to: from } : { ...group, from: to, to };
}
