import { subjectAreaIcon } from '@medienkatalog/domain';
import AttractionsIcon from '@mui/icons-material/Attractions';
import AutoStoriesIcon from '@mui/icons-material/AutoStories';
import BalanceIcon from '@mui/icons-material/Balance';
import BiotechIcon from '@mui/icons-material/Biotech';
import BoltIcon from '@mui/icons-material/Bolt';
import CalculateIcon from '@mui/icons-material/Calculate';
import CastForEducationIcon from '@mui/icons-material/CastForEducation';
import CategoryIcon from '@mui/icons-material/Category';
import ChildCareIcon from '@mui/icons-material/ChildCare';
import ChurchIcon from '@mui/icons-material/Church';
import ComputerIcon from '@mui/icons-material/Computer';
import Diversity3Icon from '@mui/icons-material/Diversity3';
import EngineeringIcon from '@mui/icons-material/Engineering';
import EuroIcon from '@mui/icons-material/Euro';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FolderIcon from '@mui/icons-material/Folder';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupsIcon from '@mui/icons-material/Groups';
import HandymanIcon from '@mui/icons-material/Handyman';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import LocalFloristIcon from '@mui/icons-material/LocalFlorist';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import MovieIcon from '@mui/icons-material/Movie';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import PaletteIcon from '@mui/icons-material/Palette';
import ParkIcon from '@mui/icons-material/Park';
import PsychologyIcon from '@mui/icons-material/Psychology';
import PsychologyAltIcon from '@mui/icons-material/PsychologyAlt';
import PublicIcon from '@mui/icons-material/Public';
import SchoolIcon from '@mui/icons-material/School';
import ScienceIcon from '@mui/icons-material/Science';
import SmokeFreeIcon from '@mui/icons-material/SmokeFree';
import SportsSoccerIcon from '@mui/icons-material/SportsSoccer';
import TheaterComedyIcon from '@mui/icons-material/TheaterComedy';
import TrafficIcon from '@mui/icons-material/Traffic';
import TranslateIcon from '@mui/icons-material/Translate';
import WorkIcon from '@mui/icons-material/Work';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

/** The Material icons the subject-area table names (domain: subjectAreaIcon). */
const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  Attractions: AttractionsIcon,
  AutoStories: AutoStoriesIcon,
  Balance: BalanceIcon,
  Biotech: BiotechIcon,
  Bolt: BoltIcon,
  Calculate: CalculateIcon,
  CastForEducation: CastForEducationIcon,
  Category: CategoryIcon,
  ChildCare: ChildCareIcon,
  Church: ChurchIcon,
  Computer: ComputerIcon,
  Diversity3: Diversity3Icon,
  Engineering: EngineeringIcon,
  Euro: EuroIcon,
  Favorite: FavoriteIcon,
  Folder: FolderIcon,
  Gavel: GavelIcon,
  Groups: GroupsIcon,
  Handyman: HandymanIcon,
  HealthAndSafety: HealthAndSafetyIcon,
  HistoryEdu: HistoryEduIcon,
  LocalFlorist: LocalFloristIcon,
  LocalHospital: LocalHospitalIcon,
  MenuBook: MenuBookIcon,
  Movie: MovieIcon,
  MusicNote: MusicNoteIcon,
  Palette: PaletteIcon,
  Park: ParkIcon,
  Psychology: PsychologyIcon,
  PsychologyAlt: PsychologyAltIcon,
  Public: PublicIcon,
  School: SchoolIcon,
  Science: ScienceIcon,
  SmokeFree: SmokeFreeIcon,
  SportsSoccer: SportsSoccerIcon,
  TheaterComedy: TheaterComedyIcon,
  Traffic: TrafficIcon,
  Translate: TranslateIcon,
  Work: WorkIcon,
};

export function SubjectIcon({ code, ...props }: { code: string } & SvgIconProps) {
  const Icon = ICONS[subjectAreaIcon(code)] ?? FolderIcon;
  return <Icon aria-hidden {...props} />;
}
