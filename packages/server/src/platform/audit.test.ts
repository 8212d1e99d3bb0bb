import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../db/client';
import { auditLog, mailOutbox, noticeCategories } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { audit } from './audit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const mail = { to: 'student@example.jp', subject: '【まなび】確認', body: '本文\n二行目' };
const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
const outboxTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
/** The write under test: an UPDATE of one notice category, returning its id. */
const categoryUpdate = (tx: Tx, id: number, values: Partial<typeof noticeCategories.$inferInsert>) =>
  tx
    .update(noticeCategories)
    .set(values)
    .where(eq(noticeCategories.id, id))
    .returning({ id: noticeCategories.id });

describe('audit with a write: the write, its audit entry and its mail in one statement', () => {
  it('records the written row with its id, the actor and the detail, and queues the mail', async () => {
    const [category] = await t.db.insert(noticeCategories).values({ name: '講座案内' }).returning();
    const id = await t.db.transaction((tx) =>
      audit(tx, {
        actor: { kind: 'admin', id: 7 },
        action: 'update',
        entity: 'notice_category',
        detail: { name: '講座のご案内', note: '引用符 \' と " も' },
        mail,
        write: categoryUpdate(tx, category!.id, { name: '講座のご案内' }),
      }),
    );
    expect(id).toBe(category!.id);
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      actorKind: 'admin',
      actorId: 7,
      action: 'update',
      entity: 'notice_category',
      entityId: String(category!.id),
      detail: { name: '講座のご案内', note: '引用符 \' と " も' },
    });
    const [queued] = await outboxTo(mail.to);
    expect(queued).toMatchObject({
      subject: mail.subject,
      body: mail.body,
      status: 'pending',
      holdsSecret: false,
    });
    const [row] = await t.db.select().from(noticeCategories).where(eq(noticeCategories.id, category!.id));
    expect(row!.name).toBe('講座のご案内');
  });

  it('a write that touched no row logs and mails nothing, and answers undefined', async () => {
    const before = await lastAudit();
    const to = 'nobody@example.jp';
    const id = await t.db.transaction((tx) =>
      audit(tx, {
        actor: { kind: 'system', id: null },
        action: 'update',
        entity: 'notice_category',
        mail: { ...mail, to },
        write: categoryUpdate(tx, -1, { name: '無し' }),
      }),
    );
    expect(id).toBeUndefined();
    expect((await lastAudit())?.id).toBe(before?.id);
    expect(await outboxTo(to)).toHaveLength(0);
  });

  it('without a mail: the entry alone, its detail null when none is given', async () => {
    const [category] = await t.db.insert(noticeCategories).values({ name: '催し' }).returning();
    const id = await t.db.transaction((tx) =>
      audit(tx, {
        actor: { kind: 'student', id: 12 },
        action: 'update',
        entity: 'notice_category',
        mail: null,
        write: categoryUpdate(tx, category!.id, { sortNumber: 3 }),
      }),
    );
    expect(id).toBe(category!.id);
    expect(await lastAudit()).toMatchObject({ actorKind: 'student', actorId: 12, detail: null });
  });
});

describe('audit without a write', () => {
  it('records the entry about the given id and queues its mail, both with the transaction or neither', async () => {
    const to = 'plain-audit@example.jp';
    await t.db.transaction((tx) =>
      audit(tx, {
        actor: { kind: 'admin', id: 3 },
        action: 'update',
        entity: 'notice_category',
        entityId: 41,
        detail: { name: '案内' },
        mail: { ...mail, to },
      }),
    );
    expect(await lastAudit()).toMatchObject({
      actorKind: 'admin',
      actorId: 3,
      action: 'update',
      entity: 'notice_category',
      entityId: '41',
      detail: { name: '案内' },
    });
    expect(await outboxTo(to)).toHaveLength(1);

    const rolledBack = 'rolled-back-audit@example.jp';
    const before = await lastAudit();
    await expect(
      t.db.transaction(async (tx) => {
        await audit(tx, {
          actor: { kind: 'system', id: null },
          action: 'update',
          entity: 'notice_category',
          mail: { ...mail, to: rolledBack },
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await lastAudit())?.id).toBe(before?.id);
    expect(await outboxTo(rolledBack)).toHaveLength(0);
  });
});
