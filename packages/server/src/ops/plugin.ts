import { domainPlugin } from '../domain.ts';
import { liveBackupRoutes } from './backup/live.ts';
import { closeAfterAnswer, newLifecycle } from './drain.ts';
import { healthRoutes } from './health.ts';
import { metricsRoutes } from './metrics.ts';
import { sweepOrphanUploads } from './upload-sweep.ts';

/**
 * Operations: /healthz, /readyz and /metrics, and the start-up sweep of orphaned uploads. Its hooks
 * are app-wide (the latency hook sees every route), so it comes first in app.ts's list.
 */
export const opsPlugin = domainPlugin('ops', {
  hooks(app, { database }) {
    app.decorate('lifecycle', newLifecycle());
    closeAfterAnswer(app);
    healthRoutes(app, database);
    metricsRoutes(app, database);
    liveBackupRoutes(app, database);
    // R-UPLOAD-8: finished before the app answers, so start-up leaves a clean upload folder.
    app.addHook('onReady', async () => {
      const { removed } = await sweepOrphanUploads(
        app.db,
        app.config.UPLOAD_DIR,
        app.config.UPLOAD_SWEEP_GRACE_MS,
      );
      if (removed > 0) app.log.info({ removed }, 'removed upload files no row references');
    });
  },
});
