import { useLayoutEffect, useRef } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import Badge from '@mui/material/Badge';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SectionCatalogue } from '@gridlens/contract/config';
import type { SectionId } from '@gridlens/domain/sections';
import { useAppStore } from '@/lib/app-store';
import { useIdentity } from '@/lib/use-identity';
import { useSectionLabel } from '@/lib/section-label';
import { useActiveAlertCount } from '@/lib/api/alerts';
import { DeferredTooltip } from '@/lib/ui/deferred-tooltip';
import { usePhoneLayout } from '@/lib/use-phone-layout';
import { SectionIcon } from './section-icon';

export const NAV_WIDTH_EXPANDED_PX = 248;
export const NAV_WIDTH_COLLAPSED_PX = 68;

interface Props {
  sections: SectionId[];
  catalogue: SectionCatalogue;
}

/**
 * Spec §2 Shell: logo, one entry per permitted section in the user's order, the profile entry at the bottom.
 * A rail of icons under 1600 px; on a phone a drawer over the page, opened by the menu toggle and closed by
 * choosing an entry, tapping beside it or Escape (docs/decisions.md, Phones).
 */
export function SideNavigation({ sections, catalogue }: Props) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  const open = useAppStore((s) => s.navigationExpanded);
  const setOpen = useAppStore((s) => s.setNavigationExpanded);
  // The phone's drawer always shows the labels: it is only there while it is open.
  const expanded = phone || open;
  // A window narrowed to a phone's width starts with the drawer closed: the wide screen's expanded navigation
  // would otherwise open it over the page until the resize is acted on. Before paint, so it never shows.
  const wasPhone = useRef(phone);
  useLayoutEffect(() => {
    if (phone && !wasPhone.current) setOpen(false);
    wasPhone.current = phone;
  }, [phone, setOpen]);
  const sectionLabel = useSectionLabel();
  const identity = useIdentity();
  const width = expanded ? NAV_WIDTH_EXPANDED_PX : NAV_WIDTH_COLLAPSED_PX;
  // Issue 5: each alerts entry carries the count of its alerts active and not yet acknowledged.
  const powerAlerts = useActiveAlertCount('powerdata', sections.includes('powercoil_alerts')).data ?? 0;
  const trackingAlerts = useActiveAlertCount('tracking', sections.includes('alerts')).data ?? 0;
  const badgeOf = (id: SectionId) => (id === 'powercoil_alerts' ? powerAlerts : id === 'alerts' ? trackingAlerts : 0);
  const iconOf = (id: SectionId, icon: React.ReactNode) =>
    badgeOf(id) > 0 ? (
      <Badge badgeContent={badgeOf(id)} color="error" max={99} data-testid="alerts-badge">
        {icon}
      </Badge>
    ) : (
      icon
    );

  // Each link in an item of its list: a list that holds links directly is no list to a screen reader.
  const entry = (to: string, label: string, icon: React.ReactNode) => (
    <ListItem key={to} disablePadding sx={{ display: 'block' }}>
      <DeferredTooltip title={expanded ? '' : label} placement="right">
        <ListItemButton
          component={NavLink}
          to={to}
          onClick={phone ? () => setOpen(false) : undefined}
          aria-label={expanded ? undefined : label}
          sx={{ minHeight: 48, px: 2.5, '&.active': { bgcolor: 'action.selected', borderRight: 3, borderColor: 'primary.main' } }}
        >
          <ListItemIcon sx={{ minWidth: 0, mr: expanded ? 2 : 'auto', justifyContent: 'center' }}>{icon}</ListItemIcon>
          {expanded && <ListItemText primary={label} />}
        </ListItemButton>
      </DeferredTooltip>
    </ListItem>
  );

  return (
    <Drawer
      variant={phone ? 'temporary' : 'permanent'}
      open={phone ? open : true}
      onClose={() => setOpen(false)}
      data-testid="side-navigation"
      data-expanded={expanded}
      sx={{
        ...(phone ? {} : { width, flexShrink: 0 }),
        '& .MuiDrawer-paper': { width, overflowX: 'hidden', transition: 'width 150ms', boxSizing: 'border-box' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.25, height: 64 }}>
        <img src="/favicon.svg" alt="" width={32} height={32} />
        {expanded && (
          <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
            {t('app.name')}
          </Typography>
        )}
      </Box>
      <Divider />
      <Box component="nav" aria-label={t('nav.mainNavigation')} sx={{ flexGrow: 1, overflowY: 'auto' }}>
        <List>
          {sections.map((id) => {
            const section = catalogue.find((s) => s.id === id);
            return section ? entry(section.route, sectionLabel(id), iconOf(id, <SectionIcon name={section.icon} />)) : null;
          })}
        </List>
      </Box>
      <Divider />
      <List>
        {entry(
          '/profile',
          identity?.name ?? t('nav.profile'),
          <Avatar src={identity?.picture ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
            {identity?.name.slice(0, 1)}
          </Avatar>,
        )}
      </List>
    </Drawer>
  );
}
