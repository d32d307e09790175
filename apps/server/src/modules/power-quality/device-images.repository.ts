import type { Queryable } from '../../db/database';

export interface ImageMetaRow {
  id: string;
  device_id: string;
  image_type: string;
  content_type: string;
  byte_size: number;
  caption: string | null;
  uploaded_by: string;
  uploaded_at: Date;
}

export interface NewImage {
  imageType: string;
  contentType: string;
  data: Uint8Array;
  caption: string | null;
  uploadedBy: string;
}

const META = 'id::text AS id, device_id, image_type, content_type, byte_size, caption, uploaded_by, uploaded_at';

/**
 * Installation images, stored in the database (bytea). Image ids come from the URL: they are compared as text
 * (`id::text = $2`) so a malformed id simply matches nothing instead of failing a uuid cast; the tenant filter
 * keeps that comparison to the tenant's own rows.
 */
export function createDeviceImagesRepository(db: Queryable) {
  return {
    async insert(tenantId: string, deviceId: string, image: NewImage): Promise<ImageMetaRow> {
      const [row] = await db.query<ImageMetaRow>(
        `INSERT INTO device_images (tenant_id, device_id, image_type, content_type, byte_size, data, caption, uploaded_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         RETURNING ${META}`,
        [tenantId, deviceId, image.imageType, image.contentType, image.data.byteLength, image.data, image.caption, image.uploadedBy],
      );
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Metadata of a device's images, newest first (never the bytes). */
    list(tenantId: string, deviceId: string): Promise<ImageMetaRow[]> {
      return db.query<ImageMetaRow>(
        `SELECT ${META} FROM device_images WHERE tenant_id = $1 AND device_id = $2 ORDER BY uploaded_at DESC, id`,
        [tenantId, deviceId],
      );
    },

    async content(tenantId: string, imageId: string): Promise<{ content_type: string; data: Uint8Array } | null> {
      const rows = await db.query<{ content_type: string; data: Uint8Array }>(
        'SELECT content_type, data FROM device_images WHERE tenant_id = $1 AND id::text = $2',
        [tenantId, imageId],
      );
      return rows[0] ?? null;
    },

    async delete(tenantId: string, imageId: string): Promise<ImageMetaRow | null> {
      const rows = await db.query<ImageMetaRow>(`DELETE FROM device_images WHERE tenant_id = $1 AND id::text = $2 RETURNING ${META}`, [
        tenantId,
        imageId,
      ]);
      return rows[0] ?? null;
    },
  };
}
export type DeviceImagesRepository = ReturnType<typeof createDeviceImagesRepository>;
