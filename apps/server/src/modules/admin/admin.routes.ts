import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Platform } from '../../platform/platform.ts';
import { adminOrgsRoutes } from './admin-orgs.routes.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';

/** The administrator's console (`/api2/admin/console/*`): organizations, users and administrators. */
export const adminConsoleRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(adminOrgsRoutes(platform));
    await app.register(adminUsersRoutes(platform));
  };
