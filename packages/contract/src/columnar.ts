/** A list answered by columns: each field of `Row` as one array, index i of every array describing the same item. */
export type Columns<Row> = { [K in keyof Row]: Row[K][] };

/**
 * Row `index` of a columnar answer. Free of any schema, so that a screen can take one row (the device an edit
 * dialog opens on) without loading Zod.
 */
export function columnRowAt<Row>(columns: Columns<Row>, index: number): Row {
  const row: Record<string, unknown> = {};
  for (const field of Object.keys(columns)) row[field] = columns[field as keyof Row][index];
  return row as Row;
}

/** Every row of a columnar answer (`{ count, columns }`), in order. */
export function columnRows<Row>(answer: { count: number; columns: Columns<Row> }): Row[] {
  return Array.from({ length: answer.count }, (_unused, index) => columnRowAt(answer.columns, index));
}
