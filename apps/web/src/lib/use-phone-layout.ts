import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/**
 * A phone's screen (narrower than MUI's `sm` breakpoint, 600 px): the navigation is a drawer opened from the menu
 * toggle, and the header keeps to one row (docs/decisions.md, Phones). Read before the first paint, so nothing
 * is drawn first for a wide screen and then moved.
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
}
