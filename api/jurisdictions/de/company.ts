// The German employer fields as the company details answer them.
const digits = (v: unknown) => String(v ?? '').replace(/[\s-]/g, '');

/** The DE employer fields as answered: the Steuernummer only by its last four digits. */
export function deCompanyFields(data: Record<string, unknown>) {
  const steuernummer = data.steuernummer as string | undefined;
  return {
    betriebsnummer: (data.betriebsnummer as string | undefined) ?? null,
    steuernummer_last4: steuernummer ? digits(steuernummer).replace(/\//g, '').slice(-4) : null,
    lsta_period: (data.lsta_period as 'monthly' | 'quarterly' | 'annual' | undefined) ?? null,
    u1_participation: (data.u1_participation as boolean | undefined) ?? null,
    insurer_levy_rates: ((data.insurer_levy_rates as Record<string, unknown>[] | undefined) ?? []).map((x) => ({
      betriebsnummer: String(x.betriebsnummer),
      name: (x.name as string | undefined) ?? null,
      u1_rate: (x.u1_rate as string | null | undefined) ?? null,
      u2_rate: (x.u2_rate as string | null | undefined) ?? null,
    })),
    insolvency_levy_exemption:
      (data.insolvency_levy_exemption as { reason: 'public_body' | 'private_household'; basis: string } | null) ?? null,
  };
}
