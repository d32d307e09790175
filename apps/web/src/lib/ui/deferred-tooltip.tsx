import {
  cloneElement,
  useCallback,
  useEffect,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import type MuiTooltip from '@mui/material/Tooltip';
import { loadChunk } from '@/lib/chunk-load';
import type { TooltipProps } from '@mui/material/Tooltip';

type TooltipComponent = typeof MuiTooltip;

let loaded: TooltipComponent | null = null;
let loading: Promise<TooltipComponent> | null = null;

function loadTooltip(): Promise<TooltipComponent> {
  loading ??= loadChunk(() => import('@mui/material/Tooltip')).then((module) => (loaded = module.default));
  return loading;
}

interface ChildProps {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

type Props = Pick<TooltipProps, 'title' | 'placement'> & { children: ReactElement<ChildProps> };

/**
 * MUI's Tooltip, whose code (with Popper, about 10 KB gzipped) is not part of the shell's first load (brief §8
 * budget): it is fetched when the pointer or the keyboard focus first comes to an element that has one, and shows
 * at once. The element itself is never wrapped or drawn anew: the tooltip is a sibling anchored to it. (Wrapping
 * it once the code arrived remounted the element, and a click that came meanwhile was lost: the theme toggle
 * sometimes did not toggle.)
 */
export function DeferredTooltip({ title, placement, children }: Props) {
  const [Tooltip, setTooltip] = useState<TooltipComponent | null>(() => loaded);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null && Boolean(title);

  useEffect(() => {
    if (!open || Tooltip) return;
    let cancelled = false;
    loadTooltip().then(
      (component) => {
        if (!cancelled) setTooltip(() => component);
      },
      () => undefined, // no tooltip, as before it loaded: the element is labelled without it
    );
    return () => {
      cancelled = true;
    };
  }, [open, Tooltip]);
  const close = useCallback(() => setAnchor(null), []);

  const { onPointerEnter, onPointerLeave, onFocus, onBlur, onKeyDown } = children.props;
  const element = cloneElement(children, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      onPointerEnter?.(event);
      if (event.pointerType === 'mouse') setAnchor(event.currentTarget);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      onPointerLeave?.(event);
      close();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      onFocus?.(event);
      // As MUI's Tooltip: on keyboard focus, not on the focus a click or tap gives.
      if (event.currentTarget.matches(':focus-visible')) setAnchor(event.currentTarget);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      onBlur?.(event);
      close();
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      onKeyDown?.(event);
      if (event.key === 'Escape') close();
    },
  });
  return (
    <>
      {element}
      {open && Tooltip && (
        <Tooltip title={title} placement={placement} open disableInteractive slotProps={{ popper: { anchorEl: anchor } }}>
          <span hidden />
        </Tooltip>
      )}
    </>
  );
}
