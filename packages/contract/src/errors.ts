/**
 * The error catalogue (calls-and-errors §8). Every refusal the server sends comes from here:
 * a stable `code` (the documented one where the spec gives it), an i18n `key` the web app
 * translates (`errors.<key>` in every locale), the HTTP status, and the English message the
 * server puts in `errorMessage` when the caller's language has no server-side text.
 *
 * Codes are unique per call, not globally: device calls reuse -1…-8 with other meanings, so
 * each call has its own table and the key says which one it is.
 */
import { def, type ErrorDef } from './error-def.ts';
import {
  CompareErrors,
  DesignErrors,
  ModelErrors,
  OrderFormErrors,
  ShareLinkErrors,
} from './errors-orders.ts';
import { ClientDownloadErrors, UpdateErrors } from './errors-updates.ts';
import { HelpErrors } from './errors-help.ts';
import { AuditLogErrors } from './errors-audit.ts';
import { BrandErrors } from './errors-brand.ts';
import { BackupErrors, ConsoleErrors, CustDisabledErrors, SignInResetErrors } from './errors-console.ts';

export type { ErrorDef } from './error-def.ts';
export * from './errors-orders.ts';
export * from './errors-updates.ts';
export * from './errors-help.ts';
export * from './errors-console.ts';
export * from './errors-audit.ts';
export * from './errors-brand.ts';

/** Generic codes of calls-and-errors §8.1, plus the few Archway adds (documented in the OpenAPI text). */
export const GenericErrors = {
  permission: def(
    100,
    'generic.permission',
    403,
    'Permission check failed: contact the administrator to open permissions or log in again',
  ),
  notFound: def(200, 'generic.notFound', 404, 'Request path not found'),
  application: def(300, 'generic.application', 500, 'Application exception'),
  database: def(310, 'generic.database', 500, 'Database exception'),
  // Archway additions: the spec has no generic code for these. HTTP 404 means an unknown path only
  // (calls-and-errors §7.1: a client does nothing on 404), so "not found" refusals answer HTTP 400.
  validation: def(400, 'generic.validation', 400, 'Invalid parameter'),
  sessionExpired: def(401, 'generic.sessionExpired', 401, 'Session expired: please log in again'),
  tooManyAttempts: def(
    429,
    'generic.tooManyAttempts',
    429,
    'Too many attempts: wait a few minutes and try again',
  ),
  objectNotFound: def(404, 'generic.objectNotFound', 400, 'Not found or does not exist'),
  requestTooLarge: def(413, 'generic.requestTooLarge', 413, 'The request is too large'),
  // A statement or request that took too long (DB_STATEMENT_TIMEOUT_MS) was cancelled: nothing was changed.
  timeout: def(503, 'generic.timeout', 503, 'The server did not answer in time: try again'),
} as const;

/** Sign-in (`POST /account/token`, the sign-in page). */
export const SignInErrors = {
  invalidCredentials: def(-1, 'signIn.invalidCredentials', 400, 'Wrong username or password'),
  disabled: def(-3, 'signIn.disabled', 400, 'This account is disabled'),
  interactionExpired: def(-4, 'signIn.interactionExpired', 400, 'The sign-in page has expired: start again'),
} as const;

/** Personal data (calls-and-errors §8.3, "General"). */
export const UserErrors = {
  invalidUser: def(-1, 'user.invalidUser', 400, 'Invalid login user'),
  failed: def(-3, 'user.failed', 400, 'Modification failed'),
} as const;

/** Organization (calls-and-errors §8.3). */
export const CustErrors = {
  notFound: def(-1, 'cust.notFound', 400, 'Organization not found or does not exist'),
  missing: def(
    -5,
    'cust.missing',
    400,
    'Organization information is missing: complete it in account management',
  ),
} as const;

/** Shared by every device call (calls-and-errors §8.2). */
export const FrequencyError = def(
  -228,
  'device.frequency',
  429,
  'Authorization frequency error: try again later',
);

/**
 * Archway addition, shared by every call that checks a device's management (bind) code: bind, unbind,
 * transfer, authorize, recall. More than 10 wrong codes within an hour for one serial, or from one
 * organization, and the code is not compared at all until the hour has passed.
 */
export const CodeAttemptsError = def(
  -12,
  'device.codeAttempts',
  429,
  'Too many wrong bind codes: try again in an hour',
);

/** Device common: bind, unbind, transfer, detail, update (calls-and-errors §8.2). */
export const DeviceErrors = {
  parameter: def(-1, 'device.parameter', 400, 'Parameter error'),
  passwordEmpty: def(-2, 'device.passwordEmpty', 400, 'The bind code is empty'),
  notFound: def(-3, 'device.notFound', 400, 'Device not found'),
  userNotAuthorised: def(-5, 'device.userNotAuthorised', 403, 'User not authorised for this device'),
  notPersonExtend: def(-6, 'device.notPersonExtend', 400, 'Not extendable by this account'),
  wrongPassword: def(-128, 'device.wrongPassword', 400, 'Wrong bind code'),
  alreadyRegistered: def(-129, 'device.alreadyRegistered', 409, 'Device already registered'),
  notInArea: def(-131, 'device.notInArea', 400, 'Device is not in the current area'),
  // Archway additions: product §4 and §8.5 name these refusals without codes.
  authorizedCannotUnbind: def(
    -10,
    'device.authorizedCannotUnbind',
    409,
    'Cannot unbind during an authorization period',
  ),
  nameEmpty: def(-11, 'device.nameEmpty', 400, 'Device name cannot be empty'),
  /**
   * Product §4: while a device is authorized, "the authorizer may then only change the authorization time or recall
   * it" (or lend it to others). Renaming, transferring, device users and receivers are refused until then.
   */
  lent: def(
    -13,
    'device.lent',
    409,
    'The device is authorized: only the authorization time can be changed or the authorization recalled',
  ),
  codeAttempts: CodeAttemptsError,
  frequency: FrequencyError,
} as const;

export const AuthoriseErrors = {
  alreadyAuthorised: def(-1, 'authorise.alreadyAuthorised', 409, 'Already authorised'),
  numberError: def(-2, 'authorise.numberError', 400, 'Device number error'),
  wrongPassword: def(-3, 'authorise.wrongPassword', 400, 'Wrong bind code'),
  allFailed: def(-4, 'authorise.allFailed', 400, 'All authorisations failed'),
  userNotAuthorised: def(-5, 'authorise.userNotAuthorised', 403, 'User not authorised'),
  parameter: def(-6, 'authorise.parameter', 400, 'Parameter error'),
  passwordEmpty: def(-7, 'authorise.passwordEmpty', 400, 'The bind code is empty'),
  failed: def(-8, 'authorise.failed', 400, 'Authorisation failed'),
  codeAttempts: CodeAttemptsError,
  frequency: FrequencyError,
} as const;

export const ExtendErrors = {
  numberError: def(-1, 'extend.numberError', 400, 'Device number error'),
  failed: def(-3, 'extend.failed', 400, 'Extension failed'),
  invalidAuthorisation: def(-4, 'extend.invalidAuthorisation', 400, 'Invalid authorisation'),
  notFound: def(-7, 'extend.notFound', 400, 'No authorisation found'),
  editFailed: def(-8, 'extend.editFailed', 400, 'Edit failed'),
  frequency: FrequencyError,
} as const;

/** Recall ("recycle") of an authorization. */
export const RecycleErrors = {
  error: def(-1, 'recycle.error', 400, 'Recall error'),
  numberError: def(-2, 'recycle.numberError', 400, 'Device number error'),
  wrongPassword: def(-3, 'recycle.wrongPassword', 400, 'Wrong bind code'),
  other: def(-5, 'recycle.other', 400, 'Recall refused'),
  userAndDevice: def(-7, 'recycle.userAndDevice', 403, 'This account did not grant this authorisation'),
  failed: def(-8, 'recycle.failed', 409, 'Recall failed: the authorisation is no longer active'),
  codeAttempts: CodeAttemptsError,
  frequency: FrequencyError,
} as const;

export const ReceiverAddErrors = {
  numberError: def(-1, 'receiverAdd.numberError', 400, 'Device number error'),
  allFailed: def(-2, 'receiverAdd.allFailed', 400, 'All receivers failed'),
  addError: def(-3, 'receiverAdd.addError', 400, 'Receiver not found'),
  sameTransferExists: def(-4, 'receiverAdd.sameTransferExists', 409, 'The same transfer exists'),
  deviceEmpty: def(-5, 'receiverAdd.deviceEmpty', 400, 'Device is empty'),
  notAllowed: def(-6, 'receiverAdd.notAllowed', 403, 'Add error: no right to route this device'),
  invalidParameters: def(-7, 'receiverAdd.invalidParameters', 400, 'Invalid parameters'),
  frequency: FrequencyError,
} as const;

export const ReceiverDeleteErrors = {
  invalidParameters: def(-1, 'receiverDelete.invalidParameters', 400, 'Invalid parameters'),
  parameter: def(-2, 'receiverDelete.parameter', 400, 'Parameter error'),
  noTransfer: def(-3, 'receiverDelete.noTransfer', 400, 'No such transfer'),
  notSigner: def(
    -4,
    'receiverDelete.deusererror',
    403,
    'No permission to delete: the entry was not added by you',
  ),
  failed: def(-5, 'receiverDelete.failed', 400, 'Delete failed'),
  frequency: FrequencyError,
} as const;

export const DeviceUserAddErrors = {
  numberError: def(-1, 'deviceUserAdd.numberError', 400, 'Device number error'),
  allFailed: def(-3, 'deviceUserAdd.allFailed', 400, 'All failed'),
  expired: def(-4, 'deviceUserAdd.expired', 400, 'The validity window has already ended'),
  invalidParameters: def(-5, 'deviceUserAdd.invalidParameters', 400, 'Invalid parameters'),
  alreadyAdded: def(-6, 'deviceUserAdd.alreadyAdded', 409, 'Already added'),
  deviceEmpty: def(-7, 'deviceUserAdd.deviceEmpty', 400, 'Device is empty'),
  addError: def(-8, 'deviceUserAdd.addError', 400, 'Add error: user not found'),
  frequency: FrequencyError,
} as const;

export const DeviceUserDeleteErrors = {
  invalidUser: def(-1, 'deviceUserDelete.invalidUser', 400, 'Invalid user'),
  failed: def(-2, 'deviceUserDelete.failed', 403, 'Delete failed: no permission to delete'),
  frequency: FrequencyError,
} as const;

/** Device registry administration (the /manager screen). */
export const RegistryErrors = {
  duplicate: def(-1, 'registry.duplicate', 409, 'This serial number is already in the registry'),
  invalidRow: def(-2, 'registry.invalidRow', 400, 'Invalid row'),
  emptyImport: def(-3, 'registry.emptyImport', 400, 'The file has no device rows'),
} as const;

/**
 * Cases (calls-and-errors §8.5, "Case"). The spec lists the messages without codes; the codes are Archway's.
 * Another organization's case answers `notFound`, exactly like a missing one.
 */
export const CaseErrors = {
  notFound: def(-1, 'case.notFound', 400, 'Case not found or does not exist'),
  parameter: def(-2, 'case.parameter', 400, 'Parameter error'),
  fileExpired: def(-3, 'case.fileExpired', 400, 'The file has expired'),
  uploadFailed: def(-4, 'case.uploadFailed', 400, 'Upload failed: upload again'),
  processingFailed: def(-5, 'case.processingFailed', 400, 'Processing failed: retry'),
  originalMissing: def(-6, 'case.originalMissing', 400, 'The original data file is missing: upload again'),
  converting: def(-7, 'case.converting', 409, 'Conversion in progress: please wait'),
  encryptedNoConversion: def(
    -8,
    'case.encryptedNoConversion',
    400,
    'Encrypted data does not support online conversion',
  ),
  conversionNoFormat: def(-9, 'case.conversionNoFormat', 400, 'Conversion failed: no format included'),
  missingOriginalFormat: def(-10, 'case.missingOriginalFormat', 400, 'The original format is missing'),
  previewExpired: def(-11, 'case.previewExpired', 400, 'Cases older than 90 days cannot be previewed'),
  importFailed: def(-12, 'case.importFailed', 400, 'Case import failed: import again'),
  certificationRequired: def(
    -13,
    'case.certificationRequired',
    403,
    'Certification required: this needs a verified organization',
  ),
  maxDownloads: def(-14, 'case.maxDownloads', 400, 'The maximum download count has been reached'),
  deviceNotUsable: def(-15, 'case.deviceNotUsable', 403, 'You may not upload with this device'),
  statusNotAllowed: def(-16, 'case.statusNotAllowed', 409, 'This status cannot be set now'),
  badFile: def(-17, 'case.badFile', 400, 'Not a PLY, STL or OBJ scan file'),
} as const;

/** Self-registration (`POST /user/register`; codes after calls-and-errors §8.3 "Username" and "E-mail"). */
export const RegisterErrors = {
  usernameTaken: def(-1, 'register.usernameTaken', 400, 'This username is already taken'),
  emailTaken: def(-2, 'register.emailTaken', 400, 'This e-mail address is already registered'),
  invalid: def(-3, 'register.invalid', 400, 'Check the username, e-mail address and password'),
} as const;

/** The links Archway mails: e-mail confirmation and password reset. */
export const AccountLinkErrors = {
  invalidLink: def(-1, 'accountLink.invalid', 400, 'This link is invalid, already used or expired'),
  parameter: def(-2, 'accountLink.parameter', 400, 'Check the new password: 6 to 16 letters, digits or _'),
} as const;

/** Files people upload outside scans (licence, avatar, logo, pictures, video), checked by their content. */
export const FileErrors = {
  format: def(-1, 'file.format', 400, 'The uploaded file format is incorrect'),
  tooLarge: def(-2, 'file.tooLarge', 400, 'The file is too large'),
  missing: def(-3, 'file.missing', 400, 'No file was uploaded'),
  expired: def(-4, 'file.expired', 400, 'The file has expired'),
  tooManyFiles: def(
    -5,
    'file.tooManyFiles',
    400,
    'The form holds more than one file: send one file at a time',
  ),
  tooManyFields: def(-6, 'file.tooManyFields', 400, 'The form holds too many fields'),
} as const;

/** `GET|POST /cust/clinic/setting` (calls-and-errors §8.4; `res` is the errorCode; keys are the spec's messages). */
export const SettingErrors = {
  loadFailed: def(
    -1,
    'setting.emailUpdateNoSuccess',
    400,
    'The settings could not be loaded: unknown request',
  ),
  notAdministrator: def(
    -2,
    'setting.emailUpdatesWarning',
    403,
    "Only the organization's administrator may change the organization's settings",
  ),
  noSuchType: def(-3, 'setting.emailUpdateNoExit', 400, 'This setting does not exist'),
  invalid: def(-4, 'setting.emailUpdateError', 400, 'The settings could not be saved: check the values'),
} as const;

/** `POST /user/check/setting` (calls-and-errors §8.4, user settings). */
export const UserSettingErrors = {
  invalid: def(-2, 'userSetting.emailUpdateError', 400, 'The settings could not be saved: check the values'),
} as const;

/** `GET|PUT|DELETE /api2/cust/privacy` (calls-and-errors §8.4 "Privacy"). */
export const PrivacyErrors = {
  load: def(-1, 'privacy.loadPermissionFailed', 400, 'The privacy settings could not be loaded'),
  update: def(
    -2,
    'privacy.permissionUpdateFailed',
    400,
    "The field could not be made visible: only the organization's administrator may change privacy (bit 2, 4 or 8)",
  ),
  delete: def(
    -3,
    'privacy.permissionDeleteFailed',
    400,
    "The field could not be hidden: only the organization's administrator may change privacy (bit 2, 4 or 8)",
  ),
} as const;

/** Report customization: logo, background, share pictures and video (calls-and-errors §7.7, §8.5). */
export const ReportErrors = {
  imgStyle: def(-1, 'report.reportPreviewImgStyle', 400, 'Pictures must be jpeg, jpg or png'),
  imgSize: def(-2, 'report.reportPreviewImgSize', 400, 'Pictures may be at most 20 MB'),
  videoStyle: def(-3, 'report.reportPreviewVideoStyle', 400, 'The video must be an mp4 file'),
  videoSize: def(-4, 'report.reportPreviewVideoSize', 400, 'The video may be at most 20 MB'),
  videoExists: def(
    -5,
    'report.videoExists',
    409,
    'Only one video: delete the current video before uploading another',
  ),
  tooManyPictures: def(-6, 'report.tooManyPictures', 400, 'At most 9 share pictures: delete one first'),
  notAdministrator: def(
    -7,
    'report.notAdministrator',
    403,
    "Only the organization's administrator may change the report customization",
  ),
  parameter: def(-8, 'report.parameter', 400, 'Invalid parameter'),
} as const;

/**
 * Create, edit and delete an organization, and its certification data (calls-and-errors §8.3 "Create
 * organization": -1 name tip, -2 already registered, -6 and -9 name taken; the others are Archway's). -6 answers a
 * taken name on create, -9 on edit; names compare in any letter case.
 */
export const OrgErrors = {
  nameTip: def(-1, 'org.nameTip', 400, "Enter the organization's name: 1 to 100 characters"),
  alreadyRegistered: def(-2, 'org.alreadyRegistered', 409, 'You already belong to an organization'),
  parameter: def(
    -3,
    'org.parameter',
    400,
    'Check the fields: type, responsible person, phone and unified credit code are required',
  ),
  licence: def(-4, 'org.licence', 400, 'The business licence was not found: upload it again'),
  notOwner: def(-5, 'org.notOwner', 403, "Only the organization's administrator may do this"),
  nameTaken: def(-6, 'org.nameTaken', 409, 'The organization name already exists'),
  hasDevices: def(
    -7,
    'org.hasDevices',
    409,
    'The organization still has devices or device links: unbind, transfer or remove them first',
  ),
  hasCases: def(
    -8,
    'org.hasCases',
    409,
    'The organization still keeps cases: delete them and empty the recycle bin first',
  ),
  renameTaken: def(-9, 'org.renameTaken', 409, 'The organization name already exists'),
} as const;

/** The platform administrator's certification decisions (`PUT /api2/admin/cust/{id}/audit`). */
export const CertificationErrors = {
  parameter: def(-1, 'certification.parameter', 400, 'Parameter error'),
  reasonRequired: def(-2, 'certification.reasonRequired', 400, 'A refusal needs a reason'),
  notUnderReview: def(
    -3,
    'certification.notUnderReview',
    409,
    'This organization is not under review any more',
  ),
  noLicence: def(-4, 'certification.noLicence', 400, 'No business licence was sent: it cannot be verified'),
} as const;

/** Members of an organization (`/api2/cust/user…`; codes after calls-and-errors §8.3 "General"). */
export const MemberErrors = {
  parameter: def(-1, 'member.parameter', 400, 'Check the e-mail address and the role'),
  alreadyMember: def(-2, 'member.alreadyMember', 409, 'This person is already a member of the organization'),
  notFound: def(-3, 'member.notFound', 400, 'This person is not a member of your organization'),
  lastOwner: def(-4, 'member.lastOwner', 409, 'An organization needs at least one administrator'),
} as const;

/** Invitations by e-mail (`/api2/cust/user/invitation…`). */
export const InvitationErrors = {
  invalid: def(-5, 'invitation.invalid', 400, 'This invitation is invalid, already used or expired'),
  wrongAccount: def(
    -6,
    'invitation.wrongAccount',
    400,
    'This invitation was sent to another e-mail address: sign in with that address',
  ),
  tooMany: def(-7, 'invitation.tooMany', 429, 'Too many invitations: try again in an hour'),
} as const;

/** Join requests (`/api2/user/customer/join`, `/api2/cust/user/join/…`). */
export const JoinErrors = {
  parameter: def(-1, 'join.parameter', 400, 'Parameter error'),
  pending: def(-2, 'join.pending', 409, 'You already asked to join this organization'),
  notFound: def(-3, 'join.notFound', 400, 'This join request does not exist or was already answered'),
  tooMany: def(-4, 'join.tooMany', 429, 'Too many join requests are waiting: wait for an answer'),
} as const;

/** Partners (`GET /api2/cust/partner`). */
export const PartnerErrors = {
  parameter: def(-1, 'partner.parameter', 400, 'Parameter error'),
} as const;

/** Third-party cooperation (`/api2/cust/cooperation`): between verified organizations, one live row per pair. */
export const CooperationErrors = {
  parameter: def(-1, 'cooperation.parameter', 400, 'Parameter error'),
  notFound: def(-2, 'cooperation.notFound', 400, 'Cooperation not found or does not exist'),
  notVerified: def(
    -3,
    'cooperation.notVerified',
    403,
    'Only a verified organization can apply for or accept a cooperation',
  ),
  partnerNotFound: def(-4, 'cooperation.partnerNotFound', 400, 'Organization not found or does not exist'),
  partnerNotVerified: def(
    -5,
    'cooperation.partnerNotVerified',
    400,
    'This organization is not verified: cooperation is only possible between verified organizations',
  ),
  self: def(-6, 'cooperation.self', 400, 'An organization cannot cooperate with itself'),
  exists: def(
    -7,
    'cooperation.exists',
    409,
    'There is already an application or an open cooperation with this organization',
  ),
  notYours: def(-8, 'cooperation.notYours', 400, 'Only the organization applied to can accept or refuse'),
  notPending: def(-9, 'cooperation.notPending', 409, 'This application has already been decided'),
  closed: def(-10, 'cooperation.closed', 409, 'This cooperation is already closed'),
} as const;

/** Forwarding a received case to a third party (`POST /api/case/forward`). */
export const ForwardErrors = {
  parameter: def(-1, 'forward.parameter', 400, 'Parameter error'),
  notLab: def(-2, 'forward.notLab', 403, 'Only a lab can forward cases to a third party'),
  notReceived: def(
    -3,
    'forward.notReceived',
    400,
    'Only a case your organization received from its sender can be forwarded',
  ),
  encrypted: def(
    -4,
    'forward.encrypted',
    400,
    'Encrypted data cannot be forwarded: only its receiver can open it',
  ),
  cancelled: def(-5, 'forward.cancelled', 400, 'A cancelled case cannot be forwarded'),
  already: def(-6, 'forward.already', 409, 'This case has already been forwarded to a third party'),
  noCooperation: def(
    -7,
    'forward.noCooperation',
    400,
    'There is no open third-party cooperation with this organization',
  ),
  alreadyHolds: def(-8, 'forward.alreadyHolds', 409, 'This organization already has this case'),
} as const;

/** Personal centre, `PUT /api2/user/profile` (calls-and-errors §8.3 "Username"; -4 after the table). */
export const ProfileUsernameErrors = {
  exists: def(-1, 'profileUsername.exists', 400, 'This username is already taken'),
  failed: def(-2, 'profileUsername.failed', 400, 'The profile could not be changed'),
  invalidUser: def(-3, 'profileUsername.invalidUser', 400, 'Invalid login user'),
  invalid: def(
    -4,
    'profileUsername.invalid',
    400,
    'Check the fields: the username has 2 to 16 letters, digits and @ . _ -',
  ),
} as const;

/** `POST /api2/user/avatar` (§8.3 "Avatar"; -4 after the table). */
export const ProfileAvatarErrors = {
  invalid: def(-1, 'profileAvatar.invalid', 400, 'Not a valid image'),
  format: def(-2, 'profileAvatar.format', 400, 'Unsupported format: jpg, png or gif only'),
  failed: def(-3, 'profileAvatar.failed', 400, 'The avatar could not be changed'),
  tooLarge: def(-4, 'profileAvatar.tooLarge', 400, 'The image is larger than 2 MB'),
} as const;

/** `POST /api2/user/email` (§8.3 "E-mail"; -4 after the table). */
export const ProfileEmailErrors = {
  invalid: def(-1, 'profileEmail.invalid', 400, 'Invalid e-mail address'),
  registered: def(-2, 'profileEmail.registered', 400, 'This e-mail address is already registered'),
  invalidUser: def(-3, 'profileEmail.invalidUser', 400, 'Invalid login user'),
  tooMany: def(-4, 'profileEmail.tooMany', 429, 'Too many confirmation mails: try again in an hour'),
} as const;

/** `POST /api2/user/password` (§8.3 "Password"; -4 after the table). */
export const ProfilePasswordErrors = {
  invalidUser: def(-1, 'profilePassword.invalidUser', 400, 'The current password is wrong'),
  differ: def(-2, 'profilePassword.differ', 400, 'The two passwords differ'),
  failed: def(-3, 'profilePassword.failed', 400, 'The password could not be changed'),
  rules: def(-4, 'profilePassword.rules', 400, 'The new password has 6 to 16 letters, digits or _'),
} as const;

/** `POST /api2/user/phone/code`, `PUT /api2/user/phone`, `DELETE /api2/user/phone/remove` (§8.3 "Phone"; -5… after). */
export const ProfilePhoneErrors = {
  invalid: def(-1, 'profilePhone.invalid', 400, 'Invalid phone number'),
  registered: def(-2, 'profilePhone.registered', 400, 'This phone number is already registered'),
  invalidUser: def(-3, 'profilePhone.invalidUser', 400, 'Invalid login user'),
  failed: def(-4, 'profilePhone.failed', 400, 'The phone number could not be changed'),
  wrongCode: def(-5, 'profilePhone.wrongCode', 400, 'Wrong or expired code'),
  tooSoon: def(-6, 'profilePhone.tooSoon', 429, 'Wait for the countdown before asking for another code'),
  tooManyTries: def(-7, 'profilePhone.tooManyTries', 429, 'Too many wrong codes: ask for a new code'),
} as const;

/** `DELETE /api2/user/wx`: unbinding the chat-app login (§8.2 "Third-party account bind or unbind", -1…-9 not shown). */
export const ProfileThirdPartyErrors = {
  notBound: def(-1, 'profileThirdParty.notBound', 400, 'No chat-app login is bound to this account'),
  invalidUser: def(-3, 'profileThirdParty.invalidUser', 400, 'Invalid login user'),
} as const;

/** `POST /api2/user/delete`: deleting one's own account. */
export const ProfileDeleteErrors = {
  wrongPassword: def(-1, 'profileDelete.wrongPassword', 400, 'The password is wrong'),
  lastOwner: def(
    -2,
    'profileDelete.lastOwner',
    400,
    'You are the last administrator of an organization with other members: hand it over first',
  ),
  invalidUser: def(-3, 'profileDelete.invalidUser', 400, 'Invalid login user'),
} as const;

/**
 * Comments on a case (calls-and-errors §8.5: empty message, send failed, unsupported image format; the rest are
 * Archway's). Another organization's case answers `case.notFound`.
 */
export const CommentErrors = {
  parameter: def(-1, 'comment.parameter', 400, 'Parameter error'),
  empty: def(-2, 'comment.empty', 400, 'Cannot send an empty message'),
  sendFailed: def(-3, 'comment.sendFailed', 500, 'Send failed'),
  imageFormat: def(-4, 'comment.imageFormat', 400, 'Unsupported image format'),
  imageTooLarge: def(-5, 'comment.imageTooLarge', 400, 'The image is too large (at most 10 MB)'),
  expired: def(-6, 'comment.expired', 400, 'Cases older than 90 days cannot be commented on'),
} as const;

/** Statistics (`/api/stats/*`): another organization's id answers `cust.notFound`. */
export const StatsErrors = {
  parameter: def(-1, 'stats.parameter', 400, 'Parameter error'),
  timeZone: def(-2, 'stats.timeZone', 400, 'Unknown time zone'),
  period: def(-3, 'stats.period', 400, 'The period must start before it ends and span at most ten years'),
} as const;

export const ErrorTables = {
  generic: GenericErrors,
  signIn: SignInErrors,
  user: UserErrors,
  cust: CustErrors,
  device: DeviceErrors,
  authorise: AuthoriseErrors,
  extend: ExtendErrors,
  recycle: RecycleErrors,
  receiverAdd: ReceiverAddErrors,
  receiverDelete: ReceiverDeleteErrors,
  deviceUserAdd: DeviceUserAddErrors,
  deviceUserDelete: DeviceUserDeleteErrors,
  registry: RegistryErrors,
  case: CaseErrors,
  register: RegisterErrors,
  accountLink: AccountLinkErrors,
  file: FileErrors,
  profileUsername: ProfileUsernameErrors,
  profileAvatar: ProfileAvatarErrors,
  profileEmail: ProfileEmailErrors,
  profilePassword: ProfilePasswordErrors,
  profilePhone: ProfilePhoneErrors,
  profileThirdParty: ProfileThirdPartyErrors,
  profileDelete: ProfileDeleteErrors,
  setting: SettingErrors,
  userSetting: UserSettingErrors,
  privacy: PrivacyErrors,
  report: ReportErrors,
  org: OrgErrors,
  certification: CertificationErrors,
  partner: PartnerErrors,
  cooperation: CooperationErrors,
  forward: ForwardErrors,
  member: MemberErrors,
  invitation: InvitationErrors,
  join: JoinErrors,
  comment: CommentErrors,
  stats: StatsErrors,
  orderForm: OrderFormErrors,
  design: DesignErrors,
  model: ModelErrors,
  compare: CompareErrors,
  shareLink: ShareLinkErrors,
  updates: UpdateErrors,
  clientDownload: ClientDownloadErrors,
  help: HelpErrors,
  audit: AuditLogErrors,
  brand: BrandErrors,
  console: ConsoleErrors,
  custDisabled: CustDisabledErrors,
  signInReset: SignInResetErrors,
  backup: BackupErrors,
} as const;

/** Every catalogue entry, flattened (for locale completeness tests and the OpenAPI text). */
export const allErrors: readonly ErrorDef[] = [
  ...new Map(
    Object.values(ErrorTables)
      .flatMap((t) => Object.values(t) as ErrorDef[])
      .map((e) => [e.key, e]),
  ).values(),
];
