import { useDeferredValue, type ReactNode } from 'react';

/**
 * Shows `placeholder` in the render that mounts it, and `children` in a second render that React does in the
 * background: in slices that yield to the browser, after the first paint, so a heavy part below the top of a screen
 * (the assets table's rows) neither delays the first content nor makes one long task with it. The placeholder
 * should take the children's room, so that nothing moves when they arrive.
 */
export function AfterFirstPaint({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : placeholder;
}
