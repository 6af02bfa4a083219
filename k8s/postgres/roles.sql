-- The PostgreSQL roles of a production installation: one role that owns the schemas and runs the migrations, and one
-- runtime role per service. The services' migrations (run as the owner over DATABASE_MIGRATION_URL) grant each
-- runtime role reading and writing the rows of its own schema and nothing more: it cannot reach another service's
-- schema, change its own, or drop the audit log's append-only trigger. The gateway has no role: it holds no database
-- credentials. Run once per database, as an administrator, with a strong password for each role:
--
--   psql "postgres://ADMIN@HOST:5432/medical_qr" -f k8s/postgres/roles.sql \
--     -v migrator_password=... -v identity_password=... -v records_password=... \
--     -v billing_password=... -v shop_password=... -v privacy_password=...
--
-- Optional: -v prefix=name (default mqr) names the roles <prefix>_migrator, <prefix>_identity, ...
-- Each service then gets DATABASE_URL postgres://<prefix>_<service>:PASSWORD@PGBOUNCER:6432/medical_qr and
-- DATABASE_MIGRATION_URL postgres://<prefix>_migrator:PASSWORD@POSTGRES:5432/medical_qr (docs/deployment.md).
\set ON_ERROR_STOP on
\if :{?prefix}
\else
  \set prefix mqr
\endif

\set migrator :prefix '_migrator'
\set identity :prefix '_identity'
\set records :prefix '_records'
\set billing :prefix '_billing'
\set shop :prefix '_shop'
\set privacy :prefix '_privacy'

-- The owner: it creates each service's schema at its first start, and owns every table and trigger in them.
create role :"migrator" login password :'migrator_password';
grant create on database :"DBNAME" to :"migrator";

-- The runtime roles: connect, and only what the migrations grant them. A statement that runs away is stopped here
-- too, since a transaction-mode pooler passes no per-connection setting.
create role :"identity" login password :'identity_password';
create role :"records" login password :'records_password';
create role :"billing" login password :'billing_password';
create role :"shop" login password :'shop_password';
create role :"privacy" login password :'privacy_password';
alter role :"identity" set statement_timeout = '10s';
alter role :"records" set statement_timeout = '10s';
alter role :"billing" set statement_timeout = '10s';
alter role :"shop" set statement_timeout = '10s';
alter role :"privacy" set statement_timeout = '10s';

-- Nothing for anyone in the public schema (PostgreSQL 15 and later already start so).
revoke create on schema public from public;
