import { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES } from '@gridlens/contract/power-quality';

/** Why a file cannot be uploaded (checked before sending; the server checks the bytes again), or null. */
export function imageProblem(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | null {
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > IMAGE_MAX_BYTES) return 'size';
  return null;
}
