// RFC 4180 CSV: CRLF row ends, fields quoted only when they hold a delimiter, quote or line break.

export const csvField = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export const csvRows = (rows: string[][]): string => rows.map((r) => r.map(csvField).join(',') + '\r\n').join('');
