/**
 * Demo data (idempotent): the seven companies, the demo accounts and — from `@towerwatch/fleet` —
 * the demo sites, devices and pin configs. Run by `npm run seed` and by the first `npm start`.
 */
import { COMPANY_CODES, companyLabel } from '@towerwatch/domain';
import { hashPassword } from '../auth/passwords.ts';
import type { Queryable } from '../db/pool.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';
import { seedFleet } from './seed-fleet.ts';

export interface SeedDeps {
  pool: Queryable;
  log?: { info(obj: object, msg: string): void };
}

export interface SeedResult {
  companies: number;
  users: number;
  sites: number;
  devices: number;
  pinConfigs: number;
}

/** Inserts what is missing; existing rows are left as they are. */
export async function seedDemoData(deps: SeedDeps): Promise<SeedResult> {
  const { pool } = deps;
  let companies = 0;
  for (const code of COMPANY_CODES) {
    const res = await pool.query(
      `insert into companies (id, code, name, label) values ($1, $1, $2, $3) on conflict do nothing`,
      [code, companyLabel(code), companyLabel(code)],
    );
    companies += res.rowCount ?? 0;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let users = 0;
  // Roots first: the accounts are ordered so a root precedes its users.
  for (const a of DEMO_ACCOUNTS) {
    const res = await pool.query(
      `insert into users (uid, username, password_hash, name, type, tenants, root_user_uid, company_id, access_roles)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing`,
      [a.uid, a.username, passwordHash, a.name, a.type, a.tenants, a.rootUserUid, a.company, a.accessRoles],
    );
    users += res.rowCount ?? 0;
  }
  // Companies, vendors, sites, devices and pin configs of the shared demo fleet.
  const fleet = await seedFleet(pool);
  const result = { companies, users, ...fleet };
  deps.log?.info(result, 'demo data seeded');
  return result;
}
