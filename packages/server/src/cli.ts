import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { asciiMax, asciiPassword, codeOf, mailAddress, maxLen, required } from '@manabi/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { adminUsers } from './db/schema';
import { seedDemoIfEmpty } from './db/seed/demo';
import { syncCodeMaster } from './modules/common/common.service';
import { audit } from './platform/audit';
import { hashPassword } from './platform/crypto';
import { migrationsDir } from './platform/paths';

z.config(z.locales.ja());

const adminUserCliSchema = z.object({
  login_id: asciiMax(10, { required: true }),
  name: required().pipe(maxLen(30)),
  mail: mailAddress({ required: true }),
  password: asciiPassword(),
  authority: codeOf('CD001', { required: true }),
  university_id: asciiMax(30),
});

const USAGE = `Usage:
  npm run seed:demo
  npm run admin:create -- --login-id ID --name NAME --email MAIL [--authority 1|2 --university U01]
      (the password is asked for, or read from ADMIN_PASSWORD)`;

async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate(migrationsDir(config.migrationsDir));
    await syncCodeMaster(database.db);
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question('Password (8–12 printable ASCII): ')).trim();
  } finally {
    rl.close();
  }
}

async function adminCreate(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      'login-id': { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      authority: { type: 'string', default: '1' },
      university: { type: 'string' },
    },
  });
  const password = await askPassword();
  const parsed = adminUserCliSchema.safeParse({
    login_id: values['login-id'] ?? '',
    name: values.name ?? '',
    mail: values.email ?? '',
    password,
    authority: values.authority,
    university_id: values.university ?? '',
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
    console.error(USAGE);
    process.exit(2);
  }
  const input = parsed.data;
  await withDb(async (db) => {
    const [taken] = await db
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(adminUsers.loginId, input.login_id));
    if (taken) {
      console.error(`An admin with login id "${input.login_id}" already exists.`);
      process.exit(1);
    }
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(adminUsers)
        .values({
          loginId: input.login_id,
          name: input.name,
          email: input.mail,
          passwordHash,
          authority: Number(input.authority),
          universityId: input.university_id || null,
        })
        .returning({ id: adminUsers.id });
      if (!row) throw new Error('insert returned nothing');
      await audit(tx, {
        actor: { kind: 'system', id: null },
        action: 'create',
        entity: 'admin_user',
        entityId: row.id,
        detail: { via: 'cli' },
      });
    });
    console.log(`Admin "${input.login_id}" created.`);
  });
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'seed-demo') {
    const seeded = await withDb((db) => seedDemoIfEmpty(db));
    console.log(seeded ? 'Demo data seeded.' : 'The database already has data: nothing seeded.');
  } else if (command === 'admin-create') {
    await adminCreate(rest);
  } else {
    console.error(USAGE);
    process.exit(2);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
