// Constant tables shared by PAP 2025 and PAP 2026 (identical in both XMLs, CONSTANTS TAB1..TAB5),
// indexed by J (pension start year) or K (year after the 64th birthday), 1 = 2005 or earlier.

/** TAB1 / TAB4: percentage for the Versorgungsfreibetrag and the Altersentlastungsbetrag, in thousandths. */
export const TAB1_MILLI: readonly number[] = [
  0, 400, 384, 368, 352, 336, 320, 304, 288, 272, 256, 240, 224, 208, 192, 176, 160, 152, 144, 140, 136, 132, 128, 124,
  120, 116, 112, 108, 104, 100, 96, 92, 88, 84, 80, 76, 72, 68, 64, 60, 56, 52, 48, 44, 40, 36, 32, 28, 24, 20, 16, 12,
  8, 4, 0,
];
export const TAB4_MILLI = TAB1_MILLI;

/** TAB2: maximum Versorgungsfreibetrag, whole euros. */
export const TAB2_EUR: readonly number[] = [
  0, 3000, 2880, 2760, 2640, 2520, 2400, 2280, 2160, 2040, 1920, 1800, 1680, 1560, 1440, 1320, 1200, 1140, 1080, 1050,
  1020, 990, 960, 930, 900, 870, 840, 810, 780, 750, 720, 690, 660, 630, 600, 570, 540, 510, 480, 450, 420, 390, 360,
  330, 300, 270, 240, 210, 180, 150, 120, 90, 60, 30, 0,
];

/** TAB3: Zuschlag zum Versorgungsfreibetrag, whole euros. */
export const TAB3_EUR: readonly number[] = [
  0, 900, 864, 828, 792, 756, 720, 684, 648, 612, 576, 540, 504, 468, 432, 396, 360, 342, 324, 315, 306, 297, 288, 279,
  270, 261, 252, 243, 234, 225, 216, 207, 198, 189, 180, 171, 162, 153, 144, 135, 126, 117, 108, 99, 90, 81, 72, 63, 54,
  45, 36, 27, 18, 9, 0,
];

/** TAB5: maximum Altersentlastungsbetrag, whole euros. */
export const TAB5_EUR: readonly number[] = [
  0, 1900, 1824, 1748, 1672, 1596, 1520, 1444, 1368, 1292, 1216, 1140, 1064, 988, 912, 836, 760, 722, 684, 665, 646,
  627, 608, 589, 570, 551, 532, 513, 494, 475, 456, 437, 418, 399, 380, 361, 342, 323, 304, 285, 266, 247, 228, 209,
  190, 171, 152, 133, 114, 95, 76, 57, 38, 19, 0,
];
