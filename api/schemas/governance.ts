// The evidence chain as the API shows it, and the JSON its records keep (actor, decision).
import { z } from 'zod';

/** Who acted: a credential (`partner_key`, `embed_token`, `user_token`) or the system; open for job actors. */
export const actorSchema = z.looseObject({ kind: z.string() });

/** What was decided: the governance reason plus each action's own members (hashes, totals, …). */
export const decisionSchema = z.looseObject({ governance_reason: z.string().nullable() });

export const evidenceRecordSchema = z.object({
  id: z.string(),
  sequence: z.number().int(),
  created_at: z.string(),
  action: z.string(),
  resource: z.string(),
  actor: actorSchema,
  governance_reason: z.string().nullable(),
  request_hash: z.string(),
  response_hash: z.string(),
  decision: decisionSchema,
  chain: z.object({ prev_hash: z.string(), hash: z.string() }),
});

export const verifyResultSchema = z.object({
  valid: z.boolean(),
  records_checked: z.number().int(),
  head_hash: z.string(),
  first_invalid: z
    .object({
      id: z.string(),
      seq: z.number().int(),
      reason: z.enum(['hash_mismatch', 'broken_link', 'sequence_gap']),
    })
    .optional(),
});
