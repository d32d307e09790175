import type { FastifyInstance } from 'fastify';
import { powerQualityApi, IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES } from '@gridlens/contract/power-quality';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { DeviceImagesService } from './device-images.service';

/**
 * The Images tab. The routes live in their own encapsulated scope so the raw-image body parsers, and their
 * 5 MiB limit (the app's JSON limit is 1 MiB), apply to these routes only; a larger body answers 413.
 */
export function registerDeviceImageRoutes(app: FastifyInstance, images: DeviceImagesService): void {
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser([...IMAGE_CONTENT_TYPES], { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, parsed) =>
      parsed(null, body),
    );
    bindEndpoint(scope, powerQualityApi.uploadImage, (request) => {
      const { tenantId, userId } = tenantPrincipal(request);
      return images.upload(tenantId, userId, request.params.device_id, {
        declaredContentType: request.headers['content-type'],
        bytes: request.body,
        imageType: request.query.image_type,
        caption: request.query.caption,
      });
    });
    bindEndpoint(scope, powerQualityApi.images, (request) => images.list(tenantPrincipal(request).tenantId, request.params.device_id));
    bindEndpoint(scope, powerQualityApi.imageBytes, async (request, reply) => {
      const { contentType, bytes } = await images.content(tenantPrincipal(request).tenantId, request.params.image_id);
      // No caching of their own: the bytes are tenant data fetched with a bearer token, so they keep the auth hook's
      // `no-store` like every other answer of the API (a browser cache would keep them past sign-out).
      return reply.header('content-type', contentType).header('x-content-type-options', 'nosniff').send(bytes);
    });
    bindEndpoint(scope, powerQualityApi.deleteImage, (request) =>
      images.remove(tenantPrincipal(request).tenantId, request.params.image_id),
    );
    done();
  });
}
