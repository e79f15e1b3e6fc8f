/**
 * Device vendors and their API tokens (docs/requirements.md#device-vendors,
 * docs/requirements.md#vendor-tokens): a token is shown once, stored as a SHA-256 of its secret, found
 * by its id, several may be active, revoking ends it at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type {
  DeviceVendor,
  GenerateTokenBody,
  GenerateTokenReply,
  VendorListQuery,
  VendorSaveBody,
  VendorToken,
} from '@towerwatch/contract';
import { defaultVendorTokenName, formatVendorToken } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { type AuditRecorder, auditActor } from '../audit/index.ts';
import { toToken, type VendorsRepository } from './vendors.repository.ts';

export interface VendorsDeps {
  repo: VendorsRepository;
  clock: Clock;
  audit?: AuditRecorder;
}

/** SHA-256 of a token secret (hex): 256 random bits need no slow hash. */
export const hashTokenSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

function slug(name: string): string {
  const s = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30);
  return s || 'vendor';
}

export function createVendorsService(deps: VendorsDeps) {
  const { repo, clock } = deps;

  async function requireVendor(caller: Caller, uid: string): Promise<DeviceVendor> {
    const page = await repo.list(caller, { uid, page: 1, limit: 1 });
    const vendor = page.items[0];
    if (!vendor) throw new NotFoundError('Vendor not found');
    return vendor;
  }

  return {
    async list(caller: Caller, q: VendorListQuery) {
      const page = await repo.list(caller, q);
      if (q.uid && page.items.length === 0) throw new NotFoundError('Vendor not found');
      return page;
    },

    async save(caller: Caller, body: VendorSaveBody): Promise<{ vendor: DeviceVendor }> {
      if (body.company_id && !(await repo.companyExists(body.company_id)))
        throw new ValidationError('body.company_id', `No company ${body.company_id}`);
      let uid = body.uid;
      if (uid) {
        const before = await requireVendor(caller, uid);
        if (body.company_id) {
          // docs/requirements.md#device-vendors: a vendor of a company serves that company only.
          const others = await repo.otherCompaniesServed(uid, body.company_id);
          if (others.length) {
            throw new ValidationError(
              'body.company_id',
              `Vendor ${uid} serves devices or sites of ${others.join(', ')}: it cannot become a vendor of ${body.company_id} only`,
            );
          }
        }
        await repo.update(uid, {
          name: body.name,
          address: body.address,
          logo: body.logo,
          companyId: body.company_id,
        });
        await deps.audit?.record({
          action: 'vendor.save',
          actor: auditActor(caller),
          companyId: body.company_id ?? before.company_id,
          target: { type: 'vendor', id: uid },
          before,
          after: body,
        });
      } else {
        uid = `vendor-${slug(body.name)}-${randomBytes(3).toString('hex')}`;
        await repo.insert({
          uid,
          name: body.name,
          address: body.address ?? null,
          logo: body.logo ?? null,
          companyId: body.company_id ?? null,
        });
        await deps.audit?.record({
          action: 'vendor.save',
          actor: auditActor(caller),
          companyId: body.company_id ?? null,
          target: { type: 'vendor', id: uid },
          after: body,
        });
      }
      return { vendor: await requireVendor(caller, uid) };
    },

    async remove(caller: Caller, uid: string): Promise<{ uid: string }> {
      const vendor = await requireVendor(caller, uid);
      await repo.remove(uid);
      await deps.audit?.record({
        action: 'vendor.delete',
        actor: auditActor(caller),
        companyId: vendor.company_id,
        target: { type: 'vendor', id: uid },
        before: vendor,
      });
      return { uid };
    },

    async generateToken(caller: Caller, body: GenerateTokenBody): Promise<GenerateTokenReply> {
      const vendor = await requireVendor(caller, body.vendor_uid);
      const now = clock.now();
      const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
      if (expiresAt && expiresAt <= now)
        throw new ValidationError('body.expires_at', 'expires_at must be in the future');
      const id = randomBytes(6).toString('hex');
      const secret = randomBytes(32).toString('base64url');
      const row = await repo.insertToken({
        id,
        vendorUid: vendor.uid,
        name: body.name ?? defaultVendorTokenName(now),
        secretHash: hashTokenSecret(secret),
        createdBy: caller.uid,
        createdAt: now,
        expiresAt,
      });
      await deps.audit?.record({
        action: 'vendor_token.create',
        actor: auditActor(caller),
        companyId: vendor.company_id,
        target: { type: 'vendor', id: vendor.uid },
        after: { token_id: id, name: row.name, expires_at: body.expires_at ?? null },
      });
      return { token: formatVendorToken(id, secret), info: toToken(row, now) };
    },

    async tokens(caller: Caller, vendorUid: string): Promise<{ items: VendorToken[] }> {
      await requireVendor(caller, vendorUid);
      const now = clock.now();
      return { items: (await repo.tokens(vendorUid)).map((r) => toToken(r, now)) };
    },

    async revokeToken(caller: Caller, id: string): Promise<{ info: VendorToken }> {
      const row = await repo.token(id);
      if (!row) throw new NotFoundError('Token not found');
      const vendor = await requireVendor(caller, row.vendor_uid);
      const now = clock.now();
      const revoked = (await repo.revokeToken(id, now)) as NonNullable<typeof row>;
      await deps.audit?.record({
        action: 'vendor_token.revoke',
        actor: auditActor(caller),
        companyId: vendor.company_id,
        target: { type: 'vendor', id: vendor.uid },
        detail: { token_id: id },
      });
      return { info: toToken(revoked, now) };
    },
  };
}

export type VendorsService = ReturnType<typeof createVendorsService>;
