import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { AVATAR_SIZE_PX } from '@stoop/shared';
import { loadSharp } from '../files/sharp.ts';
import { Invalid } from '../errors.ts';

/** Avatar file names we generate; anything else in a URL is refused before touching the disk. */
export const AVATAR_FILE_PATTERN = /^[0-9a-f-]{36}\.webp$/;

export const avatarDir = (uploadDir: string) => path.join(uploadDir, 'avatars');

/**
 * Decodes the upload with sharp (so the type comes from the content, not the name), crops it to a
 * square and stores it as webp under UPLOAD_DIR/avatars. Returns the file name.
 */
export async function storeAvatar(uploadDir: string, input: Buffer): Promise<string> {
  const sharp = await loadSharp();
  let output: Buffer;
  try {
    output = await sharp(input, { limitInputPixels: 50_000_000 })
      .rotate() // honour EXIF orientation from phone cameras
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new Invalid('The avatar must be an image (JPEG, PNG, WebP, GIF or AVIF)', 'avatar');
  }
  const dir = avatarDir(uploadDir);
  await mkdir(dir, { recursive: true });
  const file = `${uuidv7()}.webp`;
  await writeFile(path.join(dir, file), output);
  return file;
}

export async function removeAvatar(uploadDir: string, file: string): Promise<void> {
  if (!AVATAR_FILE_PATTERN.test(file)) return;
  await rm(path.join(avatarDir(uploadDir), file), { force: true });
}
