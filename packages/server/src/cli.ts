import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { asciiMax, asciiPassword, codeOf, mailAddress, maxLen, required } from '@manabi/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from './config';
import { backup, describeTarget, restore } from './db/backup';
import { BackupRefusal, describeCounts } from './db/backup-file';
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
      (the password is asked for, or read from ADMIN_PASSWORD)
  npm run backup -- FILE              the database (DATABASE_URL, or the embedded one in DATA_DIR) to FILE
  npm run restore -- FILE [--force]   FILE into an empty database; --force replaces what is there
Exit codes: 0 done, 1 failed, 2 usage, 3 refused because of the database (in use, not empty, nothing
to back up, FILE exists), 4 refused because of the file (not a backup, damaged, newer schema, other kind).`;

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

/** The app's version in a backup's header: the package's, and the commit it was built from when known. */
function appVersion(): string {
  const commit = process.env.MANABI_COMMIT;
  return commit ? `0.0.0+${commit}` : '0.0.0';
}

async function backupCommand(argv: string[]) {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
  const [file] = positionals;
  if (!file || positionals.length > 1) usage();
  const config = loadConfig();
  const header = await backup(config, file, {
    migrationsDir: migrationsDir(config.migrationsDir),
    appVersion: appVersion(),
  });
  console.log(`Backed up ${describeTarget(config)} to ${file}`);
  console.log(`  schema: ${header.schema.migrations} migrations, the last ${header.schema.lastTag}`);
  console.log(`  holds: ${describeCounts(header.counts)}`);
  console.log(`  ${header.payload.bytes} bytes, sha256 ${header.payload.sha256}`);
  console.log("It holds residents' personal data: keep it encrypted, off this machine.");
}

async function restoreCommand(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) usage();
  const config = loadConfig();
  const result = await restore(config, file, {
    migrationsDir: migrationsDir(config.migrationsDir),
    force: values.force,
  });
  const { header } = result;
  console.log(
    `Restored ${file} (taken ${header.createdAt}, Manabi ${header.appVersion}) into ${describeTarget(config)}`,
  );
  if (result.replaced) console.log(`  replaced: ${result.replaced}`);
  if (result.keptAside)
    console.log(`  the replaced files are kept in ${result.keptAside}: delete them once you are sure`);
  console.log(`  holds: ${describeCounts(header.counts)}`);
  console.log(
    `  schema: ${header.schema.migrations} migrations in the backup, ${result.schema.migrations} now (the last ${result.schema.lastTag})`,
  );
  console.log('Everyone logs in again: sessions and password-reset links were not restored.');
}

function usage(): never {
  console.error(USAGE);
  process.exit(2);
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'seed-demo') {
    const seeded = await withDb((db) => seedDemoIfEmpty(db));
    console.log(seeded ? 'Demo data seeded.' : 'The database already has data: nothing seeded.');
  } else if (command === 'admin-create') {
    await adminCreate(rest);
  } else if (command === 'backup') {
    await backupCommand(rest);
  } else if (command === 'restore') {
    await restoreCommand(rest);
  } else {
    usage();
  }
}

main().catch((err) => {
  if (err instanceof BackupRefusal) {
    console.error(err.message);
    process.exit(err.exitCode);
  }
  console.error(err);
  process.exit(1);
});
