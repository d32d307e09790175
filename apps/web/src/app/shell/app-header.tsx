import { lazy, Suspense } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage } from '@gridlens/domain/language';
import { useAppStore } from '@/lib/app-store';
import { useClientConfig } from '@/lib/client-config-context';
import { loadChunk } from '@/lib/chunk-load';
import { useRouteHandle } from '@/lib/route-handle';
import { changeLanguage, LANGUAGE_NAME_KEYS } from '@/lib/language-preference';
import { DeferredTooltip } from '@/lib/ui/deferred-tooltip';

// Only tracking tenants have customers: the selector (and its query) stays out of the first load of the others.
const CustomerSelector = lazy(() => loadChunk(() => import('./customer-selector')));

/** Spec §2 Shell: menu toggle, page title, environment badge, shared search, theme toggle, language selector. */
export function AppHeader({ title, tracking = false }: { title: string; tracking?: boolean }) {
  const { t } = useTranslation();
  const { environment } = useClientConfig();
  const { navigationExpanded, setNavigationExpanded, searchText, setSearchText, themeMode, setThemeMode, language } = useAppStore();
  // Only a page that narrows what it shows with the search takes text in it (docs/decisions.md, Header search).
  const searchable = useRouteHandle().searchable === true;
  const themeLabel = themeMode === 'dark' ? t('header.toLight') : t('header.toDark');

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      {/* On a phone the controls do not fit one row: the search box takes a row of its own, full width. */}
      <Toolbar sx={{ gap: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' }, py: { xs: 1, sm: 0 } }}>
        <IconButton
          edge="start"
          aria-label={t('nav.toggle')}
          aria-expanded={navigationExpanded}
          onClick={() => setNavigationExpanded(!navigationExpanded)}
        >
          <MenuIcon />
        </IconButton>
        <Typography variant="h6" component="h1" noWrap sx={{ flexShrink: 0 }} data-testid="page-title">
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
            }}
          >
            {environment}
          </Box>
        )}
        <TextField
          size="small"
          value={searchable ? searchText : ''}
          disabled={!searchable}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder={t('header.searchPlaceholder')}
          sx={{
            ml: { sm: 'auto' },
            order: { xs: 1, sm: 0 },
            width: { xs: '100%', sm: 160, md: 300 },
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
        {tracking && (
          <Suspense fallback={null}>
            <CustomerSelector />
          </Suspense>
        )}
        <DeferredTooltip title={themeLabel}>
          <IconButton
            aria-label={themeLabel}
            onClick={() => setThemeMode(themeMode === 'dark' ? 'light' : 'dark')}
            sx={{ ml: { xs: 'auto', sm: 0 } }}
            data-testid="theme-toggle"
          >
            {themeMode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
          </IconButton>
        </DeferredTooltip>
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
      </Toolbar>
    </AppBar>
  );
}
