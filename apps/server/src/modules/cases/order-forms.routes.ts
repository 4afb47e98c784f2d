import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, OrderFormErrors, receiverForm, receiverFormsQuery } from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import { scopeOf } from './cases.scope.ts';
import { receiverForms } from './order-forms.service.ts';

/**
 * `GET /api/order/forms`: the order forms a clinic fills before it sends a case. Which labs' forms depends on where
 * the case would be routed (this module's routing); the forms themselves are the orders module's.
 */
export const orderFormsRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/order/forms',
      {
        config: { access: 'member' as const, validationError: OrderFormErrors.parameter },
        schema: {
          tags: ['orders'],
          security: [{ bearer: [] }],
          summary:
            'The published order forms of the labs a case of this device and type would be routed to, for a caller who may upload with the device (else case.deviceNotUsable). A lab whose order page is off or that never synchronized a form has none (its copy carries no form). What the web import and `archway-scan form` show; `POST /api/case/upload/complete` checks `orderFields` against these.',
          querystring: receiverFormsQuery,
          response: { 200: envelope(z.array(receiverForm)) },
        },
      },
      async (req) => ok(await receiverForms(scopeOf(platform, req), req.query.device, req.query.type)),
    );
  };
