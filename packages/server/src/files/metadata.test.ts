import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { messageResponseSchema } from '@stoop/shared';
import { formOf, injectForm, makeDirect, type Headers } from '../conversations/testing.ts';
import { createTestApp, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { moveWithoutMetadata } from './strip-metadata.ts';

/** Stored images carry no EXIF/XMP (a phone photo's GPS position above all), attachments included. */

let t: TestApp;
let alice: Headers, bob: Headers, bobId: string;
beforeAll(async () => {
  t = await createTestApp();
  alice = await sessionFor(t.app, await makeUser(t.app));
  const b = await makeUser(t.app);
  bobId = b.id;
  bob = await sessionFor(t.app, b);
});
afterAll(async () => t.close());

/**
 * A 60×40 photo stored sideways the way phone cameras do: orientation 6 (turn 90° clockwise to
 * view), so it shows 40×60. Its left half is red, so after turning the top half must be red.
 */
async function phonePhoto(): Promise<Buffer> {
  const red = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 60, height: 40, channels: 3, background: '#00f' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo' },
      // IFD3 is libvips' name for the GPS directory.
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 30/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 40/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The GPSInfo pointer tag (0x8825) in either byte order of an EXIF block. */
function hasGpsTag(exif: Buffer | undefined): boolean {
  return Boolean(
    exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))),
  );
}

async function pixel(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

describe('attachments', () => {
  it('a JPEG with GPS and an orientation is served without EXIF, turned upright', async () => {
    const photo = await phonePhoto();
    const original = await sharp(photo).metadata();
    expect(original.orientation).toBe(6);
    expect(original.exif?.toString('latin1')).toContain('PhoneCo');
    expect(hasGpsTag(original.exif)).toBe(true);

    const direct = await makeDirect(t.app, alice, bobId);
    const sent = await injectForm(
      t.app,
      'POST',
      `/api/conversations/${direct.id}/messages`,
      formOf({ content: '' }, { name: 'IMG_0001.jpg', bytes: photo, type: 'image/jpeg' }),
      alice,
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const message = messageResponseSchema.parse(sent.json()).message;
    const served = await t.app.inject({ method: 'GET', url: message.fileUrl ?? '', headers: bob });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(message.fileSize).toBe(served.rawPayload.length);

    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.rawPayload.includes('PhoneCo')).toBe(false);
    expect([meta.width, meta.height]).toEqual([40, 60]);
    const [r, , b] = await pixel(served.rawPayload, 20, 10);
    expect(r).toBeGreaterThan(200); // the red half is on top
    expect(b).toBeLessThan(60);
  });
});

describe('moveWithoutMetadata', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'stoop-strip-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** Writes the bytes to a file, moves it through moveWithoutMetadata and reads the result. */
  async function moved(bytes: Buffer, mimeType: string): Promise<Buffer> {
    const source = path.join(dir, `${randomUUID()}.part`);
    const destination = path.join(dir, `${randomUUID()}.bin`);
    await writeFile(source, bytes);
    await moveWithoutMetadata(source, destination, mimeType);
    expect(existsSync(source)).toBe(false);
    return readFile(destination);
  }

  it('leaves clean images and non-images byte for byte', async () => {
    const clean = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#abc' } })
      .png()
      .toBuffer();
    expect((await moved(clean, 'image/png')).equals(clean)).toBe(true);
    const text = Buffer.from('plain text');
    expect((await moved(text, 'text/plain')).equals(text)).toBe(true);
  });

  it('strips XMP from a PNG and EXIF from a WebP', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } });
    const png = await base
      .clone()
      .png()
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/">secret</x:xmpmeta>')
      .toBuffer();
    expect((await sharp(png).metadata()).xmp).toBeDefined();
    expect((await sharp(await moved(png, 'image/png')).metadata()).xmp).toBeUndefined();
    const webp = await base
      .clone()
      .webp()
      .withExif({ IFD0: { Artist: 'Someone' } })
      .toBuffer();
    expect((await sharp(webp).metadata()).exif).toBeDefined();
    expect((await sharp(await moved(webp, 'image/webp')).metadata()).exif).toBeUndefined();
  });
});
