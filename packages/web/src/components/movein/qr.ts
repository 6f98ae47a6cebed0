/**
 * The QR code of an invitation link as the dark modules' rectangles. The generator is
 * its own chunk, loaded when a poster opens, so it never weighs on the first load.
 */
export interface QrModules {
  /** Modules per side, quiet zone included. */
  size: number;
  /** One SVG path drawing every dark module. */
  path: string;
}

/** The light margin a phone's camera needs around the code, in modules (the standard's 4). */
const QUIET_ZONE = 4;

export async function qrModules(text: string): Promise<QrModules> {
  const { encode } = await import('uqr');
  // Medium error correction survives a creased or smudged poster.
  const { data } = encode(text, { ecc: 'M', border: QUIET_ZONE });
  const parts: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return { size: data.length, path: parts.join('') };
}
