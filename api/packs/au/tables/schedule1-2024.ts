// Schedule 1 (NAT 1004) coefficients for payments from 1 July 2024 ("Stage 3" rates).
// Schedule 1 did not change on 1 July 2025, so AU-2025.1 shares this table by reference.
import type { CoefficientRow, Schedule1Table } from '../types.ts';

const row = (lessThan: number | null, a: string, b: string): CoefficientRow => ({ lessThan, a, b });

/** Foreign residents; also unchanged on 1 July 2026, so AU-2026.1 reuses it. */
export const SCALE_3_FROM_2024: readonly CoefficientRow[] = [
  row(2596, '0.30', '0.30'),
  row(3653, '0.37', '181.7308'),
  row(null, '0.45', '474.0385'),
];

export const SCHEDULE_1_FROM_2024_07: Schedule1Table = {
  1: [
    row(150, '0.16', '0.16'),
    row(371, '0.2117', '7.7550'),
    row(515, '0.1890', '-0.6702'),
    row(932, '0.3227', '68.2367'),
    row(2246, '0.32', '65.7202'),
    row(3303, '0.39', '222.9510'),
    row(null, '0.47', '487.2587'),
  ],
  2: [
    row(361, '0', '0'),
    row(500, '0.16', '57.8462'),
    row(625, '0.26', '107.8462'),
    row(721, '0.18', '57.8462'),
    row(865, '0.189', '64.3365'),
    row(1282, '0.3227', '180.0385'),
    row(2596, '0.32', '176.5769'),
    row(3653, '0.39', '358.3077'),
    row(null, '0.47', '650.6154'),
  ],
  3: SCALE_3_FROM_2024,
  5: [
    row(361, '0', '0'),
    row(721, '0.16', '57.8462'),
    row(865, '0.169', '64.3365'),
    row(1282, '0.3027', '180.0385'),
    row(2596, '0.30', '176.5769'),
    row(3653, '0.37', '358.3077'),
    row(null, '0.45', '650.6154'),
  ],
  6: [
    row(361, '0', '0'),
    row(721, '0.16', '57.8462'),
    row(843, '0.169', '64.3365'),
    row(865, '0.219', '106.4962'),
    row(1053, '0.3527', '222.1981'),
    row(1282, '0.3127', '180.0385'),
    row(2596, '0.31', '176.5769'),
    row(3653, '0.38', '358.3077'),
    row(null, '0.46', '650.6154'),
  ],
};
