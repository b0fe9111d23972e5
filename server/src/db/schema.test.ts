// schema.ts must describe the database the migrations build: the same tables, the same columns, the same
// nullability, and `Computed` exactly for the columns PostgreSQL generates. The types are read with the
// TypeScript compiler (what Kysely sees when it selects), the database from information_schema.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../test/helpers/test-database.ts';

const SCHEMA_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.ts');

/** Tables the migrator keeps for itself, not part of the Database interface. */
const MIGRATOR_TABLES = new Set(['schema_migrations', 'schema_migrations_lock']);

interface ColumnShape {
  /** Undefined where the type says nothing either way (`unknown`, read as it comes from jsonb). */
  isNullable: boolean | undefined;
  /** GENERATED ALWAYS … STORED: `Computed<T>` in schema.ts. */
  isComputed: boolean;
}

type TableShapes = Record<string, Record<string, ColumnShape>>;

/** Tables and columns of the `Database` interface, as the type checker resolves them. */
function declaredShapes(): TableShapes {
  const program = ts.createProgram([SCHEMA_FILE], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    allowImportingTsExtensions: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE);
  if (!source) throw new Error('schema.ts not found');
  const database = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database',
  );
  if (!database) throw new Error('schema.ts has no Database interface');
  const shapes: TableShapes = {};
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const tableType = checker.getTypeOfSymbolAtLocation(table, database);
    shapes[table.name] = {};
    for (const column of tableType.getProperties()) {
      const columnType = checker.getTypeOfSymbolAtLocation(column, database);
      // Kysely's ColumnType<Select, Insert, Update> (Generated, Timestamp, Json, Computed are ones) keeps
      // the three in __select__, __insert__ and __update__; a plain type is all three.
      const select = columnType.getProperty('__select__');
      const insert = columnType.getProperty('__insert__');
      const selectType = select ? checker.getTypeOfSymbolAtLocation(select, database) : columnType;
      const insertType = insert ? checker.getTypeOfSymbolAtLocation(insert, database) : columnType;
      shapes[table.name]![column.name] = {
        isNullable: includesNull(selectType),
        isComputed: (insertType.flags & ts.TypeFlags.Never) !== 0,
      };
    }
  }
  return shapes;
}

/** Whether a selected value may be null (`T | null`); undefined for `unknown` and `any`, which say nothing. */
function includesNull(type: ts.Type): boolean | undefined {
  if (type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return undefined;
  if (type.flags & ts.TypeFlags.Null) return true;
  return type.isUnion() && type.types.some((member) => (member.flags & ts.TypeFlags.Null) !== 0);
}

/** Tables and columns of the migrated test database. */
async function migratedShapes(): Promise<TableShapes> {
  const db = await testDb();
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    is_nullable: 'YES' | 'NO';
    is_generated: 'ALWAYS' | 'NEVER';
  }>`
    SELECT c.table_name, c.column_name, c.is_nullable, c.is_generated
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position
  `.execute(db);
  const shapes: TableShapes = {};
  for (const row of rows) {
    if (MIGRATOR_TABLES.has(row.table_name)) continue;
    shapes[row.table_name] ??= {};
    shapes[row.table_name]![row.column_name] = {
      isNullable: row.is_nullable === 'YES',
      isComputed: row.is_generated === 'ALWAYS',
    };
  }
  return shapes;
}

/** Sorted "table" and "table.column" names, for diffs that name what is missing where. */
const namesOf = (shapes: TableShapes) =>
  Object.entries(shapes)
    .flatMap(([table, columns]) => [table, ...Object.keys(columns).map((column) => `${table}.${column}`)])
    .sort();

describe('schema.ts against the migrations', () => {
  let declared: TableShapes;
  let migrated: TableShapes;
  beforeAll(async () => {
    declared = declaredShapes();
    migrated = await migratedShapes();
  });

  it('declares exactly the tables and columns the migrations create', () => {
    expect(Object.keys(declared).length).toBeGreaterThan(30);
    expect(namesOf(declared)).toEqual(namesOf(migrated));
  });

  it('types a column nullable exactly when the database allows null, and Computed exactly when generated', () => {
    const mismatches: string[] = [];
    for (const [table, columns] of Object.entries(migrated)) {
      for (const [column, actual] of Object.entries(columns)) {
        const expected = declared[table]?.[column];
        if (!expected) continue; // the first test names it
        // PostgreSQL reports every generated column nullable (its expression decides), so those are left out.
        const isNullabilityKnown = !actual.isComputed && expected.isNullable !== undefined;
        if (isNullabilityKnown && expected.isNullable !== actual.isNullable)
          mismatches.push(`${table}.${column}: ${actual.isNullable ? 'NULL' : 'NOT NULL'} in the database`);
        if (expected.isComputed !== actual.isComputed)
          mismatches.push(`${table}.${column}: ${actual.isComputed ? '' : 'not '}generated in the database`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
