import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  addOrderFieldBody,
  addOrderOptionBody,
  envelope,
  orderFieldNameQuery,
  orderFieldOrderBody,
  OrderFormErrors,
  orderFormState,
  updateOrderFieldBody,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import { requestContext, requireActor } from '../../platform/auth.ts';
import type { Platform } from '../../platform/platform.ts';
import * as service from './orders.service.ts';

const tags = ['orders'];
const security = [{ bearer: [] }];
const state = { 200: envelope(orderFormState) };
const DESIGNER =
  " The caller's organization needs the order page (`customers.page_order`, else orderForm.notEnabled); any member reads the form, only the organization's administrator (membership role owner) changes it (org.notOwner). Each change is one transaction, audited, and answers the designer's state.";

/**
 * The order-form designer (`/customizeOrder`, product §1, §5, calls-and-errors §8.5). The forms a clinic fills when
 * it sends a case (`GET /api/order/forms`) are routed by the case's device: cases/order-forms.routes.ts. Archway's
 * paths: the spec shows none.
 */
export const ordersRoutes =
  ({ db }: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const s = (req: FastifyRequest): service.OrderScope => ({
      db,
      ctx: requestContext(req),
      actor: requireActor(req),
    });
    const config = { access: 'member' as const, validationError: OrderFormErrors.parameter };

    app.get(
      '/api/order/form',
      {
        config,
        schema: {
          tags,
          security,
          summary:
            "The caller's organization's order form: the draft being designed (the standard form until it designs one) and the version clinics fill now (0: none yet)." +
            DESIGNER,
          response: state,
        },
      },
      async (req) => ok(await service.formState(s(req))),
    );

    app.post(
      '/api/order/form/field',
      {
        config,
        // Validated by the service: a missing name or type answers orderForm.nameRequired / typeRequired.
        attachValidation: true,
        schema: {
          tags,
          security,
          summary:
            'Add a field at the end of the draft: name (unique, letter case ignored: orderForm.nameExists) and type required (orderForm.nameRequired, orderForm.typeRequired); a dropdown, radio or checkbox needs options (orderForm.optionsRequired), none twice (orderForm.optionExists); at most 100 fields (orderForm.addFailed); other types keep no options.' +
            DESIGNER,
          body: addOrderFieldBody,
          response: state,
        },
      },
      async (req) => ok(await service.addField(s(req), req.body)),
    );

    app.put(
      '/api/order/form/field',
      {
        config,
        attachValidation: true,
        schema: {
          tags,
          security,
          summary:
            'Change the field called `name` (orderForm.fieldNotFound if none), renamed when `field.name` differs; the same rules as adding one.' +
            DESIGNER,
          body: updateOrderFieldBody,
          response: state,
        },
      },
      async (req) => ok(await service.updateField(s(req), req.body)),
    );

    app.delete(
      '/api/order/form/field',
      {
        config,
        schema: {
          tags,
          security,
          summary:
            'Remove the field called `name` from the draft (orderForm.fieldNotFound if none).' + DESIGNER,
          querystring: orderFieldNameQuery,
          response: state,
        },
      },
      async (req) => ok(await service.deleteField(s(req), req.query.name)),
    );

    app.post(
      '/api/order/form/option',
      {
        config,
        schema: {
          tags,
          security,
          summary:
            'Add an option to a dropdown, radio or checkbox field (another type: orderForm.parameter), or with `parent` a sub-option of one of its options (an unknown parent: orderForm.parameter); an existing one, letter case ignored, is orderForm.optionExists; at most 100 options and 50 sub-options each (orderForm.addFailed).' +
            DESIGNER,
          body: addOrderOptionBody,
          response: state,
        },
      },
      async (req) => ok(await service.addOption(s(req), req.body)),
    );

    app.put(
      '/api/order/form/order',
      {
        config,
        schema: {
          tags,
          security,
          summary:
            "The draft's fields in this order: every field named exactly once (else orderForm.parameter)." +
            DESIGNER,
          body: orderFieldOrderBody,
          response: state,
        },
      },
      async (req) => ok(await service.reorder(s(req), req.body.names)),
    );

    app.post(
      '/api/order/form/reset',
      {
        config,
        schema: {
          tags,
          security,
          summary:
            'Reset the draft to the standard form (product §3); the published version stays until the next synchronization. orderForm.resetFailed is in the catalogue for §8.5 but no rule of this server answers it.' +
            DESIGNER,
          response: state,
        },
      },
      async (req) => ok(await service.resetForm(s(req))),
    );

    app.post(
      '/api/order/form/sync',
      {
        config,
        schema: {
          tags,
          security,
          summary:
            'Synchronize: publish the draft as the next version, the one clinics fill from now on (cases already sent keep theirs). An empty draft is orderForm.syncFailed ("add data first"); a draft equal to the published version publishes nothing new.' +
            DESIGNER,
          response: state,
        },
      },
      async (req) => ok(await service.syncForm(s(req))),
    );
  };
