/**
 * Benchmark 6, access lists: one card group of C cards attached to one site group of S sites
 * (docs/requirements.md#access-sync). Measures the attach call itself (the lists of every member site
 * recomputed and their `access_list` versions written), the time until every chunk command has
 * reached its device over MQTT, and until every device's ack has made the site `applied`.
 *
 * The devices are played by one internal MQTT connection (subscribed to every command topic; it acks
 * each command at once, as a simulated controller does): what is measured is the server's side.
 * Sizes: --tiny 20 × 20, --quick 200 × 200, full 1,000 × 1,000 (`--cards`, `--sites` override).
 */
import mqtt from 'mqtt';
import { type Benchmark, runIfMain } from './lib/bench.ts';
import { num } from './lib/cli.ts';
import { loadFleet } from './lib/dataset.ts';
import { printTable, startResult } from './lib/results.ts';
import { internalMqttCredentials, login, startServer } from './lib/server.ts';
import { errorText, sleep } from './lib/util.ts';

interface AccessRun {
  ok: boolean;
  error: string | null;
  cards: number;
  sites: number;
  /** Chunk commands the attach produced (sites × chunks per list). */
  commands: number;
  /** The POST /door/manage/attach-groups call, ms. */
  attachMs: number | null;
  /** From the attach request until the last chunk command reached its device, ms. */
  allReachedMs: number | null;
  /** From the attach request until every site was `applied` (every chunk acked), ms. */
  allAppliedMs: number | null;
}

async function post(baseUrl: string, token: string, path: string, body: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
  return json;
}

export const accessBenchmark: Benchmark = {
  name: 'access',
  description: 'attach a card group to a site group: commands to every device and their acks',
  async run(opts) {
    const result = startResult(opts, 'access');
    const cards = num(opts, 'cards', { tiny: 20, quick: 200, full: 1000 });
    const sites = num(opts, 'sites', { tiny: 20, quick: 200, full: 1000 });
    const run: AccessRun = {
      ok: false,
      error: null,
      cards,
      sites,
      commands: 0,
      attachMs: null,
      allReachedMs: null,
      allAppliedMs: null,
    };
    const server = await startServer({ db: 'embedded', broker: 'embedded' });
    let client: mqtt.MqttClient | null = null;
    try {
      // ktbl is most of the demo fleet: load enough sites for `sites` of it (with devices and lock pins).
      await loadFleet(server.pool, Math.ceil(sites * 2) + 100);
      const { rows: siteRows } = await server.pool.query<{ uid: string }>(
        `select s.uid from sites s where s.company_id = 'ktbl'
            and exists (select 1 from pin_configs p where p.site_uid = s.uid and p.type = 'access_control')
          order by s.uid limit $1`,
        [sites],
      );
      if (siteRows.length < sites) throw new Error(`only ${siteRows.length} ktbl ACS sites loaded`);
      const { rows: cardRows } = await server.pool.query<{ id: number }>(
        `insert into access_cards (company_id, card_number, holder_name)
         select 'ktbl', 'BENCH' || n, 'Engineer ' || n from generate_series(1, $1) n returning id`,
        [cards],
      );
      const token = await login(server.baseUrl, 'ktbl');
      const cardGroup = (await post(server.baseUrl, token, '/door/manage/card/save-group', {
        name: 'Bench engineers',
        members: cardRows.map((r) => r.id),
      })) as { group: { groupId: number } };
      const siteGroup = (await post(server.baseUrl, token, '/door/manage/site/save-group', {
        name: 'Bench sites',
        members: siteRows.map((r) => r.uid),
      })) as { group: { groupId: number } };

      // The devices: one internal connection receives every command and acks it at once.
      client = await mqtt.connectAsync(server.mqttUrl, { ...internalMqttCredentials(), reconnectPeriod: 0 });
      await client.subscribeAsync('tw/v1/dev/+/cmd', { qos: 1 });
      let received = 0;
      let lastReceived = 0;
      client.on('message', (topic, payload) => {
        const command = JSON.parse(payload.toString()) as { cmd_id: string; command: string };
        if (command.command !== 'access_list') return;
        received += 1;
        lastReceived = performance.now();
        const ack = topic.replace(/\/cmd$/, '/cmd/ack');
        client?.publish(ack, JSON.stringify({ cmd_id: command.cmd_id, ok: true, ts: Date.now() }), {
          qos: 1,
        });
      });

      const started = performance.now();
      await post(server.baseUrl, token, '/door/manage/attach-groups', {
        cardGroupId: cardGroup.group.groupId,
        cardGroupType: 'card_group',
        siteGroupId: siteGroup.group.groupId,
        siteGroupType: 'site_group',
      });
      run.attachMs = Math.round(performance.now() - started);
      const { rows: cmd } = await server.pool.query<{ n: number }>(
        `select count(*)::int as n from commands where command = 'access_list'`,
      );
      run.commands = cmd[0]?.n ?? 0;
      const deadline = Date.now() + (opts.size === 'full' ? 600_000 : 120_000);
      while (Date.now() < deadline) {
        const { rows } = await server.pool.query<{ open: number }>(
          `select count(*)::int as open from commands where command = 'access_list' and status <> 'acked'`,
        );
        if (received >= run.commands && run.allReachedMs === null)
          run.allReachedMs = Math.round(lastReceived - started);
        if ((rows[0]?.open ?? 1) === 0) {
          run.allAppliedMs = Math.round(performance.now() - started);
          break;
        }
        await sleep(100);
      }
      if (run.allAppliedMs === null)
        throw new Error(`not every site applied its list (${received}/${run.commands} received)`);
      run.ok = true;
    } catch (err) {
      run.error = errorText(err);
    } finally {
      await client?.endAsync().catch(() => undefined);
      await server.stop();
    }
    printTable('access: attach a card group to a site group', [
      {
        cards: run.cards,
        sites: run.sites,
        commands: run.commands,
        'attach ms': run.attachMs,
        'all reached ms': run.allReachedMs,
        'all applied ms': run.allAppliedMs,
        error: run.error,
      },
    ]);
    result.finish({ ok: run.ok, ...(run.error ? { error: run.error } : {}), run });
    return run.ok;
  },
};

runIfMain(import.meta.url, accessBenchmark);
