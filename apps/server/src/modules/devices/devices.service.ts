/**
 * Devices and pin configuration (docs/requirements.md#device-calls): register controllers (MQTT secret
 * shown once), bind/unbind them to sites, add/change/remove pin configs with the pin rules
 * (docs/requirements.md#pin-tenant-required), and the customer list. Every change to a site's devices
 * or pins reloads the site in ingest at once and sends SITE_CONFIG_UPDATED live.
 */
import { randomBytes } from 'node:crypto';
import {
  type CompanyListQuery,
  type CompanySaveBody,
  type CustomerCompany,
  type DeviceBindBody,
  type DeviceBindReply,
  type DeviceComIdReply,
  type DeviceListQuery,
  type DeviceSaveBody,
  type DeviceSaveReply,
  LIVE_EVENTS,
  liveMessage,
  type PinConfigSaveBody,
  type SitePinConfig,
} from '@towerwatch/contract';
import { PIN_SERVICE_OPTIONS, pinConfigProblem, vendorServesCompany } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import { hashDeviceSecret } from '../../auth/passwords.ts';
import type { EventBus } from '../../bus/bus.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { assertTenantItemsVisible, tenantItemVisible } from '../../kernel/scope/action-reach.ts';
import type { SiteRow } from '../../kernel/rows/site-rows.ts';
import { assertTenantsAllowed, requireSite } from '../../kernel/scope/site-scope.ts';
import { type AuditRecorder, auditActor } from '../audit/index.ts';
import type { SiteLookup } from '../site/index.ts';
import type { DevicesRepository, PinConfigWrite } from './devices.repository.ts';

export interface DevicesDeps {
  repo: DevicesRepository;
  sites: SiteLookup;
  /** The pin configs of a site with latest values (the site module's view). */
  pinConfigsOf(siteUid: string): Promise<SitePinConfig[]>;
  bus?: Pick<EventBus, 'publish'>;
  audit?: AuditRecorder;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

export function createDevicesService(deps: DevicesDeps) {
  const { repo } = deps;

  /** Ingest reloads the site (and forgets where these devices were), the site's viewers hear of it. */
  function announce(site: Pick<SiteRow, 'uid' | 'company_id'>, comIds: string[]) {
    deps.bus?.publish('site.config-changed', { siteUid: site.uid, comIds });
    deps.bus?.publish('live', {
      audience: { companyId: site.company_id, siteUid: site.uid, tenant: null },
      message: liveMessage(LIVE_EVENTS.SITE_CONFIG_UPDATED, { siteUid: site.uid, reason: 'pin_configs' }),
    });
  }

  async function requireDevice(caller: Caller, comId: string) {
    const device = await repo.find(caller, comId);
    if (!device) throw new NotFoundError('Device not found');
    return device;
  }

  /**
   * 400 naming `field` unless vendor `vendorUid` serves `companyId` (docs/requirements.md#device-vendors):
   * a vendor of another company would let that company's token push this company's data.
   */
  async function assertVendorServes(
    vendorUid: string | null | undefined,
    companyId: string | null,
    field: string,
    subject = `Vendor ${vendorUid}`,
  ): Promise<void> {
    if (!vendorUid) return;
    const vendor = await repo.vendorCompany(vendorUid);
    if (!vendor) throw new ValidationError(field, `No device vendor ${vendorUid}`);
    if (!vendorServesCompany(vendor.companyId, companyId)) {
      throw new ValidationError(
        field,
        `${subject} serves company ${vendor.companyId} only, not ${companyId}`,
      );
    }
  }

  async function freeComId(): Promise<string> {
    for (;;) {
      const id = `RMS-${randomBytes(4).toString('hex').toUpperCase()}`;
      if (!(await repo.exists(id))) return id;
    }
  }

  return {
    async comIds(caller: Caller, q: { search?: string; limit: number }): Promise<DeviceComIdReply> {
      const page = await repo.list(caller, { page: 1, limit: q.limit, search: q.search, bound: 'no' });
      return { next_com_id: await freeComId(), items: page.items };
    },

    list: (caller: Caller, q: DeviceListQuery) => repo.list(caller, q),

    companies: (_caller: Caller, q: CompanyListQuery) => repo.companies(q),

    /** Creates a customer (its code is its id) or changes its name, label and logo. */
    async saveCompany(caller: Caller, body: CompanySaveBody): Promise<{ company: CustomerCompany }> {
      const fields = { name: body.name, label: body.label, logo: body.logo };
      if (body.id) {
        if (!(await repo.updateCompany(body.id, fields))) throw new NotFoundError('Company not found');
      } else if (!(await repo.insertCompany({ code: body.code, ...fields, logo: body.logo ?? null }))) {
        throw new ConflictError(`A company with code ${body.code} exists`, 'body.code');
      }
      const id = body.id ?? body.code;
      const page = await repo.companies({ page: 1, limit: 100, search: undefined });
      const company = page.items.find((c) => c.id === id);
      if (!company) throw new NotFoundError('Company not found');
      await deps.audit?.record({
        action: 'company.save',
        actor: auditActor(caller),
        companyId: id,
        target: null,
        after: body,
      });
      return { company };
    },

    async save(caller: Caller, body: DeviceSaveBody): Promise<DeviceSaveReply> {
      if (body.company_id && !(await repo.companyExists(body.company_id)))
        throw new ValidationError('body.company_id', `No company ${body.company_id}`);
      const comId = body.com_id ?? (await freeComId());
      const created = !(await repo.exists(comId));
      // The device's company after the change: its site's when bound, else the one given or stored.
      const before = created ? null : await repo.find(caller, comId);
      const company = before?.site_uid
        ? before.company_id
        : body.company_id !== undefined
          ? body.company_id
          : (before?.company_id ?? null);
      const vendor = body.vendor !== undefined ? body.vendor : (before?.vendor ?? null);
      await assertVendorServes(
        vendor,
        company,
        body.vendor !== undefined ? 'body.vendor' : 'body.company_id',
      );
      const secret = created || body.regenerate_secret ? randomBytes(18).toString('base64url') : null;
      const secretHash = secret ? await hashDeviceSecret(secret) : undefined;
      if (created) {
        try {
          await repo.insert({
            comId,
            vendor: body.vendor ?? null,
            model: body.model ?? null,
            firmware: body.firmware ?? null,
            companyId: body.company_id ?? null,
            secretHash: secretHash as string,
          });
        } catch (err) {
          if (isUniqueViolation(err))
            throw new ConflictError(`Device ${comId} already exists`, 'body.com_id');
          throw err;
        }
      } else {
        await repo.update(comId, {
          vendor: body.vendor,
          model: body.model,
          firmware: body.firmware,
          companyId: body.company_id,
          secretHash,
        });
      }
      await deps.audit?.record({
        action: 'device.save',
        actor: auditActor(caller),
        companyId: body.company_id ?? null,
        target: { type: 'device', id: comId },
        after: { ...body, com_id: comId, secret_issued: secret !== null },
      });
      return { device: await requireDevice(caller, comId), created, secret };
    },

    async bind(caller: Caller, body: DeviceBindBody): Promise<DeviceBindReply> {
      const site = await requireSite(deps.sites, caller, body.site_uid, false);
      const device = await requireDevice(caller, body.com_id);
      if (device.site_uid && device.site_uid !== site.uid)
        throw new ConflictError(
          `Device ${device.com_id} is bound to site ${device.site_uid}: unbind it first`,
          'body.com_id',
        );
      if (device.site_uid !== site.uid) {
        await assertVendorServes(
          device.vendor,
          site.company_id,
          'body.com_id',
          `Device ${device.com_id}'s vendor ${device.vendor}`,
        );
        await repo.bind(device.com_id, site.uid, site.company_id);
        announce(site, [device.com_id]);
        await deps.audit?.record({
          action: 'device.bind',
          actor: auditActor(caller),
          companyId: site.company_id,
          target: { type: 'device', id: device.com_id },
          after: { site_uid: site.uid },
        });
      }
      return { device: await requireDevice(caller, device.com_id), removed_configs: 0 };
    },

    async unbind(caller: Caller, body: DeviceBindBody): Promise<DeviceBindReply> {
      const site = await requireSite(deps.sites, caller, body.site_uid, false);
      const device = await repo.find(caller, body.com_id);
      if (!device || device.site_uid !== site.uid) throw new NotFoundError('Device not found on this site');
      // Unbinding deletes the device's pin configs at the site: refused when some are another tenant's.
      assertTenantItemsVisible(caller, await repo.pinTenantsOf(device.com_id, site.uid));
      const removed = await repo.unbind(device.com_id, site.uid);
      announce(site, [device.com_id]);
      await deps.audit?.record({
        action: 'device.unbind',
        actor: auditActor(caller),
        companyId: site.company_id,
        target: { type: 'device', id: device.com_id },
        before: { site_uid: site.uid },
        detail: { removed_configs: removed },
      });
      return { device: await requireDevice(caller, device.com_id), removed_configs: removed };
    },

    async saveConfig(caller: Caller, body: PinConfigSaveBody): Promise<{ pinConfig: SitePinConfig }> {
      const site = await requireSite(deps.sites, caller, body.site_uid, false);
      if (!caller.isOperator && body.tenant) assertTenantsAllowed(caller, [body.tenant]);
      const device = await repo.find(caller, body.com_id);
      if (device?.site_uid !== site.uid)
        throw new ValidationError('body.com_id', `Device ${body.com_id} is not bound to this site`);
      const draft = { type: body.type, priority: body.priority ?? null, tenant: body.tenant ?? null };
      const problem = pinConfigProblem(draft, site.tenants);
      if (problem) throw new ValidationError(`body.${problem.field}`, problem.message);
      const option = PIN_SERVICE_OPTIONS.find(
        (o) => o.type === body.type && (!o.priority || o.priority === draft.priority),
      );
      const write: PinConfigWrite = {
        comId: body.com_id,
        pinName: body.pin_name,
        ...draft,
        siteUid: site.uid,
        userUid: site.user_uid ?? null,
        label: body.label ?? option?.label ?? body.type,
      };
      let id: number;
      try {
        if (body.id !== undefined) {
          const existing = await repo.pinConfig(body.id);
          if (!existing || existing.site_uid !== site.uid || !tenantItemVisible(caller, existing.tenant))
            throw new NotFoundError('Pin config not found');
          await repo.updatePinConfig(body.id, write);
          id = body.id;
        } else {
          id = await repo.upsertPinConfig(write);
        }
      } catch (err) {
        if (isUniqueViolation(err))
          throw new ConflictError(
            `Pin ${body.pin_name} of ${body.com_id} already has a config for this tenant`,
            'body.pin_name',
          );
        throw err;
      }
      announce(site, [body.com_id]);
      await deps.audit?.record({
        action: 'pin_config.save',
        actor: auditActor(caller),
        companyId: site.company_id,
        target: { type: 'site', id: site.uid },
        after: { ...body, id },
      });
      const pinConfig = (await deps.pinConfigsOf(site.uid)).find((c) => c.id === id);
      if (!pinConfig) throw new NotFoundError('Pin config not found');
      return { pinConfig };
    },

    async removeConfig(caller: Caller, id: number): Promise<{ id: number; site_uid: string }> {
      const existing = await repo.pinConfig(id);
      const site = existing?.site_uid ? await deps.sites.findScoped(caller, existing.site_uid, false) : null;
      if (!existing || !site || !tenantItemVisible(caller, existing.tenant))
        throw new NotFoundError('Pin config not found');
      await repo.removePinConfig(id);
      announce(site, [existing.com_id]);
      await deps.audit?.record({
        action: 'pin_config.remove',
        actor: auditActor(caller),
        companyId: site.company_id,
        target: { type: 'site', id: site.uid },
        before: existing,
      });
      return { id, site_uid: site.uid };
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
