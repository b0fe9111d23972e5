// customers.ip_allow_version goes up whenever one of the customer's IP allow-list rules is added, changed or
// removed (issue 16 §7). The session check reads it with the session, so each API process keeps the
// customer's compiled allow-list in memory and knows without another query whether it still holds. Kept by
// a trigger, so every writer (the CLI, an operator's SQL) bumps it.
import { sql, type Kysely } from 'kysely';

const statements = [
  `ALTER TABLE customers ADD COLUMN ip_allow_version bigint NOT NULL DEFAULT 0`,
  `CREATE FUNCTION bump_ip_allow_version() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE customers SET ip_allow_version = ip_allow_version + 1
       WHERE id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.customer_id END,
                    CASE WHEN TG_OP <> 'DELETE' THEN NEW.customer_id END);
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER ip_allow_rules_version AFTER INSERT OR UPDATE OR DELETE ON ip_allow_rules
     FOR EACH ROW EXECUTE FUNCTION bump_ip_allow_version()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TRIGGER IF EXISTS ip_allow_rules_version ON ip_allow_rules').execute(db);
  await sql.raw('DROP FUNCTION IF EXISTS bump_ip_allow_version()').execute(db);
  await sql.raw('ALTER TABLE customers DROP COLUMN IF EXISTS ip_allow_version').execute(db);
}
