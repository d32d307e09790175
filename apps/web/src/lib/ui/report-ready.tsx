import type { ReactNode } from 'react';

/**
 * The ready marker: the server's PDF renderer prints a report-style page once the CSS selector `[data-report-ready]`
 * (the report runner's `waitFor`) matches. It wraps a report's drawn data; render it only with the data, never while
 * loading or after a failure. `display: contents` leaves the layout as it was (the sections stay items of the page's
 * grid, and their page breaks apply); Playwright's wait for a visible element counts it visible through its children.
 */
export function ReportReady({ children }: { children: ReactNode }) {
  return (
    <div data-report-ready="" style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
