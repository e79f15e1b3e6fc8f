/**
 * A ticket's details (docs/requirements.md#ticket-details): history, notes, attachments, the alarm
 * timeline of its linked alarms and the door records of its site during its time (evidence), and
 * image attachments up to the domain's cap (docs/requirements.md#ticket-attachments).
 */
import type { TicketDetailsReply } from '@towerwatch/contract';
import {
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENTS_PER_TICKET,
  type TicketStatus,
} from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { assertNotReadOnly } from '../../kernel/http/guards.ts';
import type { AttachmentRow, TicketDetailsRepository } from './ticket-details.repository.ts';
import type { TicketsService } from './tickets.service.ts';

export interface TicketDetailsDeps {
  details: TicketDetailsRepository;
  tickets: TicketsService;
  clock: Clock;
}

/** The first bytes of each accepted image type. */
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

const info = (a: AttachmentRow) => ({
  id: Number(a.id),
  name: a.name,
  contentType: a.content_type,
  size: a.size,
  uploadedByName: a.uploaded_by_name,
  at: a.at.toISOString(),
});

export function createTicketDetailsService(deps: TicketDetailsDeps) {
  return {
    async details(caller: Caller, id: number): Promise<TicketDetailsReply> {
      const { ticket, companyId } = await deps.tickets.find(caller, id);
      const from = new Date(ticket.requestedAt);
      const to = ticket.resolvedAt ? new Date(ticket.resolvedAt) : deps.clock.now();
      const [history, notes, attachments, timeline, doors, assignees] = await Promise.all([
        deps.details.history(id),
        deps.details.notes(id),
        deps.details.attachments(id),
        deps.details.timeline(id, ticket.siteUid, from, to),
        deps.details.doorRecords(ticket.siteUid, from, to),
        deps.tickets.assignees(companyId),
      ]);
      return {
        ticket,
        history: history.map((h) => ({
          from: h.from_status as TicketStatus | null,
          to: h.to_status as TicketStatus,
          reason: h.reason,
          byUid: h.by_uid,
          byName: h.by_name,
          at: h.at.toISOString(),
        })),
        notes: notes.map((n) => ({
          id: Number(n.id),
          body: n.body,
          authorUid: n.author_uid,
          authorName: n.author_name,
          at: n.at.toISOString(),
        })),
        attachments: attachments.map(info),
        timeline: timeline.map((e) => ({
          id: Number(e.id),
          name: e.name,
          tenant: e.tenant,
          time: e.time.toISOString(),
          active: e.active,
        })),
        doorRecords: doors.map((d) => ({ ...d, time: d.time.toISOString() })),
        assignees,
      };
    },

    async attach(
      caller: Caller,
      body: { ticketId: number; name: string; contentType: string; data: string },
    ) {
      assertNotReadOnly(caller, 'attach files to tickets');
      await deps.tickets.find(caller, body.ticketId);
      const bytes = Buffer.from(body.data, 'base64');
      if (bytes.length === 0) throw new ValidationError('body.data', 'The image is empty');
      if (bytes.length > TICKET_ATTACHMENT_MAX_BYTES) {
        throw new ValidationError(
          'body.data',
          `The image is larger than ${TICKET_ATTACHMENT_MAX_BYTES / 1024} KB`,
        );
      }
      if (!SIGNATURES[body.contentType]?.(bytes)) {
        throw new ValidationError('body.data', `The file is not a ${body.contentType} image`);
      }
      if ((await deps.details.attachmentCount(body.ticketId)) >= TICKET_ATTACHMENTS_PER_TICKET) {
        throw new ConflictError(`A ticket holds at most ${TICKET_ATTACHMENTS_PER_TICKET} attachments`);
      }
      const row = await deps.details.addAttachment(body.ticketId, {
        name: body.name,
        contentType: body.contentType,
        data: bytes,
        by: caller.uid,
        at: deps.clock.now(),
      });
      await deps.tickets.touched(caller, body.ticketId);
      return { attachment: info(row) };
    },

    async attachment(caller: Caller, attachmentId: number) {
      const row = await deps.details.attachment(attachmentId);
      if (!row) throw new NotFoundError('Attachment not found');
      try {
        await deps.tickets.find(caller, Number(row.ticket_id));
      } catch {
        throw new NotFoundError('Attachment not found');
      }
      return { ...info(row), data: row.data.toString('base64') };
    },
  };
}

export type TicketDetailsService = ReturnType<typeof createTicketDetailsService>;
