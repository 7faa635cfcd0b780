import type pg from 'pg';
import type { Sweep } from '../job-queue/start-job-runner.ts';
import type { VisitorFiles } from './visitor-files.ts';

/** A check runs for a few minutes; rows planted longer ago than this belong to one that was killed. */
export const DEPLOYMENT_CHECK_LEFTOVER_AGE = '15 minutes';

/**
 * Removes what a killed `npm run check:deployment` left (its marked rows, and its test photo's files, which only a
 * holder of the storage key can delete; its unsubscribe step's rows, planted rows or not): the processor runs it every
 * few minutes.
 */
export function deploymentCheckLeftoversSweep(files: VisitorFiles, log: (line: string) => void = console.log): Sweep {
  return {
    name: 'the deployment check leftovers',
    everyMs: 5 * 60_000,
    async run(db: pg.Pool) {
      const { rows } = await db.query<{ id: string }>(
        `select row_id as id from back_office.deployment_check_rows
         where source_table = 'floor_visualizer_requests' and planted_at < now() - $1::interval`,
        [DEPLOYMENT_CHECK_LEFTOVER_AGE],
      );
      // Files first: a row removed while its files stay would leave nothing pointing at them.
      let deletedFiles = 0;
      for (const { id } of rows) deletedFiles += await files.deleteRequestFiles(id);
      const { rows: removed } = await db.query<{ count: number }>(
        `select count(*)::integer as count from back_office.deployment_check_rows where planted_at < now() - $1::interval`,
        [DEPLOYMENT_CHECK_LEFTOVER_AGE],
      );
      if ((removed[0]?.count ?? 0) > 0) {
        await db.query(`select back_office.remove_deployment_check_rows('{}', $1::interval)`, [DEPLOYMENT_CHECK_LEFTOVER_AGE]);
        log(`deployment check: removed ${removed[0]!.count} test row(s) and ${deletedFiles} file(s) a check left behind`);
      }
      // The unsubscribe step's, when no rows were planted (planting failed, then the check was killed): nothing above finds them.
      const { rows: unsubscribe } = await db.query<{ removed: number }>(
        'select back_office.remove_deployment_check_unsubscribe_leftovers($1::interval) as removed',
        [DEPLOYMENT_CHECK_LEFTOVER_AGE],
      );
      if ((unsubscribe[0]?.removed ?? 0) > 0) {
        log("deployment check: removed what a check's unsubscribe step left behind (the test address's unsubscribe, its link or its job)");
      }
    },
  };
}
