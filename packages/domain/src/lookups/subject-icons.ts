/** Material icon names by code; lookups fall back to shorter prefixes, then 'Folder'. */
const SUBJECT_ICONS: Readonly<Record<string, string>> = {
  '020': 'Work',
  '040': 'Engineering',
  '060': 'Palette',
  '080': 'Biotech',
  '08006': 'LocalFlorist',
  '100': 'Science',
  '120': 'MenuBook',
  '140': 'ChildCare',
  '160': 'Balance',
  '180': 'Attractions',
  '200': 'Translate',
  '220': 'Public',
  '240': 'HistoryEdu',
  '260': 'HealthAndSafety',
  '280': 'School',
  '320': 'Computer',
  '340': 'Diversity3',
  '360': 'Groups',
  '380': 'Calculate',
  '400': 'Movie',
  '420': 'MusicNote',
  '440': 'CastForEducation',
  '450': 'Psychology',
  '460': 'Bolt',
  '480': 'Gavel',
  '500': 'Handyman',
  '510': 'PsychologyAlt',
  '520': 'Church',
  '540': 'LocalHospital',
  '560': 'Favorite',
  '580': 'TheaterComedy',
  '600': 'SportsSoccer',
  '620': 'SmokeFree',
  '640': 'Park',
  '660': 'Traffic',
  '680': 'AutoStories',
  '700': 'Euro',
  '720': 'Category',
};

export const FALLBACK_SUBJECT_ICON = 'Folder';

export function subjectAreaIcon(code: string): string {
  for (let length = code.length; length >= 3; length -= 2) {
    const icon = SUBJECT_ICONS[code.slice(0, length)];
    if (icon) {
      return icon;
    }
  }
  return FALLBACK_SUBJECT_ICON;
}
