import { cloneElement, useCallback, useState, type FocusEvent, type PointerEvent, type ReactElement } from 'react';
import type MuiTooltip from '@mui/material/Tooltip';
import type { TooltipProps } from '@mui/material/Tooltip';

type TooltipComponent = typeof MuiTooltip;

let loaded: TooltipComponent | null = null;
let loading: Promise<TooltipComponent> | null = null;

function loadTooltip(): Promise<TooltipComponent> {
  loading ??= import('@mui/material/Tooltip').then((module) => (loaded = module.default));
  return loading;
}

interface ChildProps {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

type Props = Pick<TooltipProps, 'title' | 'placement'> & { children: ReactElement<ChildProps> };

/**
 * MUI's Tooltip, whose code (with Popper, about 10 KB gzipped) is not part of the shell's first load (brief §8
 * budget): it is fetched when the pointer or the focus first comes to an element that has one, and shows at once.
 * The element then sits inside the Tooltip, so it is drawn anew; if it had the focus, it gets it back.
 */
export function DeferredTooltip({ title, placement, children }: Props) {
  const [Tooltip, setTooltip] = useState<TooltipComponent | null>(() => loaded);
  const [open, setOpen] = useState(false);
  const [focusBack, setFocusBack] = useState(false);

  const want = useCallback((focused: boolean) => {
    setOpen(true);
    setFocusBack(focused);
    loadTooltip().then(
      (component) => setTooltip(() => component),
      () => undefined, // no tooltip, as before it loaded: the element is labelled without it
    );
  }, []);
  const giveFocusBack = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !focusBack) return;
      element.focus();
      setFocusBack(false);
    },
    [focusBack],
  );

  if (Tooltip)
    return (
      <Tooltip
        title={title}
        placement={placement}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        ref={giveFocusBack}
      >
        {children}
      </Tooltip>
    );
  if (!title) return children;
  const { onPointerEnter, onPointerLeave, onFocus, onBlur } = children.props;
  return cloneElement(children, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      onPointerEnter?.(event);
      if (event.pointerType === 'mouse') want(false);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      onPointerLeave?.(event);
      setOpen(false);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      onFocus?.(event);
      // As MUI's Tooltip: on keyboard focus, not on the focus a click or tap gives.
      if (event.currentTarget.matches(':focus-visible')) want(true);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      onBlur?.(event);
      setOpen(false);
      setFocusBack(false);
    },
  });
}
