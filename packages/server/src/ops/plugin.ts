import { domainPlugin } from '../domain.ts';
import { liveBackupRoutes } from './http/live-backup.ts';
import { closeAfterAnswer, newLifecycle } from './http/drain.ts';
import { healthRoutes } from './http/health.ts';
import { metricsRoutes } from './http/metrics.ts';
import { sweepOrphanUploads } from './upload-sweep.ts';
import { PeriodicRound } from '../periodic-round.ts';

/**
 * Operations: /healthz, /readyz and /metrics, and the start-up sweep of orphaned uploads. Its hooks
 * are app-wide (the latency hook sees every route), so it comes first in app.ts's list.
 */
export const opsPlugin = domainPlugin('ops', (app) => ({
  // The sweep repeats while the server runs, so what a crash of another instance (or a
  // failed request) left behind does not wait for the next start-up.
  periodic: [
    {
      work: new PeriodicRound(
        async () => {
          const { removed } = await sweepOrphanUploads(
            app.db,
            app.config.UPLOAD_DIR,
            app.config.UPLOAD_SWEEP_GRACE_MS,
          );
          if (removed > 0) app.log.info({ removed }, 'removed upload files no row references');
        },
        app.config.UPLOAD_SWEEP_INTERVAL_MS,
        app.log,
        'upload sweep failed',
      ),
    },
  ],
  hooks(app, { database }) {
    app.decorate('lifecycle', newLifecycle());
    closeAfterAnswer(app);
    healthRoutes(app, database);
    metricsRoutes(app, database);
    liveBackupRoutes(app, database);
    // Finished before the app answers, so start-up leaves a clean upload folder.
    app.addHook('onReady', async () => {
      const { removed } = await sweepOrphanUploads(
        app.db,
        app.config.UPLOAD_DIR,
        app.config.UPLOAD_SWEEP_GRACE_MS,
      );
      if (removed > 0) app.log.info({ removed }, 'removed upload files no row references');
    });
  },
}));
