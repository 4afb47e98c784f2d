import { describe, expect, it } from 'vitest';
import { CustStatus } from '@archway/contract';
import { orgRights } from './orgs.access.ts';

/** The organization detail's rights (orgs.access `orgRights`), listed by the presenter as `actions`. */
describe('organization rights: what each role may do with its organization', () => {
  it('its administrator edits and deletes it, and resubmits only after a failed audit; a member only reads', () => {
    expect(orgRights('owner', CustStatus.authorized)).toEqual({ edit: true, delete: true, resubmit: false });
    expect(orgRights('owner', CustStatus.auditFailed)).toEqual({ edit: true, delete: true, resubmit: true });
    expect(orgRights('member', CustStatus.auditFailed)).toEqual({
      edit: false,
      delete: false,
      resubmit: false,
    });
    expect(orgRights(undefined, CustStatus.authorized)).toEqual({
      edit: false,
      delete: false,
      resubmit: false,
    });
  });
});
