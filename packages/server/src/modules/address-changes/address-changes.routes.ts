import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { studentOf } from '../../platform/context';
import { route } from '../../platform/route';
import {
  decideAddressRequest,
  getMypageAddress,
  getPendingRequest,
  listPendingRequests,
  requestAddressChange,
} from './address-changes.service';

/**
 * 住所変更の届出 (decision 040). The student's calls act on the session's own student only (the body names
 * no one); the office's are authority 1 only, as every student call is (SPEC §6), refused before the body
 * is read.
 */
export async function addressChangeRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const { mypage, adminStudents } = api;

  route(app, mypage.address, async (req) => getMypageAddress(db, config, studentOf(req).id));
  // the office's mail goes out once the answer is sent (it stays queued if SMTP is down)
  route(
    app,
    mypage.addressRequest,
    async (req) => requestAddressChange(db, config, studentOf(req).id, req.body),
    {
      mail: true,
    },
  );
  route(app, adminStudents.address, async (req) => getPendingRequest(db, req.query.user_id));
  route(app, adminStudents.addressList, async (req) => listPendingRequests(db, req.query.page));
  route(app, adminStudents.addressDecide, async (req) => decideAddressRequest(db, req.actor, req.body));
}
