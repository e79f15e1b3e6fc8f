/** The demo accounts of issue 3 (password `towerwatch`), listed in the README. */
import type { AccessRole, UserType } from '@towerwatch/domain';
import { ACCESS_ROLES, PROVIDER_ROOT_USER_UID } from '@towerwatch/domain';

export const DEMO_PASSWORD = 'towerwatch';

export interface DemoAccount {
  uid: string;
  username: string;
  name: string;
  type: UserType;
  /** company code, null for the provider's staff */
  company: string | null;
  /** root user uid (null = the account is its own root) */
  rootUserUid: string | null;
  tenants: string[];
  accessRoles: AccessRole[];
}

/** Uid of the `ktbl` company account (root user of KTBL's users). */
export const KTBL_ROOT_UID = '100';
/** Uid of the `ftb` company account. */
export const FTB_ROOT_UID = '200';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    uid: PROVIDER_ROOT_USER_UID,
    username: 'admin',
    name: 'Admin',
    type: 'sudo',
    company: null,
    rootUserUid: null,
    tenants: [],
    accessRoles: [...ACCESS_ROLES],
  },
  {
    uid: '2',
    username: 'ops',
    name: 'Ops',
    type: 'support',
    company: null,
    rootUserUid: PROVIDER_ROOT_USER_UID,
    tenants: [],
    accessRoles: ['acs', 'rms', 'telegram', 'legacy'],
  },
  {
    uid: '3',
    username: 'finance',
    name: 'Finance',
    type: 'finance',
    company: null,
    rootUserUid: PROVIDER_ROOT_USER_UID,
    tenants: [],
    accessRoles: [],
  },
  {
    uid: KTBL_ROOT_UID,
    username: 'ktbl',
    name: 'KTBL',
    type: 'company',
    company: 'ktbl',
    rootUserUid: null,
    tenants: [],
    accessRoles: ['acs', 'rms', 'telegram', 'manage_users', 'legacy', 'alarm_settings'],
  },
  {
    uid: '101',
    username: 'super',
    name: 'KTBL Superuser',
    type: 'superuser',
    company: 'ktbl',
    rootUserUid: KTBL_ROOT_UID,
    tenants: [],
    accessRoles: ['acs', 'rms', 'telegram', 'manage_users', 'legacy', 'alarm_settings'],
  },
  {
    uid: '102',
    username: 'ktbl.rms',
    name: 'KTBL RMS',
    type: 'company',
    company: 'ktbl',
    rootUserUid: KTBL_ROOT_UID,
    tenants: [],
    accessRoles: ['rms'],
  },
  {
    uid: '103',
    username: 'ktbl.employee',
    name: 'KTBL Employee',
    type: 'employee',
    company: 'ktbl',
    rootUserUid: KTBL_ROOT_UID,
    tenants: [],
    accessRoles: ['acs', 'rms'],
  },
  {
    uid: '104',
    username: 'robi.viewer',
    name: 'Robi Viewer',
    type: 'read_only',
    company: 'ktbl',
    rootUserUid: KTBL_ROOT_UID,
    tenants: ['robi'],
    accessRoles: ['acs', 'rms'],
  },
  {
    uid: '105',
    username: 'noc',
    name: 'NOC',
    type: 'read_only',
    company: 'ktbl',
    rootUserUid: KTBL_ROOT_UID,
    tenants: [],
    accessRoles: ['acs', 'rms'],
  },
  {
    uid: FTB_ROOT_UID,
    username: 'ftb',
    name: 'FTB',
    type: 'company',
    company: 'ftb',
    rootUserUid: null,
    tenants: [],
    accessRoles: [...ACCESS_ROLES],
  },
];
