// General Retail Industry Award 2020 [MA000004], rates from the first full pay period starting on or after
// 1 July 2025 (Annual Wage Review 2024-25: modern award minimum rates up 3.5 %).
//
// Every rate is the cl. 17.1 rate in force from 1 July 2024 x 1.035, rounded to the nearest 10 cents, and
// hourly = weekly / 38 to the cent (the Commission's method), and each is stated by the Commission's Modern
// Awards Pay Database (MA000004_payrates.csv, rows operative_from 2025-07-01, published_year 2025, in the
// extract at github.com/learntocodegpt4/fairworkawards, commit 014172bf). Levels 1-3 also agree with
// rosterelf.com's 2025/26 table, whose Levels 4 ($28.13) and 5 ($29.36) contradict both the database and the
// method and are taken as its errors (../shared/reference/au-awards.md).
import { MA000004_STRUCTURE_SOURCES, ma000004 } from './ma000004-terms.ts';

export const MA000004_2025 = ma000004({
  rates_from: '2025-07-01',
  rates_basis:
    'The cl. 17.1 minimum weekly rates from 1 July 2024 increased by 3.5 % (Annual Wage Review 2024-25), ' +
    "rounded to the nearest 10 cents; hourly rate = weekly rate / 38. Each rate agrees with the Commission's " +
    'pay database rows operative from 1 July 2025.',
  sources: [
    {
      title: 'Annual Wage Review 2024-25 decision (3.5 % from 1 July 2025)',
      url: 'https://help-wageeasy.theaccessgroup.com/en/articles/11692831-what-are-the-1-july-2025-changes-for-the-general-retail-industry-award',
      published: '2025-06-03',
    },
    {
      title:
        'Modern Awards Pay Database extract, MA000004_payrates.csv and MA000004_penalty.csv ' +
        '(operative from 2025-07-01), Levels 1-8',
      url: 'https://github.com/learntocodegpt4/fairworkawards/tree/014172bf',
      published: '2025-07-01',
    },
    {
      title: 'Minimum rates from 1 July 2025, Levels 1-3 (weekly and hourly)',
      url: 'https://www-preprod.rippling.com/en-AU/blog/general-retail-award-pay',
      published: '2025-09-29',
    },
    {
      title: 'Minimum hourly rates effective from 1 July 2025, Levels 1-3',
      url: 'https://www.rosterelf.com/guides/award-rates/general-retail',
      published: null,
    },
    {
      title: 'Minimum rates from 1 July 2024, Levels 1-8 (the rates the 3.5 % applies to)',
      url: 'https://rippling-marketing-website.vercel.app/en-AU/blog/general-retail-award-pay',
      published: '2024-06-25',
    },
    ...MA000004_STRUCTURE_SOURCES,
  ],
  classifications: [
    // 974.80 x 1.035 = 1008.918 -> 1008.90; / 38 = 26.550 -> 26.55
    { code: 'level_1', name: 'Retail Employee Level 1', weekly: '1008.90', hourly: '26.55' },
    // 997.10 x 1.035 = 1031.9985 -> 1032.00; / 38 = 27.157 -> 27.16
    { code: 'level_2', name: 'Retail Employee Level 2', weekly: '1032.00', hourly: '27.16' },
    // 1012.60 x 1.035 = 1048.041 -> 1048.00; / 38 = 27.578 -> 27.58
    { code: 'level_3', name: 'Retail Employee Level 3', weekly: '1048.00', hourly: '27.58' },
    // 1032.30 x 1.035 = 1068.4305 -> 1068.40; / 38 = 28.115 -> 28.12
    { code: 'level_4', name: 'Retail Employee Level 4', weekly: '1068.40', hourly: '28.12' },
    // 1074.70 x 1.035 = 1112.3145 -> 1112.30; / 38 = 29.271 -> 29.27
    { code: 'level_5', name: 'Retail Employee Level 5', weekly: '1112.30', hourly: '29.27' },
    // 1090.30 x 1.035 = 1128.4605 -> 1128.50; / 38 = 29.697 -> 29.70
    { code: 'level_6', name: 'Retail Employee Level 6', weekly: '1128.50', hourly: '29.70' },
    // 1145.00 x 1.035 = 1185.075 -> 1185.10; / 38 = 31.187 -> 31.19
    { code: 'level_7', name: 'Retail Employee Level 7', weekly: '1185.10', hourly: '31.19' },
    // 1191.50 x 1.035 = 1233.2025 -> 1233.20; / 38 = 32.453 -> 32.45
    { code: 'level_8', name: 'Retail Employee Level 8', weekly: '1233.20', hourly: '32.45' },
  ],
});
