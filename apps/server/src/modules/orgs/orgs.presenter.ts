import type { Customer } from '@archway/contract';
import type { CustomerRow } from './orgs.repository.ts';

/** A customers row as `GET /api2/cust` answers it. */
export const presentCustomer = (c: CustomerRow): Customer => ({
  id: c.id,
  name: c.name,
  custType: c.custType,
  contact: c.contact,
  phone: c.phone,
  email: c.email,
  address: c.address,
  creditCode: c.creditCode,
  status: c.status,
  registTime: c.registTime.toISOString(),
  memo: c.memo,
  country: c.country,
  region: c.region,
  city: c.city,
  street: c.street,
  privacy: c.privacy,
  property: c.property,
});
