/**
 * The document's schema components, tidied for integrators. The Zod type provider writes two components for every
 * schema with an id, one as a request reads it (`XInput`) and one as an answer writes it (`X`), whether or not an
 * operation uses it: 48 of them were unused duplicates. Only the components an operation reaches are kept, and an
 * `XInput` kept alone takes the plain name `X`.
 */
export interface OpenApiDocument {
  components?: { schemas?: Record<string, unknown> } & Record<string, unknown>;
  [key: string]: unknown;
}

const SCHEMA_REF = /"#\/components\/schemas\/([^"]+)"/g;

const namesReferencedIn = (value: unknown): string[] => [...JSON.stringify(value).matchAll(SCHEMA_REF)].map((match) => match[1] as string);

export function tidyComponents<D extends object>(original: D): D {
  const document = original as OpenApiDocument;
  const schemas = document.components?.schemas;
  if (!schemas) return original;
  const { schemas: _all, ...otherComponents } = document.components ?? {};
  // Everything but the schema components themselves: paths, security schemes, ...
  const reachable = new Set<string>();
  const pending = namesReferencedIn({ ...document, components: otherComponents });
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (reachable.has(name) || !(name in schemas)) continue;
    reachable.add(name);
    pending.push(...namesReferencedIn(schemas[name]));
  }
  const renamed = new Map<string, string>();
  for (const name of reachable) {
    const plain = name.replace(/Input$/, '');
    if (plain !== name && !reachable.has(plain)) renamed.set(name, plain);
  }
  const kept = Object.fromEntries([...reachable].sort().map((name) => [renamed.get(name) ?? name, schemas[name]]));
  const tidied = { ...document, components: { ...otherComponents, schemas: kept } };
  const text = JSON.stringify(tidied).replace(SCHEMA_REF, (whole, name: string) => {
    const plain = renamed.get(name);
    return plain === undefined ? whole : `"#/components/schemas/${plain}"`;
  });
  return JSON.parse(text) as D;
}
