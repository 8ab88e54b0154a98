import { clockNow } from '@app/domain';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { purgeExpired } from '../modules/auth/service.js';
import { purgeIdentity } from '../modules/identity/password-links.js';
import { purgeIdempotencyKeys } from '../lib/idempotency.js';
import { purgeOldNotifications } from '../modules/notifications/service.js';
import type { ImageStorage } from '../lib/storage.js';
import { OPEN_YEAR_QUEUE, runOpening } from '../modules/school-years/opening.js';
import { purgeUploadGrants, removeUnusedPictures } from '../modules/uploads/service.js';
import {
  DATA_EXPORT_QUEUE,
  removeExpiredExports,
  runExport,
  type ExportJob,
} from '../modules/exports/service.js';
import { DAILY_POINTS_QUEUE, runDailyPointsForAllSchools } from './daily-points.js';
import type { Mailer } from '../lib/mailer.js';
import {
  GUARDIAN_DIGEST_QUEUE,
  purgeDigestLinks,
  sendWeeklyDigests,
} from '../modules/guardians/digest.js';

const CLEANUP_QUEUE = 'cleanup-expired-sessions';
export const UNUSED_PICTURES_QUEUE = 'remove-unused-pictures';
const EXPIRED_EXPORTS_QUEUE = 'remove-expired-exports';

/** pg-boss over the same database: a pool on PostgreSQL, the in-process PGlite otherwise. `storage` keeps the uploaded pictures. */
export async function startJobs(
  database: Database,
  log: { error: (o: object, m: string) => void },
  storage: ImageStorage,
  /** Where the guardians' weekly digest goes out from (docs/decisions/115-guardians.md); none without it. */
  mail?: { mailer: Mailer; baseUrl: string },
): Promise<PgBoss> {
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({ connectionString: database.url, max: 3 })
      : new PgBoss({
          db: {
            executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values),
          },
        });
  boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
  await boss.start();
  await boss.createQueue(CLEANUP_QUEUE);
  await boss.schedule(CLEANUP_QUEUE, '17 3 * * *');
  await boss.work(CLEANUP_QUEUE, async () => {
    await purgeExpired(database.db);
    await purgeIdentity(database.db);
    await purgeIdempotencyKeys(database.db);
    await purgeUploadGrants(database.db);
    await purgeOldNotifications(database.db);
    await purgeDigestLinks(database.db);
  });
  // Hourly: a picture no product uses goes a day (to an hour more) after its upload.
  await boss.createQueue(UNUSED_PICTURES_QUEUE);
  await boss.schedule(UNUSED_PICTURES_QUEUE, '35 * * * *');
  await boss.work(UNUSED_PICTURES_QUEUE, async () => {
    await removeUnusedPictures(database.db, storage);
  });
  // Hourly: a data export is downloadable for 24 hours (to an hour more), then deleted.
  await boss.createQueue(EXPIRED_EXPORTS_QUEUE);
  await boss.schedule(EXPIRED_EXPORTS_QUEUE, '45 * * * *');
  await boss.work(EXPIRED_EXPORTS_QUEUE, async () => {
    await removeExpiredExports(database.db);
  });
  // One job per data export (POST exports sends it): fills the export's zip.
  await boss.createQueue(DATA_EXPORT_QUEUE);
  await boss.work<ExportJob>(DATA_EXPORT_QUEUE, async ([job]) => {
    if (job) await runExport(database.db, job.data);
  });
  // Hourly, so each school's points go out soon after its own day ends, whatever its time zone.
  await boss.createQueue(DAILY_POINTS_QUEUE);
  await boss.schedule(DAILY_POINTS_QUEUE, '5 * * * *');
  await boss.work(DAILY_POINTS_QUEUE, async () => {
    await runDailyPointsForAllSchools(database.db, clockNow(), log);
  });
  // A school year's opening, sent by POST school-years/openings; a re-run resumes where it stopped.
  await boss.createQueue(OPEN_YEAR_QUEUE);
  await boss.work<{ schoolId: string; openingId: string }>(OPEN_YEAR_QUEUE, async (jobs) => {
    for (const job of jobs) await runOpening(database.db, job.data.schoolId, job.data.openingId);
  });
  // Weekly, Monday 14:00 UTC (morning in the Americas): each guardian's digest of their children's week.
  if (mail) {
    await boss.createQueue(GUARDIAN_DIGEST_QUEUE);
    await boss.schedule(GUARDIAN_DIGEST_QUEUE, '0 14 * * 1');
    await boss.work(GUARDIAN_DIGEST_QUEUE, async () => {
      await sendWeeklyDigests(database.db, mail.mailer, mail.baseUrl, clockNow(), (err) =>
        log.error({ err }, 'digest mail failed'),
      );
    });
  }
  return boss;
}
