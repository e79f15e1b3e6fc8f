/**
 * Administration (docs/requirements.md#administration): devices and their pin configs, the customer
 * (company) list, device vendors with their API tokens, and HTTP ingest. Payloads the spec leaves open
 * are designed here (docs/api.md "Administration").
 */
import { ALL_TENANTS, CUSTOMER_PAGE_SIZE, MAX_PAGE, PIN_PRIORITIES } from '@towerwatch/domain';
import { z } from 'zod';
import { pinName, pinType } from './device/pins.ts';
import { COM_ID_PATTERN } from './device/topics.ts';
import { bodyIntId, queryInt, safeText } from './input.ts';
import { sitePinConfig } from './site.ts';
import { isoTime, siteUid } from './site-common.ts';

/** A com_id as devices use it (also their MQTT username). */
export const deviceComId = z.string().regex(COM_ID_PATTERN, 'com_id: 1–32 letters, digits, _ or -');
const uidText = safeText().trim().min(1).max(64);
const search = safeText().trim().max(100).optional();
const page = queryInt(1, MAX_PAGE).default(1);

/** An RMS controller as the admin screens show it. */
export const adminDevice = z.object({
  com_id: z.string(),
  /** Uid of its device vendor. */
  vendor: z.string().nullable(),
  vendor_name: z.string().nullable(),
  model: z.string().nullable(),
  firmware: z.string().nullable(),
  /** The company the device belongs to (its site's, or set when it was registered). */
  company_id: z.string().nullable(),
  site_uid: z.string().nullable(),
  site_name: z.string().nullable(),
  online: z.boolean(),
  last_seen_at: isoTime.nullable(),
  created_at: isoTime,
});
export type AdminDevice = z.infer<typeof adminDevice>;

/** GET /user/device/com-id: devices not bound to a site (the bind picker) and a free com_id. */
export const deviceComIdQuery = z.object({ search, limit: queryInt(1, 100).default(20) });
export const deviceComIdReply = z.object({
  /** A com_id no device has yet (suggested for /user/device/save). */
  next_com_id: z.string(),
  items: z.array(adminDevice),
});
export type DeviceComIdReply = z.infer<typeof deviceComIdReply>;

/**
 * POST /user/device/save: registers a controller (no `com_id`: the server picks one) or changes one.
 * A new device, or `regenerate_secret: true`, gets a new MQTT secret, returned once.
 */
export const deviceSaveBody = z
  .object({
    com_id: deviceComId.optional(),
    vendor: uidText.nullable().optional(),
    model: safeText().trim().max(64).nullable().optional(),
    firmware: safeText().trim().max(64).nullable().optional(),
    company_id: safeText().trim().min(1).max(40).nullable().optional(),
    regenerate_secret: z.boolean().optional(),
  })
  .strict();
export type DeviceSaveBody = z.infer<typeof deviceSaveBody>;
export const deviceSaveReply = z.object({
  device: adminDevice,
  created: z.boolean(),
  /** The device's MQTT password: shown once (new device or regenerated), else null. */
  secret: z.string().nullable(),
});
export type DeviceSaveReply = z.infer<typeof deviceSaveReply>;

/** GET /user/device/list. */
export const deviceListQuery = z.object({
  page,
  limit: queryInt(1, 200).default(50),
  search,
  company_id: safeText().trim().min(1).max(40).optional(),
  site_uid: siteUid.optional(),
  bound: z.enum(['yes', 'no']).optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuery>;
export const deviceListReply = z.object({ total: z.number().int(), items: z.array(adminDevice) });
export type DeviceListReply = z.infer<typeof deviceListReply>;

/** A customer (company) with its site counts and health at a glance. */
export const customerCompany = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  label: z.string(),
  logo: z.string().nullable(),
  /** Root user uid: the `user_uid` the list calls take to act as this customer. */
  root_user_uid: z.string().nullable(),
  sites: z.number().int(),
  devices: z.number().int(),
  devices_online: z.number().int(),
  /** Sites whose site_down alarm is active. */
  sites_down: z.number().int(),
  /** Active (not normal, available) alarms over its sites. */
  active_alarms: z.number().int(),
});
export type CustomerCompany = z.infer<typeof customerCompany>;
/** GET /user/company/list: 25 per page (docs/requirements.md#site-load). */
export const companyListQuery = z.object({
  page,
  limit: queryInt(1, 100).default(CUSTOMER_PAGE_SIZE),
  search,
});
export type CompanyListQuery = z.infer<typeof companyListQuery>;
export const companyListReply = z.object({ total: z.number().int(), items: z.array(customerCompany) });
export type CompanyListReply = z.infer<typeof companyListReply>;

/** POST /user/device/bind: binds a controller to a site. */
export const deviceBindBody = z.object({ com_id: deviceComId, site_uid: siteUid }).strict();
export type DeviceBindBody = z.infer<typeof deviceBindBody>;
/** POST /user/device/unbind: unbinds it from the site (its pin configs there are removed). */
export const deviceUnbindBody = z.object({ com_id: deviceComId, site_uid: siteUid }).strict();
export type DeviceUnbindBody = z.infer<typeof deviceUnbindBody>;
export const deviceBindReply = z.object({ device: adminDevice, removed_configs: z.number().int() });
export type DeviceBindReply = z.infer<typeof deviceBindReply>;

/**
 * POST /user/device/save-config: adds (no `id`) or changes (`id`) a pin config. Without `id`, a config
 * with the same com_id, pin_name and tenant is replaced.
 */
export const pinConfigSaveBody = z
  .object({
    id: bodyIntId.optional(),
    site_uid: siteUid,
    com_id: deviceComId,
    pin_name: pinName,
    type: pinType,
    priority: z.enum(PIN_PRIORITIES).nullable().optional(),
    tenant: z.enum(ALL_TENANTS).nullable().optional(),
    label: safeText().trim().min(1).max(100).nullable().optional(),
  })
  .strict();
export type PinConfigSaveBody = z.infer<typeof pinConfigSaveBody>;
export const pinConfigSaveReply = z.object({ pinConfig: sitePinConfig });
export type PinConfigSaveReply = z.infer<typeof pinConfigSaveReply>;
/** POST /user/device/remove-config (id). */
export const pinConfigRemoveBody = z.object({ id: bodyIntId }).strict();
export const pinConfigRemoveReply = z.object({ id: z.number().int(), site_uid: z.string() });

/** A device vendor (docs/requirements.md#device-vendors). */
export const deviceVendor = z.object({
  uid: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  logo: z.string().nullable(),
  /** The customer it serves; null = every customer. */
  company_id: z.string().nullable(),
  devices: z.number().int(),
  active_tokens: z.number().int(),
  created_at: isoTime,
});
export type DeviceVendor = z.infer<typeof deviceVendor>;
/** GET /urms/admin/vendor: filtered by company, searched by name; `uid` for one vendor. */
export const vendorListQuery = z.object({
  uid: uidText.optional(),
  company_id: safeText().trim().min(1).max(40).optional(),
  search,
  page,
  limit: queryInt(1, 200).default(50),
});
export type VendorListQuery = z.infer<typeof vendorListQuery>;
export const vendorListReply = z.object({ total: z.number().int(), items: z.array(deviceVendor) });
export type VendorListReply = z.infer<typeof vendorListReply>;
/** POST /urms/admin/create-vendor: creates (no `uid`) or updates (`uid`). */
export const vendorSaveBody = z
  .object({
    uid: uidText.optional(),
    name: safeText().trim().min(1).max(120),
    address: safeText().trim().max(300).nullable().optional(),
    logo: safeText().trim().max(500).nullable().optional(),
    company_id: safeText().trim().min(1).max(40).nullable().optional(),
  })
  .strict();
export type VendorSaveBody = z.infer<typeof vendorSaveBody>;
export const vendorSaveReply = z.object({ vendor: deviceVendor });
/** DELETE /urms/admin/delete-vendor/{id}. */
export const vendorDeleteParams = z.object({
  id: safeText().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'id: 1–64 letters, digits, _ . -'),
});
export const vendorDeleteReply = z.object({ uid: z.string() });

/** A vendor API token as listed (never the secret). */
export const vendorToken = z.object({
  id: z.string(),
  vendor_uid: z.string(),
  name: z.string(),
  /** The token's first characters (`twv_<id>`), to tell tokens apart. */
  prefix: z.string(),
  created_at: isoTime,
  expires_at: isoTime.nullable(),
  last_used_at: isoTime.nullable(),
  revoked_at: isoTime.nullable(),
  /** Messages accepted with it. */
  accepted: z.number().int(),
  /** Messages refused (another vendor's device, bad payload, unknown device). */
  rejected: z.number().int(),
  active: z.boolean(),
});
export type VendorToken = z.infer<typeof vendorToken>;
/** POST /urms/admin/generate-api-token. */
export const generateTokenBody = z
  .object({
    vendor_uid: uidText,
    name: safeText().trim().min(1).max(80).optional(),
    /** Optional expiry (ISO date-time, in the future). */
    expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .strict();
export type GenerateTokenBody = z.infer<typeof generateTokenBody>;
export const generateTokenReply = z.object({
  /** The whole token: shown once, only its hash is stored. */
  token: z.string(),
  info: vendorToken,
});
export type GenerateTokenReply = z.infer<typeof generateTokenReply>;
/** GET /urms/admin/api-tokens (vendor_uid). */
export const vendorTokensQuery = z.object({ vendor_uid: uidText });
export const vendorTokensReply = z.object({ items: z.array(vendorToken) });
export type VendorTokensReply = z.infer<typeof vendorTokensReply>;
/** POST /urms/admin/revoke-api-token (id). */
export const revokeTokenBody = z
  .object({ id: safeText().regex(/^[0-9a-f]{12}$/, 'id: 12 hex characters') })
  .strict();
export const revokeTokenReply = z.object({ info: vendorToken });

/** Kinds a vendor may push over HTTP: the device → server MQTT kinds. */
export const HTTP_INGEST_KINDS = ['pins', 'events', 'access', 'oem', 'status', 'cmd/ack'] as const;
/** POST /urms/ingest/messages: MQTT payloads over HTTPS, in order (docs/device-protocol.md). */
export const ingestMessagesBody = z
  .object({
    messages: z
      .array(
        z.object({
          com_id: deviceComId,
          kind: z.enum(HTTP_INGEST_KINDS),
          /** The payload the device would publish on `tw/v1/dev/{com_id}/{kind}`. */
          payload: z.record(z.string(), z.unknown()),
        }),
      )
      .min(1)
      .max(500),
  })
  .strict();
export type IngestMessagesBody = z.infer<typeof ingestMessagesBody>;
export const ingestMessagesReply = z.object({
  accepted: z.number().int(),
  refused: z.array(z.object({ index: z.number().int(), com_id: z.string(), reason: z.string() })),
});
export type IngestMessagesReply = z.infer<typeof ingestMessagesReply>;

/**
 * POST /user/site/import: sites with their controllers and pin layout from the template (.xlsx sheet
 * `Sites`, or the same columns as CSV), base64-encoded. Every row is checked first; with any error
 * nothing is written. `dry_run` only checks.
 */
export const siteImportBody = z
  .object({
    format: z.enum(['xlsx', 'csv']),
    /** The file, base64 (the request is capped at 1 MiB: about 5,000 sites as .xlsx). */
    content_base64: z.string().min(1).max(1_400_000),
    dry_run: z.boolean().optional(),
  })
  .strict();
export type SiteImportBody = z.infer<typeof siteImportBody>;
/** One problem of an import: the file's row (1 = header) and column. */
export const importProblem = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type ImportProblem = z.infer<typeof importProblem>;
export const siteImportReply = z.object({
  /** True when the rows were written (no error and not a dry run). */
  applied: z.boolean(),
  rows: z.number().int(),
  sites: z.number().int(),
  devices: z.number().int(),
  pins: z.number().int(),
  errors: z.array(importProblem),
});
export type SiteImportReply = z.infer<typeof siteImportReply>;

/** POST /user/company/save (extension): creates a customer (company), or updates one (`id`). */
export const companySaveBody = z
  .object({
    id: safeText().trim().min(1).max(40).optional(),
    code: z.string().regex(/^[a-z][a-z0-9]{1,15}$/, 'code: 2–16 lower-case letters and digits'),
    name: safeText().trim().min(1).max(200),
    label: safeText().trim().min(1).max(40),
    logo: safeText().trim().max(500).nullable().optional(),
  })
  .strict();
export type CompanySaveBody = z.infer<typeof companySaveBody>;
export const companySaveReply = z.object({ company: customerCompany });
