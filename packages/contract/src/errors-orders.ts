/**
 * The catalogue's tables for orders, design and models (the orders-and-design issue). Codes are Archway's; the order
 * form's messages are calls-and-errors §8.5's.
 */
import { def } from './error-def.ts';

/** The order-form designer (`/customizeOrder`) and the order form a case is sent with. */
export const OrderFormErrors = {
  parameter: def(-1, 'orderForm.parameter', 400, 'Parameter error'),
  resetFailed: def(-2, 'orderForm.resetFailed', 400, 'Reset failed'),
  addFailed: def(-3, 'orderForm.addFailed', 400, 'New addition failed'),
  syncFailed: def(-4, 'orderForm.syncFailed', 400, 'Synchronization failed: add data first'),
  optionExists: def(-5, 'orderForm.optionExists', 409, 'Option already exists'),
  nameRequired: def(-6, 'orderForm.nameRequired', 400, 'Enter the field name'),
  typeRequired: def(-7, 'orderForm.typeRequired', 400, 'Choose the field type'),
  nameExists: def(-8, 'orderForm.nameExists', 409, 'A field with this name already exists'),
  optionsRequired: def(
    -9,
    'orderForm.optionsRequired',
    400,
    'A dropdown, radio or checkbox field needs options',
  ),
  notEnabled: def(-10, 'orderForm.notEnabled', 403, 'Order forms are not switched on for this organization'),
  fieldNotFound: def(-11, 'orderForm.fieldNotFound', 400, 'This field does not exist'),
  fieldRequired: def(-12, 'orderForm.fieldRequired', 400, 'Fill in the required field'),
  fieldInvalid: def(-13, 'orderForm.fieldInvalid', 400, 'This value does not fit the field'),
} as const;

/** Case design (`/caseDesign`, `POST /api/case/design`). */
export const DesignErrors = {
  parameter: def(-1, 'design.parameter', 400, 'Parameter error'),
  tooth: def(-2, 'design.tooth', 400, 'Unknown tooth: FDI 11 to 48, or 51 to 85'),
  bridge: def(-3, 'design.bridge', 400, 'A bridge joins neighbouring teeth of one jaw'),
  notSender: def(-4, 'design.notSender', 403, 'Only the clinic that sent the case edits its design'),
  notReceiver: def(-5, 'design.notReceiver', 403, 'Only a lab that received the case answers its design'),
} as const;

/** The model builder (`/caseBuilder`, `POST|GET /api/case/model/{id}`). */
export const ModelErrors = {
  parameter: def(-1, 'model.parameter', 400, 'Base height 1 to 30 mm; base horseshoe or solid'),
  running: def(-2, 'model.running', 409, 'A model is already being built for this case: please wait'),
  noScan: def(-3, 'model.noScan', 400, 'The case has no jaw scan to build a model from'),
  failed: def(-4, 'model.failed', 400, 'The model could not be built from this scan'),
  encrypted: def(-5, 'model.encrypted', 400, 'Encrypted cases cannot be built into a model'),
} as const;

/** Model comparison (`/caseCompare`, `POST /api/case/compare`, `GET /api/case/compare/{job}`). */
export const CompareErrors = {
  parameter: def(-1, 'compare.parameter', 400, 'Choose two cases or two files to compare'),
  sameScan: def(-2, 'compare.sameScan', 400, 'Choose two different scans'),
  notFound: def(-3, 'compare.notFound', 400, 'Comparison not found or does not exist'),
  encrypted: def(-4, 'compare.encrypted', 400, 'Encrypted cases cannot be compared'),
  failed: def(-5, 'compare.failed', 400, 'The scans could not be aligned'),
  running: def(-6, 'compare.running', 409, 'A comparison of this case is already running: please wait'),
  noScan: def(-7, 'compare.noScan', 400, 'The case has no scan to compare'),
} as const;

/** A case report's share link (created, revoked, opened without an account). */
export const ShareLinkErrors = {
  parameter: def(-1, 'shareLink.parameter', 400, 'A link lasts 1 to 365 days'),
  expired: def(-2, 'shareLink.expired', 400, 'This report link has expired or was revoked'),
} as const;
