import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart'; // request.parts / isMultipart types
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { AVATAR_MAX_BYTES } from '@stoop/shared';
import { currentSession, currentUser } from '../auth/http/guards.ts';
import { Invalid, NotFound } from '../errors.ts';
import { serve } from '../http/serve.ts';
import { AVATAR_FILE_PATTERN, avatarDir } from './avatar.ts';
import { presentSelf, presentUser } from './present.ts';
import {
  getVisibleUser,
  listDirectory,
  profileOptions,
  updateProfile,
  type ProfileInput,
} from './service.ts';

/** A form's text as the field's type: the read-receipts switch is a boolean ("true" or "false"). */
function formValue(field: string, value: string): unknown {
  if (field !== 'shareReadReceipts') return value;
  return value === 'true' ? true : value === 'false' ? false : value;
}

/** Reads PUT /api/profile: multipart (fields + `avatar` file) or a plain JSON object. */
async function readProfileInput(request: FastifyRequest): Promise<ProfileInput> {
  if (!request.isMultipart()) {
    const body: unknown = request.body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new Invalid('Expected an object');
    return { fields: body as Record<string, unknown> };
  }
  const input: ProfileInput = { fields: {} };
  for await (const part of request.parts({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'avatar')
        throw new Invalid(`Unexpected file field ${part.fieldname}`, part.fieldname);
      const buffer = await part.toBuffer(); // throws 413 past AVATAR_MAX_BYTES
      if (buffer.length > 0) input.avatar = buffer;
    } else if (typeof part.value === 'string') {
      input.fields[part.fieldname] = formValue(part.fieldname, part.value);
    }
  }
  return input;
}

/** The resident directory, profiles and avatars. */
export const userRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  serve(app, 'listUsers', async (request) => {
    const viewer = currentUser(request);
    const rows = await listDirectory(app, request.query);
    return { users: rows.map((row) => presentUser(row, viewer)) };
  });

  serve(app, 'getUser', async (request) => {
    const viewer = currentUser(request);
    return { user: presentUser(await getVisibleUser(app, request.params.id, viewer), viewer) };
  });

  serve(app, 'updateProfile', async (request) => {
    const input = await readProfileInput(request);
    const { session } = currentSession(request);
    return { user: presentSelf(await updateProfile(app, currentUser(request), input, session.id)) };
  });

  serve(app, 'getProfileOptions', () => profileOptions());

  serve(app, 'getAvatar', async (request, reply) => {
    const { file } = request.params;
    if (!AVATAR_FILE_PATTERN.test(file)) throw new NotFound('Avatar not found');
    const fullPath = path.join(avatarDir(app.config.UPLOAD_DIR), file);
    const info = await stat(fullPath).catch(() => undefined);
    if (!info?.isFile()) throw new NotFound('Avatar not found');
    // Names are content-unique (new upload → new name), so the file can be cached for long.
    return reply
      .type('image/webp')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-length', info.size)
      .send(createReadStream(fullPath));
  });
  done();
};
