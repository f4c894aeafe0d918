import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from "kysely";

/**
 * Lists the tables of the connection's own schema only. Kysely's migrator asks which tables
 * exist through an introspector that reads every column of every schema in the database, so
 * its cost grows with everything else the database holds; the migrator only needs the names
 * of the tables beside its own.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`
      select nspname as name from pg_catalog.pg_namespace where nspname = current_schema()
    `.execute(this.db);
    return rows.map((row) => ({ name: row.name }));
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, ns.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname
    `.execute(this.db);
    return rows.map((row) => ({
      name: row.name,
      schema: row.schema,
      isView: row.kind === "v",
      columns: [],
    }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/**
 * The same database object, answering `introspection` from the current schema alone. Kysely
 * keeps its state in private fields, so every other member is read from, and bound to, the
 * original.
 */
export function withCurrentSchemaIntrospection<DB>(db: Kysely<DB>): Kysely<DB> {
  const introspection = new CurrentSchemaIntrospector(db as Kysely<unknown>);
  return new Proxy(db, {
    get(target, property) {
      if (property === "introspection") return introspection;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
