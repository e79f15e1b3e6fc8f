/**
 * A small two-company fleet for the site/network tests: ktbl sites KT-1 (banglalink, robi),
 * KT-2 (robi, grameenphone); ftb site FT-1 (banglalink). Each site has one RMS device with door,
 * lock, battery terminal and current pins.
 */
import type { Queryable } from '../src/db/pool.ts';
import { buildDevice, buildPin, buildSite } from './factories.ts';

export const KT1 = 'KT-1';
export const KT2 = 'KT-2';
export const FT1 = 'FT-1';

export async function buildTwoCompanyFleet(db: Queryable): Promise<void> {
  await buildSite(db, {
    uid: KT1,
    name: 'Gulshan Tower',
    tenants: ['banglalink', 'robi'],
    rectifierType: 'vertiv',
  });
  await buildSite(db, {
    uid: KT2,
    name: 'Mirpur Tower',
    tenants: ['robi', 'grameenphone'],
    rectifierType: 'sarbs',
  });
  await buildSite(db, {
    uid: FT1,
    name: 'FTB Tower',
    company: 'ftb',
    tenants: ['banglalink'],
    rectifierType: 'eltek',
  });
  for (const [uid, com] of [
    [KT1, 'RMS-KT1'],
    [KT2, 'RMS-KT2'],
    [FT1, 'RMS-FT1'],
  ] as const) {
    await buildDevice(db, { comId: com, siteUid: uid, online: uid !== KT2 });
    await buildPin(db, {
      comId: com,
      siteUid: uid,
      pinName: 'di1',
      type: 'access_control',
      priority: 'door',
      value: 1,
    });
    await buildPin(db, {
      comId: com,
      siteUid: uid,
      pinName: 'di2',
      type: 'access_control',
      priority: 'lock',
      value: 1,
    });
    await buildPin(db, {
      comId: com,
      siteUid: uid,
      pinName: 'am6',
      type: 'battery_terminal',
      tenant: null,
      value: 51.2,
    });
  }
}
