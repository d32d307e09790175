/**
 * For large, hot responses (10,000-row lists, year-long charts, 5,000-message ingest answers): JSON.stringify without validating the
 * output against its Zod schema at run time. The handler's return type is already checked against the
 * schema's type at compile time, and the schema still documents the response in OpenAPI; validating
 * 10,000 rows on every request cost more than the query itself.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);
