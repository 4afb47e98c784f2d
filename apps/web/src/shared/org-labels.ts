import { CustStatus, CustType } from '@archway/contract';

/** Translation key of an organization type (custType 2 clinic, 3 lab, 4 distributor). */
export function orgTypeKey(custType: number | null | undefined): string {
  switch (custType) {
    case CustType.clinic:
      return 'org.type.clinic';
    case CustType.lab:
      return 'org.type.lab';
    case CustType.distributor:
      return 'org.type.distributor';
    default:
      return 'org.type.none';
  }
}

/** Translation key of an organization status: 0 authorized, anything else registered. */
export function orgStatusKey(status: number | null | undefined): string {
  return status === CustStatus.authorized ? 'org.status.authorized' : 'org.status.registered';
}
