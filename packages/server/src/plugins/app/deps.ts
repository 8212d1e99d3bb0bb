import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { Mailer } from '../../platform/mail';

/**
 * What the routes and the other plugins share: the database, the handle of the reads that may lag (a
 * replica's, or the database itself; decision 073), the configuration, the mailer, and whether the process
 * is shutting down.
 */
export default fp<{ config: Config; db: Db; readDb: Db }>(
  async (app, { config, db, readDb }) => {
    const mailer = new Mailer(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
    app.decorate('deps', { db, readDb, config, mailer, lifecycle: { draining: false } });
    app.addHook('onClose', async () => {
      await mailer.stop();
    });
  },
  { name: 'deps' },
);
