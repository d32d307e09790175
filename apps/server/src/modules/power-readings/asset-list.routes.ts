import type { FastifyInstance } from 'fastify';
import { assetsApi } from '@gridlens/contract/assets';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import { columnarJsonSerializer } from '../../http/columnar-json-serializer';
import type { AssetListService } from './asset-list.service';

/** The assets list and one device's row of it: the assets capability's reads, served by the readings' read model. */
export function registerAssetListRoutes(app: FastifyInstance, assetList: AssetListService): void {
  bindEndpoint(
    app,
    assetsApi.list,
    (request) => {
      const { tenantId, userId } = tenantPrincipal(request);
      return assetList.listColumns(tenantId, userId, request.query.num_days);
    },
    { serializerCompiler: columnarJsonSerializer },
  );
  bindEndpoint(app, assetsApi.item, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return assetList.itemOver(tenantId, userId, request.params.DeviceID, request.query.num_days);
  });
}
