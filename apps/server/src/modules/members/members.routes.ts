import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  acceptedInvitation,
  acceptInvitationBody,
  changeRoleBody,
  envelope,
  invitationInfo,
  invitationRow,
  invitationTokenQuery,
  InvitationErrors,
  inviteQuery,
  joinConfirmQuery,
  JoinErrors,
  joinQuery,
  joinRequestRow,
  manageableCustomer,
  memberRole,
  MemberErrors,
  memberRow,
  myOrganization,
  uuidParam,
} from '@archway/contract';
import { requestContext, requireActor } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import * as members from './members.service.ts';

const tags = ['members'];
const security = [{ bearer: [] }];
const ROLES =
  'Roles: `owner` (the organization administrator: invites, confirms join requests, removes members, changes roles; at least one per organization) and `member`.';
const NOT_OWNER = 'A caller who is not an owner of the organization is refused with code 100 (HTTP 403).';

/**
 * Members of an organization: invitations by e-mail, join requests, the member list, removal and roles, the caller's
 * organizations and the manageable (child) organizations.
 */
export const membersRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = platform;
    const deps = { db, mail: platform.mail, publicUrl: platform.config.publicUrl };
    const scope = (req: FastifyRequest) => ({
      db,
      ctx: requestContext(req),
      actor: requireActor(req),
      realtime: platform.realtime,
    });

    app.get(
      '/api2/cust/user/invitation',
      {
        config: { access: 'member', validationError: MemberErrors.parameter },
        schema: {
          tags,
          security,
          summary:
            'Invite an e-mail address to the organization (owners); the link is mailed, never answered',
          description: `Query \`email\`, \`role\` (member by default). The mail links to /v5/invitation?token=…, works once for 7 days, is written in the invitee's language when the address has an account (else the inviter's), and replaces the address's earlier pending invitations. Refused: \`member.parameter\` (-1), \`member.alreadyMember\` (-2, the address is a member), \`invitation.tooMany\` (-7, more than 30 an hour per organization). ${NOT_OWNER} ${ROLES}`,
          querystring: inviteQuery,
          response: { 200: envelope(invitationRow) },
        },
      },
      async (req) => ok(await members.invite(deps, scope(req), req.query.email, req.query.role)),
    );

    app.get(
      '/api2/cust/user/invitation/list',
      {
        config: { access: 'member' },
        schema: {
          tags,
          security,
          summary: "The organization's latest 100 invitations with their state (pending, accepted, expired)",
          description: NOT_OWNER,
          response: { 200: envelope(z.array(invitationRow)) },
        },
      },
      async (req) => ok(await members.listInvitations(scope(req))),
    );

    app.delete(
      '/api2/cust/user/invitation/:id',
      {
        config: { access: 'member', validationError: InvitationErrors.invalid },
        schema: {
          tags,
          security,
          summary: 'Withdraw a pending invitation: its link stops working',
          description: `Refused: \`invitation.invalid\` (-5) when the organization has no pending invitation by that id. ${NOT_OWNER}`,
          params: z.object({ id: uuidParam }),
          response: { 200: envelope(z.object({ id: z.string() })) },
        },
      },
      async (req) => ok(await members.withdrawInvitation(scope(req), req.params.id)),
    );

    app.get(
      '/api2/cust/user/invitation/info',
      {
        config: { access: 'public', validationError: InvitationErrors.invalid },
        schema: {
          tags,
          summary: 'What an invitation link offers (organization, invited address, role), before signing in',
          description: 'Refused: `invitation.invalid` (-5) for an unknown, used or expired token.',
          querystring: invitationTokenQuery,
          response: { 200: envelope(invitationInfo) },
        },
      },
      async (req) => ok(await members.invitationInfo(db, req.query.token)),
    );

    app.post(
      '/api2/cust/user/invitation/accept',
      {
        config: { access: 'signedIn', validationError: InvitationErrors.invalid },
        schema: {
          tags,
          security,
          summary:
            'Accept an invitation: the caller becomes a member with the invited role; the link is used up',
          description:
            'Body `{token}`. Only the account whose e-mail address is the invited one may accept (any letter case). Refused: `invitation.invalid` (-5, unknown, used or expired), `invitation.wrongAccount` (-6), `member.alreadyMember` (-2; the link stays usable).',
          body: acceptInvitationBody,
          response: { 200: envelope(acceptedInvitation) },
        },
      },
      async (req) => ok(await members.acceptInvitation(scope(req), req.body.token)),
    );

    app.get(
      '/api2/user/customer/join',
      {
        config: { access: 'signedIn', validationError: JoinErrors.parameter },
        schema: {
          tags,
          security,
          summary: 'Ask to join an organization (query custId, message?); an owner accepts or refuses',
          description:
            'Refused: `cust.notFound` (-1, unknown or certification failed), `member.alreadyMember` (-2), `join.pending` (-2, one pending request per person and organization), `join.tooMany` (-4, 10 pending requests at once), `join.parameter` (-1).',
          querystring: joinQuery,
          response: {
            200: envelope(
              z.object({
                id: z.string(),
                custId: z.string(),
                custName: z.string(),
                state: z.number().int(),
                createTime: z.string(),
              }),
            ),
          },
        },
      },
      async (req) => ok(await members.requestJoin(scope(req), req.query.custId, req.query.message)),
    );

    app.get(
      '/api2/cust/user/join/list',
      {
        config: { access: 'member' },
        schema: {
          tags,
          security,
          summary: "The organization's pending join requests, oldest first (at most 200)",
          description: `The requester's e-mail and phone are shown only as their custom search settings allow. ${NOT_OWNER}`,
          response: { 200: envelope(z.array(joinRequestRow)) },
        },
      },
      async (req) => ok(await members.listJoinRequests(scope(req))),
    );

    app.get(
      '/api2/cust/user/join/confirm',
      {
        config: { access: 'member', validationError: JoinErrors.parameter },
        schema: {
          tags,
          security,
          summary:
            'Accept (a membership, role member) or refuse a pending join request: query id, accept=true|false',
          description: `Refused: \`join.notFound\` (-3) for another organization's request, one already answered, or an unknown id. ${NOT_OWNER}`,
          querystring: joinConfirmQuery,
          response: {
            200: envelope(z.object({ id: z.string(), state: z.number().int(), userId: z.string() })),
          },
        },
      },
      async (req) => ok(await members.confirmJoin(scope(req), req.query.id, req.query.accept)),
    );

    app.get(
      '/api2/cust/user/list',
      {
        config: { access: 'member' },
        schema: {
          tags,
          security,
          summary:
            "Members of the caller's organization: role, e-mail, phone, joined date, and the caller's actions",
          description: `Every member sees the list. E-mail and phone are shown to the person, to owners, and otherwise only where the person's custom search setting (emailNotice, phoneNotice) is on. ${ROLES}`,
          response: { 200: envelope(z.array(memberRow)) },
        },
      },
      async (req) => ok(await members.listMembers(scope(req))),
    );

    app.put(
      '/api2/cust/user/role',
      {
        config: { access: 'member', validationError: MemberErrors.parameter },
        schema: {
          tags,
          security,
          summary: "Change a member's role (owners): body {userId, role}",
          description: `Refused: \`member.notFound\` (-3, not a member of the organization), \`member.lastOwner\` (-4, the last owner stepping down), \`member.parameter\` (-1). ${NOT_OWNER} ${ROLES}`,
          body: changeRoleBody,
          response: { 200: envelope(z.object({ userId: z.string(), role: memberRole })) },
        },
      },
      async (req) => ok(await members.changeRole(scope(req), req.body.userId, req.body.role)),
    );

    app.delete(
      '/api2/cust/user/:id',
      {
        config: { access: 'member', validationError: MemberErrors.notFound },
        schema: {
          tags,
          security,
          summary: 'Remove a member by user id (owners), or leave the organization (your own id)',
          description: `The removed person's tokens stop acting for the organization at once. Refused: \`member.notFound\` (-3, not a member, another organization's included), \`member.lastOwner\` (-4). Removing someone else: ${NOT_OWNER}`,
          params: z.object({ id: uuidParam }),
          response: { 200: envelope(z.object({ userId: z.string() })) },
        },
      },
      async (req) => ok(await members.removeMember(scope(req), req.params.id)),
    );

    app.get(
      '/api2/cust/manageable',
      {
        config: { access: 'member' },
        schema: {
          tags,
          security,
          summary:
            "The caller's organization (first, isSelf) and its child organizations (customers.parent_id)",
          response: { 200: envelope(z.array(manageableCustomer)) },
        },
      },
      async (req) => ok(await members.manageable(db, requireActor(req))),
    );

    app.get(
      '/api2/user/customer/list',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          security,
          summary:
            "The caller's organizations (state member, with role; current marks the one the token acts for) and pending join requests (state pending)",
          response: { 200: envelope(z.array(myOrganization)) },
        },
      },
      async (req) => ok(await members.myOrganizations(db, requireActor(req))),
    );
  };
