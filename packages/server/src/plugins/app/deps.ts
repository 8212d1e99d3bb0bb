import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { Mailer } from '../../platform/mail';

/** What the routes and the other plugins share: the database, the configuration and the mailer. */
export default fp<{ config: Config; db: Db }>(
  async (app, { config, db }) => {
    const mailer = new Mailer(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
    app.decorate('deps', { db, config, mailer });
    app.addHook('onClose', async () => {
      await mailer.stop();
    });
  },
  { name: 'deps' },
);
