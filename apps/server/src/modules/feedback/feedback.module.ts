import type { Queryable } from '../../db/database';
import { routesPlugin, type ServerModule } from '../../server-module';
import { createFeedbackRepository } from './feedback.repository';
import { registerFeedbackRoutes } from './feedback.routes';

/** Users' feedback from the portal's feedback dialog. */
export function createFeedbackModule({ db }: { db: Queryable }): ServerModule {
  const repository = createFeedbackRepository(db);
  return { name: 'feedback', api: routesPlugin((api) => registerFeedbackRoutes(api, repository)) };
}
