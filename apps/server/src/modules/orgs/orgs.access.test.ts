import { describe, expect, it } from 'vitest';
import { orgRights } from './orgs.access.ts';

/** The organization detail's rights (orgs.access `orgRights`), listed by the presenter as `actions`. */
describe('organization rights: what each role may do with its organization', () => {
  it('its administrator edits, deletes and resubmits it whatever its status; a member only reads', () => {
    expect(orgRights('owner')).toEqual({ edit: true, delete: true, resubmit: true });
    expect(orgRights('member')).toEqual({ edit: false, delete: false, resubmit: false });
    expect(orgRights(undefined)).toEqual({ edit: false, delete: false, resubmit: false });
  });
});
