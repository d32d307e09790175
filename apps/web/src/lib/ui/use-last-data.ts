import { useState } from 'react';

/**
 * The query's data, or the last data it had. A paged query keeps the previous page on screen while the
 * next one loads, but once that load fails its data is gone; this keeps the page the user was reading, so
 * that the failure can be said beside it (with a retry) instead of replacing it.
 */
export function useLastData<T>(data: T | undefined): T | undefined {
  const [last, setLast] = useState(data);
  if (data !== undefined && data !== last) setLast(data);
  return data ?? last;
}
