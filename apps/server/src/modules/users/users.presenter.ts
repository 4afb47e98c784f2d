import { isLanguage, type CurrentUser } from '@archway/contract';
import type { CustomerRow } from '../orgs/orgs.service.ts';
import type { UserRow } from './users.repository.ts';

/** `GET /user/current` and `GET /api2/user`: the user and the organization it acts for. */
export const presentCurrentUser = (user: UserRow, cust: CustomerRow | undefined): CurrentUser => ({
  userId: user.id,
  username: user.username,
  name: user.name,
  access: user.isAdmin ? ['admin'] : [],
  custType: cust?.custType ?? null,
  custId: cust?.id ?? null,
  custName: cust?.name ?? null,
  custStatus: cust?.status ?? null,
  wxId: user.wxId,
  avatar: user.avatar,
  email: user.email,
  phone: user.phone,
  country: user.country,
  region: user.region,
  city: user.city,
  street: user.street,
  phoneConfirmed: user.phoneConfirmed,
  emailConfirmed: user.emailConfirmed,
  property: user.property,
  isAdmin: user.isAdmin,
  language: isLanguage(user.language) ? user.language : null,
  timeZone: user.timeZone,
});

/** The optional screens of `/user/control/page` (the spec's `content.thirdPageControl`). */
export const presentPageControl = (screens: { order: boolean; compare: boolean; builder: boolean }) => ({
  code: 0 as const,
  content: { thirdPageControl: screens },
});
