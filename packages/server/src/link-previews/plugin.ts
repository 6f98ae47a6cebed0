import { domainPlugin } from '../domain.ts';
import { linkPreviewWorker } from './subscriber.ts';

/** Link previews: the card of a message's first link, fetched after the send. */
export const linkPreviewsPlugin = domainPlugin('link-previews', (app) => {
  const worker = linkPreviewWorker(app);
  return { subscribers: [worker.subscribe], periodic: [{ work: worker.work }] };
});
