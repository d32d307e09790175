import AssessmentIcon from '@mui/icons-material/Assessment';
import ConstructionIcon from '@mui/icons-material/Construction';
import ElectricalServicesIcon from '@mui/icons-material/ElectricalServices';
import EvStationIcon from '@mui/icons-material/EvStation';
import InsightsIcon from '@mui/icons-material/Insights';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import NotificationImportantIcon from '@mui/icons-material/NotificationImportant';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import RouteIcon from '@mui/icons-material/Route';
import RouterIcon from '@mui/icons-material/Router';
import SummarizeIcon from '@mui/icons-material/Summarize';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import type { SvgIconComponent } from '@mui/icons-material';

/**
 * The icons the section catalogue may name; imported one by one to keep the shell small. Each section draws its
 * own glyph: Material's Place and LocationOn are one drawing under two names, so only one of them is here.
 */
export const SECTION_ICONS: Readonly<Record<string, SvgIconComponent>> = {
  Assessment: AssessmentIcon,
  Construction: ConstructionIcon,
  ElectricalServices: ElectricalServicesIcon,
  EvStation: EvStationIcon,
  Insights: InsightsIcon,
  LocalShipping: LocalShippingIcon,
  LocationOn: LocationOnIcon,
  NotificationImportant: NotificationImportantIcon,
  NotificationsActive: NotificationsActiveIcon,
  Route: RouteIcon,
  Router: RouterIcon,
  Summarize: SummarizeIcon,
};

export function SectionIcon({ name }: { name: string }) {
  const Icon = SECTION_ICONS[name] ?? ViewModuleIcon;
  return <Icon />;
}
