import { lazy, Suspense, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ClearIcon from '@mui/icons-material/Clear';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SearchIcon from '@mui/icons-material/Search';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage } from '@gridlens/domain/language';
import { useAppStore } from '@/lib/app-store';
import { useClientConfig } from '@/lib/client-config-context';
import { loadChunk } from '@/lib/chunk-load';
import { useRouteHandle } from '@/lib/route-handle';
import { changeLanguage, LANGUAGE_NAME_KEYS } from '@/lib/language-preference';
import { DeferredTooltip } from '@/lib/ui/deferred-tooltip';
import { usePhoneLayout } from '@/lib/use-phone-layout';

// Only tracking tenants have customers: the selector (and its query) stays out of the first load of the others.
const CustomerSelector = lazy(() => loadChunk(() => import('./customer-selector')));

/**
 * Spec §2 Shell: menu toggle, page title, environment badge, shared search, theme toggle, language selector.
 * On a phone the header keeps to one row (docs/decisions.md, Phones): the search is an icon that opens the box
 * over the row, and the customer, theme and language controls sit in a menu of their own.
 */
export function AppHeader({ title, tracking = false }: { title: string; tracking?: boolean }) {
  const { t } = useTranslation();
  const { environment } = useClientConfig();
  const { navigationExpanded, setNavigationExpanded, searchText, setSearchText, themeMode, setThemeMode, language } = useAppStore();
  // Only a page that narrows what it shows with the search takes text in it (docs/decisions.md, Header search).
  const searchable = useRouteHandle().searchable === true;
  const phone = usePhoneLayout();
  const { pathname } = useLocation();
  // The phone's search box and menu stay open on the page they were opened on only (the shell clears the text).
  const [searchOpenOn, setSearchOpenOn] = useState<string | null>(null);
  const [more, setMore] = useState<{ anchor: HTMLElement; on: string } | null>(null);
  const searchOpen = searchOpenOn === pathname;
  const moreAnchor = more?.on === pathname ? more.anchor : null;
  const themeLabel = themeMode === 'dark' ? t('header.toLight') : t('header.toDark');

  const searchBox = (
    <TextField
      size="small"
      value={searchable ? searchText : ''}
      disabled={!searchable}
      onChange={(event) => setSearchText(event.target.value)}
      placeholder={t('header.searchPlaceholder')}
      autoFocus={phone}
      sx={{
        ml: phone ? 0 : 'auto',
        flex: phone ? 1 : undefined,
        minWidth: 0,
        width: phone ? undefined : { sm: 160, md: 300 },
        // One clear button: the adornment below, not also the browser's own on a search input.
        '& input::-webkit-search-cancel-button': { display: 'none' },
      }}
      slotProps={{
        htmlInput: { 'aria-label': t('header.search'), type: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment:
            searchable && searchText ? (
              <InputAdornment position="end">
                <IconButton size="small" aria-label={t('header.clearSearch')} onClick={() => setSearchText('')}>
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
        },
      }}
    />
  );

  const customerSelector = tracking && (
    <Suspense fallback={null}>
      <CustomerSelector />
    </Suspense>
  );
  const languageSelect = (
    <TextField
      select
      size="small"
      value={language}
      onChange={(event) => isLanguage(event.target.value) && changeLanguage(event.target.value)}
      slotProps={{ htmlInput: { 'aria-label': t('header.language'), 'data-testid': 'language-select' } }}
      sx={{ minWidth: 120 }}
    >
      {LANGUAGES.map((code) => (
        <MenuItem key={code} value={code} lang={code.toLowerCase()}>
          {t(LANGUAGE_NAME_KEYS[code])}
        </MenuItem>
      ))}
    </TextField>
  );
  const toggleTheme = () => setThemeMode(themeMode === 'dark' ? 'light' : 'dark');
  const themeIcon = themeMode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />;

  // The phone's search, open: the box takes the whole row, with a way back to the title.
  if (phone && searchable && (searchOpen || searchText !== '')) {
    return (
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            aria-label={t('header.closeSearch')}
            onClick={() => {
              setSearchText('');
              setSearchOpenOn(null);
            }}
          >
            <ArrowBackIcon />
          </IconButton>
          {searchBox}
        </Toolbar>
      </AppBar>
    );
  }

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 } }}>
        <IconButton
          edge="start"
          aria-label={t('nav.toggle')}
          aria-expanded={navigationExpanded}
          onClick={() => setNavigationExpanded(!navigationExpanded)}
        >
          <MenuIcon />
        </IconButton>
        <Typography
          variant="h6"
          component="h1"
          noWrap
          // On a phone the title gives way (an ellipsis) to the controls beside it; on wider screens it keeps its width.
          sx={phone ? { flex: 1, minWidth: 0 } : { flexShrink: 0 }}
          data-testid="page-title"
        >
          {title}
        </Typography>
        {environment !== 'production' && (
          // Drawn like a small chip, without the Chip component, which the first load need not carry (brief §8 shell budget).
          <Box
            component="span"
            aria-label={t('header.environment', { name: environment })}
            data-testid="environment-badge"
            sx={{
              px: 1,
              lineHeight: '24px',
              borderRadius: 3,
              bgcolor: 'warning.main',
              color: 'warning.contrastText',
              typography: 'body2',
              fontSize: '0.8125rem',
              whiteSpace: 'nowrap',
              flexShrink: 0,
            }}
          >
            {environment}
          </Box>
        )}
        {!phone && searchBox}
        {phone && searchable && (
          <IconButton aria-label={t('header.openSearch')} onClick={() => setSearchOpenOn(pathname)} data-testid="open-search">
            <SearchIcon />
          </IconButton>
        )}
        {phone ? (
          <>
            <IconButton
              edge="end"
              aria-label={t('header.moreControls')}
              aria-haspopup="dialog"
              aria-expanded={moreAnchor !== null}
              onClick={(event) => setMore({ anchor: event.currentTarget, on: pathname })}
              data-testid="header-more"
            >
              <MoreVertIcon />
            </IconButton>
            <Popover
              open={moreAnchor !== null}
              anchorEl={moreAnchor}
              onClose={() => setMore(null)}
              anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
              transformOrigin={{ vertical: 'top', horizontal: 'right' }}
              slotProps={{ paper: { 'aria-label': t('header.moreControls'), role: 'dialog' } }}
            >
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 2, minWidth: 220 }}>
                {customerSelector}
                {languageSelect}
                <Button startIcon={themeIcon} onClick={toggleTheme} data-testid="theme-toggle" sx={{ justifyContent: 'flex-start' }}>
                  {themeLabel}
                </Button>
              </Box>
            </Popover>
          </>
        ) : (
          <>
            {customerSelector}
            <DeferredTooltip title={themeLabel}>
              <IconButton aria-label={themeLabel} onClick={toggleTheme} data-testid="theme-toggle">
                {themeIcon}
              </IconButton>
            </DeferredTooltip>
            {languageSelect}
          </>
        )}
      </Toolbar>
    </AppBar>
  );
}
