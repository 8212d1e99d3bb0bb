import { api } from '@manabi/shared/routes';
import { disclosureResponseSchema } from '@manabi/shared/schemas/student-disclosure';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentDisposition } from '../../platform/csv-download';
import { route } from '../../platform/route';
import { discloseStudent, disclosureFileName } from './students-disclosure.service';

/**
 * Disclosure (保有個人情報の開示, decision 076), beyond SPEC §7: authority 1 only, as every student route (the
 * contract's guard). `download=1` answers the same document as a pretty-printed UTF-8 file to hand over.
 * Nothing of it is cached anywhere: it is one person's whole record.
 */
export async function studentDisclosureRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  route(app, api.adminStudents.disclosure, async (req, reply) => {
    const now = new Date();
    const download = req.query.download === '1';
    const document = await discloseStudent(db, req.actor, req.query.user_id, download, now);
    reply.header('cache-control', 'no-store');
    if (!download) return document;
    // the file is the answer's schema too, parsed as the serialiser would, then indented for a person to read
    const text = `${JSON.stringify(disclosureResponseSchema.parse(document), null, 2)}\n`;
    return sendFile(reply, disclosureFileName(document, now), text);
  });
}

/** A text already serialised, as a file: Fastify sends a Buffer as it is, past the response serialiser. */
const sendFile = (reply: FastifyReply, fileName: string, text: string): FastifyReply =>
  reply
    .header('content-disposition', contentDisposition(fileName))
    .type('application/json; charset=utf-8')
    .send(Buffer.from(text, 'utf8'));
