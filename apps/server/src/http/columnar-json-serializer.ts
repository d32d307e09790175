import { isTwoDecimalColumn, twoDecimalJson } from './two-decimal-json';

/**
 * For columnar answers (`{ count, columns: { field: values[] } }`, the 10,000-device assets list): JSON
 * without validating against the Zod schema at run time (as plainJsonSerializer), and with the JSON of
 * every frozen column memoised. A frozen column is one the server keeps and shares between answers (the
 * device registry, until it changes): serialising its names, ids and dates again on every request was a
 * third of the list's serialisation time.
 */
const frozenColumnJson = new WeakMap<readonly unknown[], string>();

function columnJson(values: readonly unknown[]): string {
  if (isTwoDecimalColumn(values)) return twoDecimalJson(values);
  if (!Object.isFrozen(values)) return JSON.stringify(values);
  let json = frozenColumnJson.get(values);
  if (json === undefined) {
    json = JSON.stringify(values);
    frozenColumnJson.set(values, json);
  }
  return json;
}

export interface ColumnarAnswer {
  count: number;
  columns: { [field: string]: readonly unknown[] };
}

export function columnarJson(answer: ColumnarAnswer): string {
  const fields = Object.keys(answer.columns).map(
    (field) => `${JSON.stringify(field)}:${columnJson(answer.columns[field] as readonly unknown[])}`,
  );
  return `{"count":${JSON.stringify(answer.count)},"columns":{${fields.join(',')}}}`;
}

/** The route's serializer compiler: columnar for its 200 answer, plain JSON for its error answers. */
export const columnarJsonSerializer =
  ({ httpStatus }: { httpStatus?: string }) =>
  (data: unknown): string =>
    httpStatus === '200' ? columnarJson(data as ColumnarAnswer) : JSON.stringify(data);
