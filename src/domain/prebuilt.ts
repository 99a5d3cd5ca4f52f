// Definitions shipped with the service. They are seeded once and are read-only through the API.

const nullable = (type: string, description: string, semantic?: string) => ({
  type: [type, 'null'],
  description,
  ...(semantic ? { 'x-service': { semantic } } : {}),
});

export const RECEIPT_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Receipt',
  description: 'A purchase receipt: who sold what, when, and for how much.',
  type: 'object',
  properties: {
    merchant_name: nullable('string', 'Name of the shop or business as printed on the receipt.'),
    merchant_address: nullable('string', 'Street address of the merchant, as printed.'),
    merchant_phone: nullable('string', 'Phone number of the merchant.', 'phone-number'),
    date: nullable('string', 'Date of the purchase.', 'date'),
    time: nullable('string', 'Time of the purchase.', 'time'),
    currency: nullable('string', 'Currency of the amounts, as an ISO 4217 code.', 'currency'),
    subtotal: nullable('number', 'Sum of the line items before tax and tip.'),
    tax: nullable('number', 'Total tax charged.'),
    tip: nullable('number', 'Tip or gratuity, if any.'),
    total: nullable('number', 'Total amount paid.'),
    payment_method: {
      type: ['string', 'null'],
      description: 'How the purchase was paid.',
      enum: ['cash', 'credit_card', 'debit_card', 'mobile_payment', 'gift_card', 'other', null],
    },
    line_items: {
      type: 'array',
      description: 'Items purchased, in the order printed.',
      items: {
        type: 'object',
        properties: {
          description: nullable('string', 'Item name or description.', 'verbatim-string'),
          quantity: nullable('number', 'Quantity purchased.'),
          unit_price: nullable('number', 'Price of one unit.'),
          amount: nullable('number', 'Line total.'),
        },
        required: ['description', 'quantity', 'unit_price', 'amount'],
        additionalProperties: false,
      },
    },
  },
  required: [
    'merchant_name',
    'merchant_address',
    'merchant_phone',
    'date',
    'time',
    'currency',
    'subtotal',
    'tax',
    'tip',
    'total',
    'payment_method',
    'line_items',
  ],
  additionalProperties: false,
} as const;

export const RECEIPT_EXTRACTOR = {
  name: 'receipt',
  display_name: 'Receipt',
  instructions:
    'Extract the merchant, date and time, amounts and line items from the receipt. ' +
    'Copy amounts as plain numbers without currency symbols. Use null for anything not printed on the receipt.',
  schema: RECEIPT_SCHEMA,
};

export const DOCUMENT_TO_MARKDOWN_PARSER = {
  name: 'document-to-markdown',
  display_name: 'Document to Markdown',
  output_format: 'markdown',
  instructions: '',
};

export { PROVIDER_NAMES, type ProviderName } from '../kinds.js';
