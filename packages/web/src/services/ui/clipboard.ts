/** Copies text for the reader and says how it went in a toast (the texts are the caller's). */
import { toast } from './toast.ts';

export async function copyWithToast(text: string, said: { copied: string; failed: string }): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(said.copied);
  } catch {
    toast.error(said.failed);
  }
}
