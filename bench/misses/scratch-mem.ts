import { PGlite } from '@electric-sql/pglite';
import { execFileSync } from 'node:child_process';
import { createBenchDatabase, openMigrated } from '../database.js';
import { generateManyOrgs } from './many-orgs.js';

const mib = (b: number) => Math.round(b / 2 ** 20);
if (process.env.DIR === undefined) {
  const target = await createBenchDatabase(undefined);
  const database = await openMigrated(target.spec);
  const t = performance.now();
  await generateManyOrgs(
    database.db,
    {
      orgs: Number(process.env.ORGS ?? 200),
      leaguesPerOrg: 10,
      eventsPerLeague: 26,
      competitorsPerSeries: 20,
    },
    new Date(),
  );
  console.log('generated in', Math.round(performance.now() - t), 'ms');
  await database.close();
  const dir = (target.spec as { dataDir: string }).dataDir;
  console.log('data dir', execFileSync('du', ['-sm', dir]).toString().trim());
  for (const config of ['default', 'sb16', 'sb32', 'sb16-mem64', 'sb8-mem32']) {
    console.log(
      execFileSync(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname], {
        env: { ...process.env, DIR: dir, CONFIG: config },
      })
        .toString()
        .trim(),
    );
  }
  await target.dispose();
} else {
  const config = process.env.CONFIG ?? 'default';
  const before = process.memoryUsage.rss();
  const sb = /sb(\d+)/.exec(config)?.[1];
  const mem = /mem(\d+)/.exec(config)?.[1];
  const db = await PGlite.create({
    dataDir: process.env.DIR,
    ...(sb === undefined
      ? {}
      : { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sb}MB`] }),
    ...(mem === undefined ? {} : { initialMemory: Number(mem) * 2 ** 20 }),
  });
  const opened = process.memoryUsage.rss();
  const settings = (
    await db.query<{ name: string; setting: string; unit: string | null }>(
      `select name, setting, unit from pg_settings where name in ('shared_buffers','work_mem','wal_buffers','maintenance_work_mem','temp_buffers')`,
    )
  ).rows
    .map((r) => `${r.name}=${r.setting}${r.unit ?? ''}`)
    .join(' ');
  // Touch every table the reads use, as a day of misses over every org would.
  await db.query(`select count(*) from events e join event_tags t on t.event_id = e.id`);
  await db.query(
    `select count(*) from standing_totals t join standing_competitors c on c.id = t.competitor_id`,
  );
  await db.query(`select count(*) from event_series l join orgs o on o.id = l.org_id`);
  for (let i = 1; i <= 200; i++)
    await db.query(`select * from events where org_id = $1 order by start_at`, [i]);
  const touched = process.memoryUsage.rss();
  const heap = (db as unknown as { mod?: { HEAP8?: Int8Array } }).mod?.HEAP8?.length;
  console.log(
    `${config}: rss before ${mib(before)} MiB, opened ${mib(opened)} MiB, after reads ${mib(touched)} MiB, wasm heap ${heap === undefined ? '?' : mib(heap)} MiB; ${settings}`,
  );
  await db.close();
}
