/** What every part of the contract shares: the shape of a call's schemas and the common answers. */
import { z } from 'zod';
import { apiErrorSchema } from '../../schemas/auth.ts';
import { conversationIdParamsSchema, messageResponseSchema } from '../../schemas/chat.ts';
import { IMPORT_SYSTEM_LINES } from '../../schemas/movein.ts';

interface MultipartSpec {
  /** The text fields, as the handler validates them after reading the parts. */
  fields: z.ZodObject;
  /** The one file field, if the call takes a file. */
  file?: string;
}

export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body. For `multipart` calls: the same fields sent as JSON. */
  body?: z.ZodType;
  /**
   * false: the server does not validate `body` before the handler (it is documented only), because
   * the handler reads it itself: multipart forms, and the log beacon's text/plain JSON.
   */
  bodyValidated?: false;
  multipart?: MultipartSpec;
  /** Answers by status; a `binary` call has none (the body is a file). */
  response: Partial<Record<number, z.ZodType>>;
}

export const error = apiErrorSchema;
export const idParams = conversationIdParamsSchema;
export const noContent = z.null();
export const guarded = { 400: error, 401: error, 403: error, 404: error } as const;
export const limited = { 400: error, 401: error, 403: error, 429: error } as const;
export const oneMessage = { 200: messageResponseSchema, ...guarded } as const;

/** multipart/form-data metadata for the file part; the OpenAPI document shows it as binary. */
export const fileField = z.string().meta({ format: 'binary', description: 'A file part' });

/** participantIds arrives as a JSON array, a comma list or a repeated form field. */
export const conversationFormFields = z.object({
  type: z.enum(['direct', 'channel']),
  participantIds: z.string().optional().meta({ description: 'JSON array, comma list or repeated field' }),
  name: z.string().optional(),
  description: z.string().optional(),
  icon: fileField.optional(),
});

/** The import forms as documented; the server reads them with movein.ts importFieldsSchema. */
export const importPreviewForm = z.object({
  timeZone: z.string().optional().meta({ description: 'IANA time zone of the export, default UTC' }),
});
export const importForm = importPreviewForm.extend({
  conversationId: z.string(),
  systemLines: z.enum(IMPORT_SYSTEM_LINES).optional(),
  senders: z.string().optional().meta({ description: 'JSON list of {name, userId | null}' }),
});
