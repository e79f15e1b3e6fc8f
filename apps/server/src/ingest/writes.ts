/** Turns one job and its engine result into rows of the batch (persist.ts writes them). */
import type { EngineResult } from '../alarms/engine.ts';
import { alarmKey } from '../alarms/state.ts';
import type { BatchWrites } from './batch-writes.ts';
import type { SiteJob } from './site-job.ts';
import type { SiteRuntime } from './site-store.ts';

export function applyToWrites(
  runtime: SiteRuntime,
  job: SiteJob,
  result: EngineResult | null,
  w: BatchWrites,
): void {
  const { site } = runtime;
  if (job.kind === 'pins' && job.message.readings.length > 0) {
    const readings = job.message.readings;
    w.telemetry.push({
      comId: job.comId,
      ts: new Date(job.message.ts),
      pinNames: readings.map((r) => r.pin),
      values: readings.map((r) => r.value),
    });
    w.values += readings.length;
  }
  if (job.kind === 'access') {
    const m = job.message;
    w.access.push({
      siteUid: site.siteUid,
      comId: job.comId,
      cardNumber: m.card_number,
      granted: m.granted,
      door: m.door ?? null,
      reason: m.reason ?? null,
      time: new Date(m.ts),
    });
  }
  if (job.kind === 'oem') {
    const { msg_id: _id, ts, ...data } = job.message;
    w.oem.push({ siteUid: site.siteUid, comId: job.comId, kind: job.message.kind, time: new Date(ts), data });
  }
  if (job.kind === 'status' && (job.message.fw || job.message.service)) {
    w.devices.set(job.comId, {
      online: job.message.online,
      lastSeenAt: job.message.online ? job.receivedAt : null,
      firmware: job.message.fw,
      service: job.message.service,
    });
  }
  if (!result) return;
  for (const u of result.pinUpdates) {
    w.latest.set(`${u.comId}/${u.pinName}`, {
      comId: u.comId,
      pinName: u.pinName,
      ts: u.time,
      value: u.value,
    });
  }
  for (const a of result.alarms)
    w.alarms.set(`${site.siteUid}|${alarmKey(a.alarmId, a.tenant)}`, {
      siteUid: site.siteUid,
      alarm: { ...a },
    });
  for (const e of result.events) {
    w.events.push({
      siteUid: site.siteUid,
      comId: 'comId' in job ? job.comId : null,
      name: e.name,
      tenant: e.tenant ?? '',
      time: e.time,
      active: e.active,
      value: e.value,
      group: e.group,
      alarmId: e.alarmId,
    });
  }
  for (const d of result.devices) {
    const prev = w.devices.get(d.comId);
    w.devices.set(d.comId, {
      online: d.online,
      lastSeenAt: d.lastSeenAt,
      firmware: prev?.firmware,
      service: prev?.service,
    });
  }
  for (const d of result.dcLoadChanged) {
    w.dcLoad.set(`${site.siteUid}|${d.tenant}`, {
      siteUid: site.siteUid,
      tenant: d.tenant,
      state: d.state,
      current: d.current,
      at: 'comId' in job ? job.receivedAt : job.receivedAt,
    });
  }
}
