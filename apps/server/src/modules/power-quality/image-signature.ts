import type { ImageContentType } from '@gridlens/contract/power-quality';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/**
 * The image format the bytes really are, from their magic numbers, or null when they are none of the three we
 * accept. PNG: the 8-byte signature (ISO/IEC 15948 §5.2). JPEG: SOI marker FF D8 followed by another marker's FF
 * (ISO/IEC 10918-1 Annex B). WebP: a RIFF container whose form type at offset 8 is "WEBP" (RFC 9649 §2).
 */
export function sniffImageType(bytes: Uint8Array): ImageContentType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}
