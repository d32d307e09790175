import {
  powerQualityApi,
  IMAGE_CONTENT_TYPES,
  type DeviceImage,
  type ImageContentType,
  type ImageType,
} from '@gridlens/contract/power-quality';
import { pathOf } from '@gridlens/contract/route';
import { notFound, validationError } from '../../http/http-error';
import type { DeviceImagesRepository, ImageMetaRow } from './device-images.repository';
import { sniffImageType } from './image-signature';

export interface ImageUpload {
  /** The request's Content-Type header as sent (parameters such as "; charset" are ignored). */
  declaredContentType: string | undefined;
  bytes: Uint8Array;
  imageType: ImageType;
  caption: string | undefined;
}

const imageUrl = (id: string) => pathOf(powerQualityApi.imageBytes, { image_id: id });

function present(row: ImageMetaRow): DeviceImage {
  return {
    id: row.id,
    device_id: row.device_id,
    // The table's CHECK constraints hold these to the contract's enumerations.
    image_type: row.image_type as ImageType,
    content_type: row.content_type as ImageContentType,
    byte_size: row.byte_size,
    caption: row.caption,
    uploaded_by: row.uploaded_by,
    uploaded_at: new Date(row.uploaded_at).toISOString(),
    url: imageUrl(row.id),
  };
}

/** Which image the upload really is; throws 400 naming content-type (a mismatch) or body (not an image at all). */
function checkedContentType(upload: ImageUpload): ImageContentType {
  const declared = (upload.declaredContentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(declared)) {
    throw validationError([{ field: 'content-type', message: `Must be one of ${IMAGE_CONTENT_TYPES.join(', ')}` }]);
  }
  const actual = sniffImageType(upload.bytes);
  if (actual === null) throw validationError([{ field: 'body', message: 'The body is not a JPEG, PNG or WebP image' }]);
  if (actual !== declared) {
    throw validationError([{ field: 'content-type', message: `Content-Type is ${declared} but the body is a ${actual} image` }]);
  }
  return actual;
}

interface Deps {
  repository: DeviceImagesRepository;
  /** The tenant's device, or a 404 (the assets service's `require`). */
  requireDevice: (tenantId: string, deviceId: string) => Promise<unknown>;
}

/** Installation images of power-data devices, kept in the database next to the device. */
export function createDeviceImagesService({ repository, requireDevice }: Deps) {
  return {
    async upload(tenantId: string, userId: string, deviceId: string, upload: ImageUpload): Promise<DeviceImage> {
      await requireDevice(tenantId, deviceId);
      const contentType = checkedContentType(upload);
      const caption = upload.caption ? upload.caption : null;
      const row = await repository.insert(tenantId, deviceId, {
        imageType: upload.imageType,
        contentType,
        data: upload.bytes,
        caption,
        uploadedBy: userId,
      });
      return present(row);
    },

    async list(tenantId: string, deviceId: string): Promise<DeviceImage[]> {
      await requireDevice(tenantId, deviceId);
      return (await repository.list(tenantId, deviceId)).map(present);
    },

    /** The stored bytes as a Buffer (PGlite hands back a plain Uint8Array, pg a Buffer). */
    async content(tenantId: string, imageId: string): Promise<{ contentType: string; bytes: Buffer }> {
      const image = await repository.content(tenantId, imageId);
      if (!image) throw notFound('Image');
      const bytes = Buffer.isBuffer(image.data) ? image.data : Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
      return { contentType: image.content_type, bytes };
    },

    async remove(tenantId: string, imageId: string): Promise<DeviceImage> {
      const row = await repository.delete(tenantId, imageId);
      if (!row) throw notFound('Image');
      return present(row);
    },
  };
}
export type DeviceImagesService = ReturnType<typeof createDeviceImagesService>;
