import { z } from 'zod';
import { Password, Regions, ServiceNames } from './constants.ts';

export const passwordSchema = z
  .string()
  .min(Password.min)
  .max(Password.max)
  .regex(Password.pattern, 'letters, digits and underscore only');

/** The `property` object of a user: `{}` means a new user. */
export const userProperty = z.record(z.string(), z.unknown());

export const currentUser = z.object({
  userId: z.string(),
  username: z.string(),
  access: z.array(z.string()),
  custType: z.number().int().nullable(),
  custId: z.string().nullable(),
  custName: z.string().nullable(),
  custStatus: z.number().int().nullable(),
  wxId: z.string().nullable(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  street: z.string().nullable(),
  phoneConfirmed: z.string(),
  emailConfirmed: z.string(),
  property: userProperty,
  isAdmin: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const customer = z.object({
  id: z.string(),
  name: z.string(),
  custType: z.number().int(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  creditCode: z.string().nullable(),
  status: z.number().int(),
  registTime: z.string(),
  memo: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  street: z.string().nullable(),
  privacy: z.number().int(),
  property: userProperty,
});
export type Customer = z.infer<typeof customer>;

export const updateUserBody = z.strictObject({ property: userProperty });
export const updateCustPropertyBody = z.strictObject({ property: userProperty });

export const pageControl = z.object({ code: z.literal(0), content: z.record(z.string(), z.boolean()) });

export const servicesMap = z.record(z.enum(ServiceNames), z.string());

export const identitySettings = z.object({
  authority: z.string(),
  client_id: z.string(),
  redirect_uri: z.string(),
  silent_redirect_uri: z.string(),
  post_logout_redirect_uri: z.string(),
  response_type: z.literal('code'),
  scope: z.string(),
  region: z.enum(Regions),
  demo: z.boolean(),
});
export type IdentitySettings = z.infer<typeof identitySettings>;

export const tokenBody = z.strictObject({
  username: z.string().trim().min(1),
  password: z.string().min(1),
  remember: z.boolean().optional(),
  module: z.string().optional(),
  custId: z.string().optional(),
});
export const tokenResponse = z.object({ AccessToken: z.string(), ExpiresIn: z.number().int() });

export const loginBody = z.strictObject({ username: z.string().trim().min(1), password: z.string().min(1) });

export const setLanguageQuery = z.object({ culture: z.enum(['zh', 'en']), returnUrl: z.string().optional() });
