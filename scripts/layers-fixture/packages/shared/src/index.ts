// Known violation: shared-imports-no-package.
import { domains } from '../../server/src/app.ts';
// Known violation: shared-imports-no-package (the web client, too).
import { paths } from '../../web/src/navigation/paths.ts';

export const shared = [domains, paths];
