import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { AuthUser } from '@towerwatch/contract';
import {
  ACCESS_ROLE_LABELS,
  type AccessRole,
  accessRolesOf,
  INSTALLED_TENANTS,
  mayHandleType,
  NOT_PUBLIC_ACCESS_ROLES,
  PUBLIC_ACCESS_ROLES,
  tenantLabel,
  USER_TYPES,
  type UserType,
} from '@towerwatch/domain';
import { useState } from 'react';

/** What the user form sends (signup, or update with `uid`). */
export interface UserFormValues {
  uid?: string;
  username: string;
  password?: string;
  name: string;
  email: string | null;
  type: UserType;
  tenants: string[];
  meta: { accessRoles: AccessRole[] };
  company_id?: string | null;
}

/**
 * Create or edit a user: type, tenants and access roles, the public options (RMS, ACS, Telegram) apart
 * from the not-public ones (docs/requirements.md#access-roles); a manager is offered only the types and
 * roles it may give (docs/requirements.md#user-management).
 */
export function UserFormModal(props: {
  manager: AuthUser;
  user: AuthUser | null;
  companies: { value: string; label: string }[];
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (values: UserFormValues) => void;
}) {
  const u = props.user;
  const managerRoles = accessRolesOf(props.manager) as readonly string[];
  const sudo = props.manager.type === 'sudo';
  const [username, setUsername] = useState(u?.username ?? '');
  const [password, setPassword] = useState('');
  const [name, setName] = useState(u?.name ?? '');
  const [email, setEmail] = useState(u?.email ?? '');
  const [type, setType] = useState<UserType>(u?.type ?? 'employee');
  const [tenants, setTenants] = useState<string[]>(u?.tenants ?? []);
  const [roles, setRoles] = useState<string[]>(u?.meta.accessRoles ?? []);
  const [company, setCompany] = useState<string | null>(u?.company_id ?? null);
  const types = USER_TYPES.filter((t) => mayHandleType(props.manager, t));
  const roleBox = (role: AccessRole) => (
    <Checkbox
      key={role}
      label={ACCESS_ROLE_LABELS[role]}
      checked={roles.includes(role)}
      disabled={!sudo && !managerRoles.includes(role)}
      onChange={(e) => setRoles(e.currentTarget.checked ? [...roles, role] : roles.filter((r) => r !== role))}
    />
  );
  const valid = username.trim().length >= 3 && name.trim() && (u || password.length >= 8);
  return (
    <Modal opened onClose={props.onClose} title={u ? `Edit ${u.username}` : 'New user'} size="lg">
      <Stack>
        {props.error && <Alert color="red">{props.error}</Alert>}
        <SimpleGrid cols={2}>
          <TextInput
            label="Username"
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            required
          />
          <PasswordInput
            label={u ? 'New password (optional)' : 'Password'}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            required={!u}
          />
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} required />
          <TextInput label="Email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <Select
            label="Type"
            data={types}
            value={type}
            onChange={(v) => v && setType(v as UserType)}
            required
          />
          {sudo && (
            <Select
              label="Customer"
              data={props.companies}
              value={company}
              onChange={setCompany}
              clearable
              disabled={Boolean(u)}
            />
          )}
        </SimpleGrid>
        <MultiSelect
          label="Tenants"
          description="Empty: every installed tenant"
          data={INSTALLED_TENANTS.map((t) => ({ value: t, label: tenantLabel(t) }))}
          value={tenants}
          onChange={setTenants}
        />
        <div>
          <Text size="sm" fw={500}>
            Access
          </Text>
          <Group mt={4}>{PUBLIC_ACCESS_ROLES.map(roleBox)}</Group>
          <Text size="sm" fw={500} mt="sm">
            Not public
          </Text>
          <Group mt={4}>{NOT_PUBLIC_ACCESS_ROLES.map(roleBox)}</Group>
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            disabled={!valid}
            loading={props.busy}
            onClick={() =>
              props.onSave({
                ...(u ? { uid: u.uid } : {}),
                username: username.trim(),
                ...(password ? { password } : {}),
                name: name.trim(),
                email: email.trim() || null,
                type,
                tenants,
                meta: { accessRoles: roles as AccessRole[] },
                ...(!u && sudo && company ? { company_id: company } : {}),
              })
            }
          >
            {u ? 'Save user' : 'Create user'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
