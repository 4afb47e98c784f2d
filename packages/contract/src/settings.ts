import { z } from 'zod';
import { safeString, uuidParam } from './schemas.ts';

/**
 * The settings drawer (product §2, §3 "Notification settings", "Clinic share info", "Logo content"; calls-and-errors
 * §3, §7.5, §7.7, §8.4). Field names are the spec's, misspellings (`EquipEmailNotie`, `backgroud`) included.
 */

/** `GET /cust/clinic/setting?type=&_t=`: 0 e-mail subscription (the person), 1 custom search, 2 introduction, 3 colour. */
export const SettingTypes = { mail: 0, search: 1, introduction: 2, color: 3 } as const;

export const settingQuery = z.object({
  type: z.coerce.number().int(),
  _t: z.coerce.number().optional(),
});

/** Type 0, per person: e-mails on a received case and on device changes (on by default). */
export const mailSetting = z.object({ CaseEmailNotice: z.boolean(), EquipEmailNotie: z.boolean() });
/** Type 1, the organization's custom search: others may find it by e-mail, phone, name. */
export const custSearchSetting = z.object({
  CustEmailNotice: z.boolean(),
  CustPhoneNotice: z.boolean(),
  CustNameNotice: z.boolean(),
});
/** Type 2: the clinic's share introduction. */
export const introductionSetting = z.object({ introduction: safeString(2000) });
/** A CSS colour: `#rgb`, `#rrggbb` or `#rrggbbaa`. */
export const colorValue = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/);
/** Type 3: the report and share colour. */
export const colorSetting = z.object({ fontColor: colorValue.nullable() });

/** The body of `POST /cust/clinic/setting`: `type` and that type's fields (checked by the server per type). */
export const settingBody = z.looseObject({ type: z.number().int() });
export type SettingBody =
  | ({ type: 0 } & z.input<typeof mailSetting>)
  | ({ type: 1 } & z.input<typeof custSearchSetting>)
  | ({ type: 2 } & z.input<typeof introductionSetting>)
  | ({ type: 3 } & z.input<typeof colorSetting>);

export const settingAnswer = z.union([mailSetting, custSearchSetting, introductionSetting, colorSetting]);
export type MailSetting = z.infer<typeof mailSetting>;
export type CustSearchSetting = z.infer<typeof custSearchSetting>;
export type IntroductionSetting = z.infer<typeof introductionSetting>;
export type ColorSetting = z.infer<typeof colorSetting>;

/** `GET /user/find/setting`, `POST /user/check/setting`: who may find this person by e-mail, phone, name. */
export const userSearchSetting = z.object({
  emailNotice: z.boolean(),
  phoneNotice: z.boolean(),
  nameNotice: z.boolean(),
});
export type UserSearchSetting = z.infer<typeof userSearchSetting>;

/** The `res` of a settings write (calls-and-errors §8.4): 0 on success; refusals carry it as the errorCode. */
export const settingResult = z.object({ res: z.literal(0) });

/** Privacy (`/api2/cust/privacy`): one hide bit, 2 e-mail, 4 phone, 8 address (address, city, street). */
export const privacyBitQuery = z.object({
  privacy: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(2), z.literal(4), z.literal(8)])),
});
export const privacyQuery = z.object({ custId: uuidParam.optional() });
export const privacyAnswer = z.object({ custId: z.string(), privacy: z.number().int() });
export type PrivacyAnswer = z.infer<typeof privacyAnswer>;

/** Report customization: 0 the report logo (48 × 48 recommended), 1 the large background. */
export const logoTypeQuery = z.object({
  type: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(1)])),
});
export const custIdQuery = z.object({ custId: uuidParam.optional() });
/** `GET /user/find/logo`: `content` is a JSON string `{"logo": url|null, "backgroud": url|null}` (spelled so). */
export const logoAnswer = z.object({ content: z.string() });
export interface LogoContent {
  logo: string | null;
  backgroud: string | null;
}
/** What `POST /user/add/logo` answers: the stored file. */
export const logoUploadAnswer = z.object({ type: z.number().int(), id: z.string(), url: z.string() });

/** `DELETE /cust/clinic/delete/img?name=`: the picture's name is its attachment id. */
export const shareImageQuery = z.object({ name: uuidParam });
/** `POST /cust/clinic/share/img`: `res` is the picture's name (its attachment id); `url` where it is read. */
export const shareImageAnswer = z.object({ res: z.string(), url: z.string() });

/** `GET /cust/clinic/shareInfo?custId=` (calls-and-errors §3): each value under its own name, twice (spelled so). */
export const shareInfoAnswer = z.object({
  custInfo: z.object({ custInfo: z.string().nullable() }),
  /** Comma-separated picture names (attachment ids, read at `GET /attachment/{id}`); empty when none. */
  sharePicture: z.object({ sharePicture: z.string() }),
  shareColor: z.object({ shareColor: z.string().nullable() }),
  /** The video's attachment id, or null; streamed by `GET /cust/clinic/video?custId=`. */
  shareVideo: z.object({ shareVideo: z.string().nullable() }),
});
export type ShareInfo = z.infer<typeof shareInfoAnswer>;
export const videoAnswer = z.object({ id: z.string(), size: z.number().int(), url: z.string() });

/** At most this many share pictures per organization (the spec gives no figure). */
export const MAX_SHARE_PICTURES = 9;
/** Images and video: 20 MB (product §9). */
export const REPORT_FILE_MAX_BYTES = 20 * 1024 * 1024;
