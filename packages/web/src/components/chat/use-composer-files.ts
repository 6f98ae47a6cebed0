/**
 * The files waiting in a composer for its next send, from the file picker, a paste or
 * a drop. Programs and scripts are refused on the way in; at most COMPOSER_FILES_MAX.
 */
import { useCallback, useState } from 'react';
import { COMPOSER_FILES_MAX } from '@stoop/shared/constants';
import { TEXTS } from '@stoop/shared/texts';
import { acceptAttachment } from '../../services/chat/attachment-check.ts';
import { toast } from '../../services/ui/toast.ts';

export interface ComposerFiles {
  files: readonly File[];
  /** Adds what may be attached, after the files already waiting. */
  add: (incoming: Iterable<File>) => void;
  remove: (index: number) => void;
  /** Puts another file in one's place (the tray's Replace); a refused one changes nothing. */
  replace: (index: number, file: File) => void;
  clear: () => void;
}

export function useComposerFiles(): ComposerFiles {
  const [files, setFiles] = useState<readonly File[]>([]);
  const add = useCallback((incoming: Iterable<File>) => {
    const accepted = [...incoming].map((file) => acceptAttachment(file)).filter((f) => f !== null);
    if (accepted.length === 0) return;
    setFiles((current) => {
      const next = [...current, ...accepted];
      if (next.length <= COMPOSER_FILES_MAX) return next;
      toast.error(TEXTS.composerFilesTooMany(COMPOSER_FILES_MAX), { id: 'composer-files-too-many' });
      return next.slice(0, COMPOSER_FILES_MAX);
    });
  }, []);
  const remove = useCallback(
    (index: number) => setFiles((current) => current.filter((_file, at) => at !== index)),
    [],
  );
  const replace = useCallback((index: number, file: File) => {
    const accepted = acceptAttachment(file);
    if (accepted) setFiles((current) => current.map((f, at) => (at === index ? accepted : f)));
  }, []);
  const clear = useCallback(() => setFiles([]), []);
  return { files, add, remove, replace, clear };
}

/** The files a paste or a drop carries; none for plain text. */
export function transferredFiles(data: DataTransfer | null): File[] {
  return data ? [...data.files] : [];
}

/** Whether a drag carries files (text or a link dragged over the composer is left alone). */
export const dragHasFiles = (data: DataTransfer | null) => data?.types.includes('Files') === true;
