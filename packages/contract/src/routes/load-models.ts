import { route } from '../route';

/** The five routes of one kind of load model under its list path (spec §7 evmodellist, hpmodellist). */
function modelRoutes(base: string, Name: 'Ev' | 'Hp') {
  return {
    list: route({ security: 'tenant', method: 'GET', path: base, operationId: `list${Name}Models` }),
    create: route({ security: 'tenant', method: 'POST', path: base, operationId: `create${Name}Model` }),
    get: route({ security: 'tenant', method: 'GET', path: `${base}/:id`, operationId: `get${Name}Model` }),
    update: route({ security: 'tenant', method: 'PUT', path: `${base}/:id`, operationId: `update${Name}Model` }),
    remove: route({ security: 'tenant', method: 'DELETE', path: `${base}/:id`, operationId: `delete${Name}Model` }),
  };
}

export const evModelRoutes = modelRoutes('/api/powerdata/evmodellist', 'Ev');
export const hpModelRoutes = modelRoutes('/api/powerdata/hpmodellist', 'Hp');
export type ModelRoutes = typeof evModelRoutes;
