/**
 * R-UPLOAD-9 in the composer: a program or script is refused before it is uploaded, with the
 * server's own text, so a resident on a slow link does not wait for a 25 MB upload to be refused.
 * The server checks again, by name and by content.
 */
import { blockedAttachmentExtension } from '@stoop/shared/constants';
import { TEXTS } from '@stoop/shared/texts';
import { toast } from '../ui/toast.ts';

/** The file when it may be attached; otherwise null, after telling the resident why. */
export function acceptAttachment(file: File | null | undefined): File | null {
  if (!file) return null;
  const extension = blockedAttachmentExtension(file.name);
  if (!extension) return file;
  toast.error(TEXTS.attachmentTypeRefused(extension), { id: 'attachment-refused' });
  return null;
}
