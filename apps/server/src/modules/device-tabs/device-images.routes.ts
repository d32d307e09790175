import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema, errorResponses } from '@gridlens/contract/errors';
import {
  DeviceIdParamsSchema,
  DeviceImageListSchema,
  DeviceImageSchema,
  IMAGE_CONTENT_TYPES,
  IMAGE_MAX_BYTES,
  ImageBytesResponse,
  ImageIdParamsSchema,
  ImageUploadBodySchema,
  ImageUploadQuerySchema,
} from '@gridlens/contract/device-tabs';
import { TENANT_SECURITY, tenantPrincipal } from '../../auth/auth.plugin';
import type { DeviceImagesService } from './device-images.service';

const tags = ['Power data'];

/**
 * The Images tab. The routes live in their own encapsulated scope so the raw-image body parsers, and their
 * 5 MiB limit (the app's JSON limit is 1 MiB), apply to these routes only; a larger body answers 413.
 */
export function registerDeviceImageRoutes(app: FastifyInstance, images: DeviceImagesService): void {
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser([...IMAGE_CONTENT_TYPES], { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, parsed) =>
      parsed(null, body),
    );
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.post('/api/powerdata/images/device/:device_id', {
      schema: {
        tags,
        security: TENANT_SECURITY,
        summary: 'Uploads an image of a device: the raw bytes as the body, Content-Type image/jpeg, image/png or image/webp',
        consumes: [...IMAGE_CONTENT_TYPES],
        params: DeviceIdParamsSchema,
        querystring: ImageUploadQuerySchema,
        body: ImageUploadBodySchema,
        response: { 201: DeviceImageSchema, 413: ApiErrorSchema, 415: ApiErrorSchema, ...errorResponses },
      },
      handler: async (request, reply) => {
        const { tenantId, userId } = tenantPrincipal(request);
        const image = await images.upload(tenantId, userId, request.params.device_id, {
          declaredContentType: request.headers['content-type'],
          bytes: request.body,
          imageType: request.query.image_type,
          caption: request.query.caption,
        });
        return reply.status(201).send(image);
      },
    });

    api.get('/api/powerdata/images/device/:device_id', {
      schema: {
        tags,
        security: TENANT_SECURITY,
        summary: "Metadata of a device's images, newest first (fetch each image's bytes from its url)",
        params: DeviceIdParamsSchema,
        response: { 200: DeviceImageListSchema, ...errorResponses },
      },
      handler: (request) => images.list(tenantPrincipal(request).tenantId, request.params.device_id),
    });

    api.get('/api/powerdata/images/:image_id', {
      schema: {
        tags,
        security: TENANT_SECURITY,
        summary: "An image's bytes with their stored content type",
        params: ImageIdParamsSchema,
        response: { 200: ImageBytesResponse, ...errorResponses },
      },
      handler: async (request, reply) => {
        const { contentType, bytes } = await images.content(tenantPrincipal(request).tenantId, request.params.image_id);
        // Private: the bytes are tenant data fetched with a bearer token, so only the browser may cache them.
        return reply
          .header('content-type', contentType)
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .send(bytes);
      },
    });

    api.delete('/api/powerdata/images/:image_id', {
      schema: {
        tags,
        security: TENANT_SECURITY,
        summary: 'Deletes an image; answers its metadata',
        params: ImageIdParamsSchema,
        response: { 200: DeviceImageSchema, ...errorResponses },
      },
      handler: (request) => images.remove(tenantPrincipal(request).tenantId, request.params.image_id),
    });

    done();
  });
}
