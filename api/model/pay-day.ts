/** Which day a year-to-date query counts a run's pay on (the jurisdiction adapter says which, the store runs it). */
export type PayDay = 'date_paid' | 'payment_date';
