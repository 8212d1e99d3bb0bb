import {
  retentionCandidatesQuerySchema,
  retentionCandidatesResponseSchema,
  retentionPolicyResponseSchema,
  retentionRunBodySchema,
  retentionRunResponseSchema,
  retentionUpdateBodySchema,
} from '../schemas/lifecycle';
import { defineRoute } from './define';
import { endpoints } from './endpoints';

/**
 * How long personal data is kept, and the rule's dry run and run (decision 072): authority 1 only — a partner
 * university's contact has no say over the programme's records.
 */
export const adminRetention = {
  policy: defineRoute(endpoints.adminRetention.policy, { response: retentionPolicyResponseSchema }),
  update: defineRoute(endpoints.adminRetention.update, {
    body: retentionUpdateBodySchema,
    response: retentionPolicyResponseSchema,
  }),
  candidates: defineRoute(endpoints.adminRetention.candidates, {
    query: retentionCandidatesQuerySchema,
    response: retentionCandidatesResponseSchema,
  }),
  run: defineRoute(endpoints.adminRetention.run, {
    body: retentionRunBodySchema,
    response: retentionRunResponseSchema,
  }),
};
