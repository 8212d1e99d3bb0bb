import fp from 'fastify-plugin';
import type { Actor } from '../../platform/audit';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who acts in this request, as the audit log records it: the admin or the student whose session the
     * route's guard read. Read on a public route (no session) it throws: such a route has no actor.
     */
    readonly actor: Actor & { kind: 'admin' | 'student'; id: number };
  }
}

/** The acting user as a request property, derived from the session the guard has put on the request. */
export default fp(
  async (app) => {
    app.decorateRequest('actor', {
      getter() {
        if (this.admin) return { kind: 'admin' as const, id: this.admin.id };
        if (this.student) return { kind: 'student' as const, id: this.student.id };
        throw new Error('no guard has read a session on this route');
      },
    });
  },
  { name: 'actor', dependencies: ['guards'] },
);
