/**
 * What a part of the server declares of the database: the tables it owns (only it writes them, prunes them and
 * names them in its own SQL freely) and the tables of other parts its SQL reads. `npm run lint` holds every part's
 * SQL to its declaration (scripts/checks/table-owners.ts): a write to a table it does not own, a read it has not
 * declared, or a read of a part that imports it (a read against the arrows) fails the check.
 *
 * Each module declares it in `modules/<name>/<name>.tables.ts`; the parts outside modules (the migrator, the
 * identity provider) in `<folder>/<folder>.tables.ts`.
 */
export interface TableOwnership {
  owns: readonly string[];
  /** By owning part (a module's folder name, or a top-level folder): the tables of it that this part's SQL reads. */
  reads?: Readonly<Record<string, readonly string[]>>;
}
