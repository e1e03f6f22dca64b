import sharp from 'sharp';

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

export interface ProcessedPhoto {
  large: Buffer;
  thumbnail: Buffer;
}

/**
 * Checks that the upload is a JPEG, PNG or WebP image (magic bytes, then sharp must decode it as
 * that format) and re-encodes it as WebP at most 1600 px and 400 px on the long side. Re-encoding
 * drops every piece of metadata (EXIF including GPS, XMP, IPTC, comments); the orientation is applied
 * first. Returns null when the content is not an acceptable image.
 */
export async function processPhoto(data: Buffer): Promise<ProcessedPhoto | null> {
  const sniffed = sniffImageFormat(data);
  if (!sniffed) return null;
  try {
    const meta = await sharp(data, { limitInputPixels: 100_000_000 }).metadata();
    if (meta.format !== sniffed) return null;
    const encode = (size: number, quality: number) =>
      sharp(data, { limitInputPixels: 100_000_000 })
        .rotate()
        .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
        .webp({ quality })
        .toBuffer();
    const [large, thumbnail] = await Promise.all([encode(LARGE_PX, 82), encode(THUMBNAIL_PX, 75)]);
    return { large, thumbnail };
  } catch {
    return null;
  }
}
