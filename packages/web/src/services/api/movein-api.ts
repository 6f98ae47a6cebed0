/**
 * Moving a building in: the WhatsApp import, the lobby invitations and the
 * code lookup of the sign-up page. The export goes over XHR for its upload progress. Types only
 * from @stoop/shared, so no zod reaches the pages that use these.
 */
import type {
  ImportPreview,
  ImportResult,
  ImportSender,
  ImportSummary,
  Invite,
  InviteLookup,
} from '@stoop/shared';
import { callApi } from '../http/client.ts';
import { uploadApi, type UploadOptions } from '../http/upload.ts';

export interface ImportChoices {
  conversationId: string;
  systemLines: 'keep' | 'skip';
  senders: ImportSender[];
}

export interface NewInvite {
  expiresInDays: number;
  maxUses: number;
  approveAtOnce: boolean;
  label: string;
}

/** The browser's own zone: the export's clock times are the phones' wall clock. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const moveinApi = {
  previewImport(file: File, options: UploadOptions = {}): Promise<ImportPreview> {
    const form = new FormData();
    form.set('timeZone', browserTimeZone());
    form.set('file', file);
    return uploadApi('previewWhatsappImport', { body: form }, options);
  },
  runImport(file: File, choices: ImportChoices, options: UploadOptions = {}): Promise<ImportResult> {
    const form = new FormData();
    form.set('timeZone', browserTimeZone());
    form.set('conversationId', choices.conversationId);
    form.set('systemLines', choices.systemLines);
    form.set('senders', JSON.stringify(choices.senders));
    form.set('file', file);
    return uploadApi('importWhatsapp', { body: form }, options);
  },
  async listImports(): Promise<ImportSummary[]> {
    return (await callApi('listImports')).data;
  },
  async undoImport(id: string): Promise<void> {
    await callApi('undoImport', { params: { id } });
  },
  listInvites(): Promise<{ data: Invite[]; buildingName: string }> {
    return callApi('listInvites');
  },
  createInvite(body: NewInvite): Promise<Invite> {
    return callApi('createInvite', { body });
  },
  revokeInvite(id: string): Promise<Invite> {
    return callApi('revokeInvite', { params: { id } });
  },
  async setBuildingName(name: string): Promise<string> {
    return (await callApi('setBuildingName', { body: { name } })).name;
  },
  lookupInvite(code: string): Promise<InviteLookup> {
    return callApi('lookupInvite', { params: { code } });
  },
};
