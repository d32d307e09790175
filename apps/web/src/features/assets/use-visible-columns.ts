import { useCallback, useState } from 'react';
import { ASSET_COLUMNS, DEFAULT_VISIBLE_COLUMNS } from './asset-columns';
import type { AssetField } from './asset-filters';

const STORAGE_KEY = 'gridlens.assets.columns';
const KNOWN = new Set<string>(ASSET_COLUMNS.map((c) => c.field));

/** The stored choice, keeping only columns that still exist; the defaults when there is none. */
export function readVisibleColumns(stored: string | null): Set<AssetField> {
  try {
    const fields = JSON.parse(stored ?? 'null') as unknown;
    if (Array.isArray(fields))
      return new Set(['device_id', ...fields.filter((f): f is AssetField => typeof f === 'string' && KNOWN.has(f))]);
  } catch {
    // A damaged value falls back to the defaults.
  }
  return new Set(DEFAULT_VISIBLE_COLUMNS);
}

/** The table's column choice, remembered in this browser. */
export function useVisibleColumns() {
  const [visible, setVisible] = useState(() => readVisibleColumns(localStorage.getItem(STORAGE_KEY)));
  const toggle = useCallback((field: AssetField) => {
    setVisible((current) => {
      const next = new Set(current);
      if (next.has(field)) next.delete(field);
      else next.add(field);
      next.add('device_id');
      localStorage.setItem(STORAGE_KEY, JSON.stringify([...next]));
      return next;
    });
  }, []);
  return { visible, toggle };
}
