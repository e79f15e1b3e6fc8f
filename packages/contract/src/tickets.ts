/**
 * Support tickets (docs/requirements.md#tickets): the ticket as the API shows it (TMF621-shaped),
 * the list, create, update, details and attachment calls. Payloads the spec leaves open are
 * documented in docs/api.md "Tickets".
 */
import {
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_TYPES,
  TICKET_PAGE_SIZE,
  TICKET_PRIORITIES,
  TICKET_SEVERITIES,
  TICKET_STATUSES,
  TICKET_TYPES,
} from '@towerwatch/domain';
import { z } from 'zod';
import { bodyIntId, queryInt, safeText } from './input.ts';
import { isoTime, pageParam, queryList, siteUid, userUidParam } from './site-common.ts';

export const ticketStatus = z.enum(TICKET_STATUSES);
export const ticketType = z.enum(TICKET_TYPES);
export const ticketSeverity = z.enum(TICKET_SEVERITIES);
export const ticketPriority = z.enum(TICKET_PRIORITIES);

/** SLA targets the ticket runs against (its company's setting for its severity), in minutes. */
export const ticketSla = z.object({
  acknowledgeMinutes: z.number().int(),
  resolveMinutes: z.number().int(),
});

/** An alarm linked to a ticket (site, alarm id, tenant), with its state now. */
export const ticketAlarmLink = z.object({
  siteUid: z.string(),
  alarmId: z.string(),
  /** '' = the alarm has no tenant. */
  tenant: z.string(),
  /** The event the ticket was made from, if any. */
  eventId: z.number().int().nullable(),
  linkedAt: isoTime,
  /** The alarm is normal now (cleared), or no longer exists. */
  cleared: z.boolean(),
  raisedAt: isoTime.nullable(),
  clearedAt: isoTime.nullable(),
});
export type TicketAlarmLink = z.infer<typeof ticketAlarmLink>;

/** One ticket as the list shows it. */
export const ticket = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  type: ticketType,
  severity: ticketSeverity,
  priority: ticketPriority,
  status: ticketStatus,
  siteUid: z.string(),
  siteName: z.string(),
  /** Tenant of the ticket (of its alarm), '' when none. */
  tenant: z.string(),
  assigneeUid: z.string().nullable(),
  assigneeName: z.string().nullable(),
  createdBy: z.string(),
  createdByName: z.string(),
  /** TMF621 requestedDate: when the ticket was opened. */
  requestedAt: isoTime,
  /** First move to in progress (the acknowledge SLA stops). */
  acknowledgedAt: isoTime.nullable(),
  /** TMF621 resolutionDate. */
  resolvedAt: isoTime.nullable(),
  updatedAt: isoTime,
  /** Milliseconds spent pending or held before the current pause. */
  pausedMs: z.number().int(),
  /** Start of the current pause (pending/held). */
  pausedSince: isoTime.nullable(),
  /** `pausedMs` when it was acknowledged (the met acknowledge clock keeps it). */
  acknowledgePausedMs: z.number().int().nullable(),
  sla: ticketSla,
  /** Linked alarms (site, alarm id, tenant) and whether each has cleared. */
  alarms: z.array(ticketAlarmLink),
  /** Every linked alarm has cleared while the ticket is open: offer "resolve?" (never automatic). */
  alarmsCleared: z.boolean(),
});
export type Ticket = z.infer<typeof ticket>;

/** GET /ticket/api/ticket-list: newest first; filters are ANDed. */
export const ticketListQuery = z.object({
  /** One or more statuses (comma-separated). */
  status: queryList(ticketStatus).optional(),
  site_uid: siteUid.optional(),
  /** A user uid, `me` (the caller) or `none` (unassigned). */
  assignee: userUidParam.optional(),
  /** Matches the title, the description, the site's name or uid, or `#id`. */
  search: safeText().trim().max(100).optional(),
  page: pageParam,
  limit: queryInt(1, 200).default(TICKET_PAGE_SIZE),
});
export type TicketListQuery = z.infer<typeof ticketListQuery>;

/** Reply of the list: `total` matching tickets and one page; a full page means more may exist. */
export const ticketListReply = z.object({
  total: z.number().int(),
  items: z.array(ticket),
  /** Breached SLA clocks over the matching open tickets. */
  breaches: z.number().int(),
});
export type TicketListReply = z.infer<typeof ticketListReply>;

const title = safeText().trim().min(1).max(200);
const text = safeText().trim().max(5000);
const reason = safeText().trim().min(1).max(1000);

/**
 * POST /ticket/api/ticket-create. `eventId` fills site, alarm and tenant from an event; `alarm` names
 * an alarm of the site. An alarm that already has an open ticket links to it (no second ticket).
 */
export const ticketCreateBody = z.object({
  siteUid,
  title,
  description: text.default(''),
  type: ticketType,
  severity: ticketSeverity,
  priority: ticketPriority.default('medium'),
  assigneeUid: userUidParam.nullable().optional(),
  alarm: z
    .object({ alarmId: safeText().trim().min(1).max(64), tenant: safeText().trim().max(32).default('') })
    .optional(),
  eventId: bodyIntId.optional(),
});
export type TicketCreateBody = z.infer<typeof ticketCreateBody>;

/** The created ticket, or the open ticket its alarm already had (`outcome: linked`). */
export const ticketCreateItem = ticket.extend({ outcome: z.enum(['created', 'linked']) });
/** Reply of create: a list whose first item is the ticket (docs/requirements.md#ticket-calls). */
export const ticketCreateReply = z.array(ticketCreateItem).min(1);
export type TicketCreateReply = z.infer<typeof ticketCreateReply>;

/**
 * POST /ticket/api/ticket-update: any of a status change (with a reason where the domain asks for
 * one), a new assignee, a note (appended), or corrected title/description/severity/priority.
 */
export const ticketUpdateBody = z.object({
  id: bodyIntId,
  status: ticketStatus.optional(),
  reason: reason.optional(),
  assigneeUid: userUidParam.nullable().optional(),
  note: safeText().trim().min(1).max(5000).optional(),
  title: title.optional(),
  description: text.optional(),
  severity: ticketSeverity.optional(),
  priority: ticketPriority.optional(),
});
export type TicketUpdateBody = z.infer<typeof ticketUpdateBody>;
export const ticketUpdateReply = z.object({ ticket });
export type TicketUpdateReply = z.infer<typeof ticketUpdateReply>;

/** One status change (TMF621 statusChange). */
export const ticketStatusChange = z.object({
  from: ticketStatus.nullable(),
  to: ticketStatus,
  reason: z.string().nullable(),
  byUid: z.string(),
  byName: z.string(),
  at: isoTime,
});
export const ticketNote = z.object({
  id: z.number().int(),
  body: z.string(),
  authorUid: z.string(),
  authorName: z.string(),
  at: isoTime,
});
export const ticketAttachmentInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedByName: z.string(),
  at: isoTime,
});
export type TicketAttachmentInfo = z.infer<typeof ticketAttachmentInfo>;

/** An event of a linked alarm on the ticket's site during the ticket's time. */
export const ticketTimelineEvent = z.object({
  id: z.number().int(),
  name: z.string(),
  tenant: z.string(),
  time: isoTime,
  active: z.boolean(),
});
/** A door record (card swipe or door event) at the ticket's site during the ticket's time. */
export const ticketDoorRecord = z.object({
  kind: z.enum(['card', 'door']),
  time: isoTime,
  /** Card number, or the door event's name. */
  label: z.string(),
  granted: z.boolean().nullable(),
});

/** GET /ticket/api/ticket-details?id= */
export const ticketDetailsQuery = z.object({ id: queryInt(1, 2147483647) });
export const ticketDetailsReply = z.object({
  ticket,
  history: z.array(ticketStatusChange),
  notes: z.array(ticketNote),
  attachments: z.array(ticketAttachmentInfo),
  /** Events of the linked alarms (the alarm timeline), oldest first, at most 200. */
  timeline: z.array(ticketTimelineEvent),
  /** Door records during the ticket (requested → resolved or now), oldest first, at most 200. */
  doorRecords: z.array(ticketDoorRecord),
  /** Users of the ticket's company it may be assigned to. */
  assignees: z.array(z.object({ uid: z.string(), name: z.string() })),
});
export type TicketDetailsReply = z.infer<typeof ticketDetailsReply>;

/** POST /ticket/api/ticket-attachment: an image as base64, at most the domain's cap once decoded. */
export const ticketAttachmentBody = z.object({
  ticketId: bodyIntId,
  name: safeText().trim().min(1).max(200),
  contentType: z.enum(TICKET_ATTACHMENT_TYPES),
  /** Base64 of the image bytes. */
  data: z
    .string()
    .max(Math.ceil((TICKET_ATTACHMENT_MAX_BYTES * 4) / 3) + 4, 'image larger than the attachment cap')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64'),
});
export type TicketAttachmentBody = z.infer<typeof ticketAttachmentBody>;
export const ticketAttachmentReply = z.object({ attachment: ticketAttachmentInfo });

/** GET /ticket/api/ticket-attachment?id=: one attachment's bytes as base64. */
export const ticketAttachmentQuery = z.object({ id: queryInt(1, 2147483647) });
export const ticketAttachmentDataReply = ticketAttachmentInfo.extend({ data: z.string() });

/** SLA targets of one severity, in minutes (1 minute to 90 days). */
const slaTarget = z.object({
  acknowledgeMinutes: z.number().int().min(1).max(129_600),
  resolveMinutes: z.number().int().min(1).max(129_600),
});

/** GET /ticket/api/sla-settings: the company's targets per severity (operators name the company). */
export const slaSettingsQuery = z.object({ company: safeText().trim().min(1).max(32).optional() });
export const slaSettingsReply = z.object({
  companyId: z.string(),
  targets: z.object({ critical: slaTarget, major: slaTarget, minor: slaTarget }),
  /** True when the company has not set its own (the domain's defaults apply). */
  isDefault: z.boolean(),
});
export type SlaSettingsReply = z.infer<typeof slaSettingsReply>;
/** POST /ticket/api/sla-settings: new targets for every severity (they apply to tickets opened after). */
export const slaSettingsBody = z.object({
  company: safeText().trim().min(1).max(32).optional(),
  targets: z.object({ critical: slaTarget, major: slaTarget, minor: slaTarget }),
});
export type SlaSettingsBody = z.infer<typeof slaSettingsBody>;
