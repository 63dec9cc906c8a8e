// Answers of the unversioned utility routes: health, the API description and the SDK's JSON files.
import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  /** `read_only`: the database answers but would not commit a write (its write lock is held, or it is a standby). */
  database: z.enum(['reachable', 'read_only', 'unreachable']),
});

/** The OpenAPI 3.1 document; its paths are described by OpenAPI itself. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.looseObject({}))),
  components: z.looseObject({}),
});

/** Subresource integrity of one SDK version. */
export const sdkIntegritySchema = z.object({
  version: z.string(),
  /** The full bundle and its hash, for the one `<script>` most pages need. */
  file: z.string(),
  integrity: z.string(),
  /** Every file of the build (path relative to the version's root) and its SRI hash. */
  files: z.record(z.string(), z.string()),
});

/** One demo employer with a read-only embed token for the /sdk-demo gallery. */
export const demoSessionSchema = z.object({
  tenant_id: z.string(),
  slug: z.string(),
  name: z.string(),
  country: z.string(),
  token: z.string(),
  expires_in: z.number(),
  finalised_pay_run: z.string().nullable(),
  draft_pay_run: z.string().nullable(),
});
