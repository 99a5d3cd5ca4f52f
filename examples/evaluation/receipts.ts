// Eight receipts whose right answers are known: the values each PDF prints (make-receipts.ts) and
// the expected output of the prebuilt `receipt` extractor for it, every field of its schema given
// (null where the receipt does not print it), so an extra value counts as one.

export interface Line {
  description: string;
  quantity: number;
  unit_price: number;
}

export interface Receipt {
  merchant: string;
  address: string;
  phone: string | null;
  /** ISO date; printed in the receipt's own style (`printedDate`). */
  date: string;
  printedDate: string;
  time: string | null;
  currency: string;
  lines: Line[];
  tax: number;
  tip: number | null;
  payment: 'cash' | 'credit_card' | 'debit_card' | 'mobile_payment';
}

export const RECEIPTS: Receipt[] = [
  { merchant: 'Corner Cafe', address: '12 Rue Lepic, Paris', phone: '+33 1 42 55 01 02', date: '2026-03-01', printedDate: '01/03/2026', time: '08:42', currency: 'EUR', lines: [{ description: 'Espresso', quantity: 2, unit_price: 2.2 }, { description: 'Croissant', quantity: 1, unit_price: 1.6 }], tax: 0.6, tip: null, payment: 'cash' },
  { merchant: 'Harbor Books', address: '5 Quay Street, Dublin', phone: null, date: '2026-02-14', printedDate: '14 Feb 2026', time: '16:05', currency: 'EUR', lines: [{ description: 'Ulysses (paperback)', quantity: 1, unit_price: 14.99 }], tax: 0, tip: null, payment: 'credit_card' },
  { merchant: 'Green Grocer', address: '88 Market Lane, London', phone: '020 7946 0018', date: '2026-01-20', printedDate: '2026-01-20', time: null, currency: 'GBP', lines: [{ description: 'Apples 1kg', quantity: 2, unit_price: 2.4 }, { description: 'Milk 2L', quantity: 1, unit_price: 1.55 }, { description: 'Bread', quantity: 1, unit_price: 1.2 }], tax: 0, tip: null, payment: 'debit_card' },
  { merchant: 'Taqueria Sol', address: '2100 Mission St, San Francisco', phone: '(415) 555-0142', date: '2026-04-03', printedDate: 'April 3, 2026', time: '19:30', currency: 'USD', lines: [{ description: 'Burrito', quantity: 2, unit_price: 11.5 }, { description: 'Horchata', quantity: 2, unit_price: 3.75 }], tax: 2.64, tip: 5, payment: 'credit_card' },
  { merchant: 'Bike Repair Co', address: 'Hauptstrasse 7, Berlin', phone: '+49 30 901820', date: '2026-05-11', printedDate: '11.05.2026', time: '11:15', currency: 'EUR', lines: [{ description: 'Inner tube', quantity: 2, unit_price: 6.9 }, { description: 'Labour', quantity: 1, unit_price: 15 }], tax: 5.48, tip: null, payment: 'mobile_payment' },
  { merchant: 'Sushi Ko', address: '3-1 Ginza, Tokyo', phone: null, date: '2026-06-02', printedDate: '2026/06/02', time: '12:50', currency: 'JPY', lines: [{ description: 'Lunch set', quantity: 1, unit_price: 1800 }, { description: 'Green tea', quantity: 1, unit_price: 300 }], tax: 210, tip: null, payment: 'cash' },
  { merchant: 'Office Depot', address: '400 King St W, Toronto', phone: '416-555-0199', date: '2026-07-21', printedDate: 'Jul 21, 2026', time: '09:05', currency: 'CAD', lines: [{ description: 'Printer paper', quantity: 3, unit_price: 8.99 }, { description: 'Stapler', quantity: 1, unit_price: 12.49 }, { description: 'Pens (12)', quantity: 2, unit_price: 4.25 }], tax: 6.5, tip: null, payment: 'debit_card' },
  { merchant: 'Pizzeria Napoli', address: 'Via Toledo 156, Napoli', phone: '081 552 1234', date: '2026-08-15', printedDate: '15/08/2026', time: '21:10', currency: 'EUR', lines: [{ description: 'Margherita', quantity: 2, unit_price: 7 }, { description: 'Acqua', quantity: 1, unit_price: 2 }], tax: 1.45, tip: 2, payment: 'cash' },
];

const cents = (n: number) => Math.round(n * 100) / 100;
export const amountOf = (l: Line) => cents(l.quantity * l.unit_price);
export const subtotalOf = (r: Receipt) => cents(r.lines.reduce((s, l) => s + amountOf(l), 0));
export const totalOf = (r: Receipt) => cents(subtotalOf(r) + r.tax + (r.tip ?? 0));

/** The text printed on the receipt, line by line. */
export function printedLines(r: Receipt): string[] {
  const money = (n: number) => `${n.toFixed(2)} ${r.currency}`;
  return [
    r.merchant.toUpperCase(),
    r.address,
    ...(r.phone ? [`Tel. ${r.phone}`] : []),
    `Date: ${r.printedDate}${r.time ? `  ${r.time}` : ''}`,
    '',
    ...r.lines.map((l) => `${l.quantity} x ${l.description} @ ${l.unit_price.toFixed(2)} = ${amountOf(l).toFixed(2)}`),
    '',
    `Subtotal ${money(subtotalOf(r))}`,
    `Tax ${money(r.tax)}`,
    ...(r.tip !== null ? [`Tip ${money(r.tip)}`] : []),
    `TOTAL ${money(totalOf(r))}`,
    `Paid by ${r.payment.replace('_', ' ')}`,
  ];
}

/** The right answer of the prebuilt `receipt` extractor for this receipt. */
export function expectedOutput(r: Receipt): Record<string, unknown> {
  return {
    merchant_name: r.merchant,
    merchant_address: r.address,
    merchant_phone: r.phone,
    date: r.date,
    time: r.time,
    currency: r.currency,
    subtotal: subtotalOf(r),
    tax: r.tax,
    tip: r.tip,
    total: totalOf(r),
    payment_method: r.payment,
    line_items: r.lines.map((l) => ({ description: l.description, quantity: l.quantity, unit_price: l.unit_price, amount: amountOf(l) })),
  };
}
