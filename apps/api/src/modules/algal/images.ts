import sharp from 'sharp';
import { validationFailed } from '../../http/errors.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** The image format from the file's first bytes (its content), never from its name or declared type. */
export function sniffImageFormat(data: Buffer): ImageFormat | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

export const LARGE_PX = 1600;
export const THUMBNAIL_PX = 400;
/**
 * The most pixels an upload may have (40 megapixels: any phone's default photo). Checked from the
 * image header before anything is decoded, so a small file that unpacks into a huge bitmap (a
 * 10,000 × 10,000 PNG) is refused without the memory it would take.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
export const PHOTO_TOO_LARGE = `The photo is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`;

export interface ProcessedPhoto {
  large: Buffer;
  thumbnail: Buffer;
}

/**
 * Checks that the upload is a JPEG, PNG or WebP image (magic bytes, then sharp must decode it as
 * that format) of at most MAX_INPUT_PIXELS, and re-encodes it as WebP at most 1600 px and 400 px
 * on the long side. The upload is decoded once (the thumbnail is made from the large copy).
 * Re-encoding drops every piece of metadata (EXIF including GPS, XMP, IPTC, comments); the
 * orientation is applied first. Returns null when the content is not an acceptable image; throws
 * a 422 for one with too many pixels.
 */
export async function processPhoto(data: Buffer): Promise<ProcessedPhoto | null> {
  const sniffed = sniffImageFormat(data);
  if (!sniffed) return null;
  let meta;
  try {
    // The header only: width and height are known before any pixel is decoded.
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
  if (meta.format !== sniffed) return null;
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS)
    throw validationFailed({ photo: [PHOTO_TOO_LARGE] });
  try {
    const resize = (input: Buffer, size: number, quality: number) =>
      sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
        .webp({ quality })
        .toBuffer();
    const large = await resize(data, LARGE_PX, 82);
    const thumbnail = await resize(large, THUMBNAIL_PX, 75);
    return { large, thumbnail };
  } catch {
    return null;
  }
}
