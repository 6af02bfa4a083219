import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { BUS_ACCESS, SERVICE_NAMES, type ServiceName } from '@medical-qr/contracts';
import { dropDatabase, ensureDatabase, PROCESSED_EVENTS_TABLE, runMigrations } from '@medical-qr/platform';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ADMIN = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

/**
 * The production roles of k8s/postgres/roles.sql, applied with psql as an operator would, then every service's real
 * migrations run as the owner (as each service does at start with DATABASE_MIGRATION_URL set): each service's runtime
 * role reads and writes its own schema and is refused everywhere else, and cannot touch the audit log's protections.
 */
describe('the production database roles', () => {
  const database = `mqr_test_roles_${randomBytes(4).toString('hex')}`;
  const prefix = `mqr_t${randomBytes(3).toString('hex')}`;
  const url = (role?: string) =>
    `${ADMIN.replace('postgres://postgres@', `postgres://${role ?? 'postgres'}@`)}/${database}`;
  const role = (name: ServiceName | 'migrator') => `${prefix}_${name}`;

  async function query(as: string, sql: string) {
    const client = new pg.Client({ connectionString: url(as) });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await ensureDatabase(url());
    const passwords = ['migrator', ...SERVICE_NAMES].flatMap((name) => ['-v', `${name}_password=pw-${name}`]);
    execFileSync('psql', [url(), '-q', '-v', `prefix=${prefix}`, ...passwords, '-f', `${ROOT}k8s/postgres/roles.sql`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const service of SERVICE_NAMES) {
      await runMigrations(url(role('migrator')), service, `${ROOT}services/${service}/migrations`, {
        platformTables: BUS_ACCESS[service].consumes.length > 0 ? [PROCESSED_EVENTS_TABLE] : [],
        runtimeRole: role(service),
      });
    }
  }, 120_000);
  afterAll(async () => {
    await dropDatabase(url());
    const roles = [role('migrator'), ...SERVICE_NAMES.map(role)];
    await query('postgres', roles.map((name) => `drop role if exists ${name}`).join(';')).catch(() => undefined);
  });

  it("lets each service's role read its own schema and refuses it every other one", async () => {
    for (const service of SERVICE_NAMES) {
      const [own] = await query(
        role(service),
        `select count(*)::int as tables from information_schema.tables where table_schema = '${service}'`,
      );
      expect({ service, tables: own!.tables }).toEqual({ service, tables: expect.any(Number) });
      await query(role(service), `select * from ${service}.schema_migrations`);
      for (const other of SERVICE_NAMES.filter((name) => name !== service)) {
        await expect(query(role(service), `select * from ${other}.schema_migrations`)).rejects.toThrow(
          `permission denied for schema ${other}`,
        );
      }
      await expect(query(role(service), `create table ${service}.extra (id int)`)).rejects.toThrow(
        `permission denied for schema ${service}`,
      );
    }
  });

  it("keeps the audit log's append-only trigger out of the privacy service's reach", async () => {
    await query(role('privacy'), 'select count(*) from privacy.audit_log');
    for (const statement of [
      'alter table privacy.audit_log disable trigger audit_log_append_only',
      'drop trigger audit_log_append_only on privacy.audit_log',
      'drop function privacy.audit_log_append_only() cascade',
      'truncate privacy.audit_log',
    ]) {
      await expect(query(role('privacy'), statement)).rejects.toThrow(/must be owner|permission denied/);
    }
  });

  it('makes the migration role the owner of every service schema, the only role that can change one', async () => {
    const owners = await query(
      'postgres',
      `select nspname as schema, nspowner::regrole::text as owner from pg_namespace`,
    );
    for (const service of SERVICE_NAMES) {
      expect(owners.find((row) => row.schema === service)).toEqual({ schema: service, owner: role('migrator') });
    }
  });
});
