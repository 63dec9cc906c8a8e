// The statutory outputs a pack with `statutory_outputs` draws up, by kind, and where they are read: the
// alternatives a refused lodgement names.
export const STATUTORY_OUTPUT_KINDS = ['lohnsteuer-anmeldung', 'beitragsnachweis', 'minijob-beitragsnachweis'] as const;
export type StatutoryOutputKind = (typeof STATUTORY_OUTPUT_KINDS)[number];

export const STATUTORY_OUTPUT_PATHS = STATUTORY_OUTPUT_KINDS.map(
  (k) => `GET /v1/tenants/{tenantId}/statutory-outputs/${k}?period=YYYY-MM`,
);
