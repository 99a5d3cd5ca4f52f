import { describe, expect, it } from '@jest/globals';
import { RECEIPT_SCHEMA } from '../../src/domain/prebuilt.js';
import { conformToSchema, toNuExtractTemplate, toStrictJsonSchema } from '../../src/providers/index.js';

/** Every object node in a strict schema, wherever it sits. */
function objects(node: any, out: any[] = []): any[] {
  if (Array.isArray(node)) node.forEach((n) => objects(n, out));
  else if (node && typeof node === 'object') {
    if (node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object'))) out.push(node);
    Object.values(node).forEach((v) => objects(v, out));
  }
  return out;
}

const ORDER = {
  type: 'object',
  title: 'Order',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[A-Z0-9-]+$' },
    note: { type: 'string', description: 'Free text.' },
    placed_at: { type: 'string', 'x-service': { semantic: 'date-time' } },
    priority: { title: 'Priority', oneOf: [{ const: 'low', title: 'Low' }, { const: 'high', description: 'Urgent' }, { type: 'null' }] },
    channel: { anyOf: [{ enum: ['web', 'phone'] }, { const: 'store' }] },
    customer: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          properties: { name: { type: 'string' }, vip: { type: 'boolean' } },
          required: ['name'],
          additionalProperties: false,
        },
      ],
    },
    tags: { type: 'array', items: { type: 'string', enum: ['gift', 'fragile', 'express'] } },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          sku: { type: 'string', 'x-service': { semantic: 'verbatim-string' } },
          qty: { type: ['integer', 'null'] },
          dims: { type: ['object', 'null'], properties: { w: { type: 'number' } }, required: ['w'] },
        },
        required: ['sku', 'qty'],
      },
    },
    region: { type: 'string', 'x-service': { semantic: 'region:FR' } },
  },
  required: ['id', 'placed_at', 'priority', 'channel', 'customer', 'tags', 'lines'],
};

describe('strict JSON schema conversion', () => {
  it('converts the prebuilt receipt schema', () => {
    const strict = toStrictJsonSchema(RECEIPT_SCHEMA);
    expect(Object.keys(strict)).toEqual(['type', 'description', 'properties', 'required', 'additionalProperties']);
    expect(strict.type).toBe('object');
    expect(strict.required).toEqual(Object.keys(RECEIPT_SCHEMA.properties));
    expect(strict.additionalProperties).toBe(false);
    expect(strict.properties.merchant_name).toEqual({
      type: ['string', 'null'],
      description: 'Name of the shop or business as printed on the receipt.',
    });
    expect(strict.properties.date).toEqual({
      type: ['string', 'null'],
      description: 'Date of the purchase. Format: ISO 8601 calendar date, YYYY-MM-DD.',
    });
    expect(strict.properties.payment_method).toEqual({
      type: ['string', 'null'],
      description: 'How the purchase was paid.',
      enum: ['cash', 'credit_card', 'debit_card', 'mobile_payment', 'gift_card', 'other', null],
    });
    expect(strict.properties.line_items).toEqual({
      type: 'array',
      description: 'Items purchased, in the order printed.',
      items: {
        type: 'object',
        properties: {
          description: { type: ['string', 'null'], description: 'Item name or description. Format: copied verbatim from the document.' },
          quantity: { type: ['number', 'null'], description: 'Quantity purchased.' },
          unit_price: { type: ['number', 'null'], description: 'Price of one unit.' },
          amount: { type: ['number', 'null'], description: 'Line total.' },
        },
        required: ['description', 'quantity', 'unit_price', 'amount'],
        additionalProperties: false,
      },
    });
    const text = JSON.stringify(strict);
    expect(text).not.toMatch(/x-service|\$schema|"title"/);
  });

  it('makes optional properties nullable and every property required, on every object', () => {
    const strict = toStrictJsonSchema(ORDER);
    for (const obj of objects(strict)) {
      expect(obj.additionalProperties).toBe(false);
      expect(obj.required).toEqual(Object.keys(obj.properties));
    }
    expect(strict.properties.note).toEqual({ type: ['string', 'null'], description: 'Free text.' });
    expect(strict.properties.region).toEqual({
      type: ['string', 'null'],
      description: 'Format: ISO 3166-2 subdivision code of FR.',
    });
  });

  it('keeps pattern, drops string length keywords and titles', () => {
    const strict = toStrictJsonSchema(ORDER);
    expect(strict.properties.id).toEqual({ type: 'string', pattern: '^[A-Z0-9-]+$' });
    expect(strict).not.toHaveProperty('title');
  });

  it('turns enum unions into a flat string enum, nullable when a null branch exists', () => {
    const strict = toStrictJsonSchema(ORDER);
    expect(strict.properties.priority).toEqual({
      type: ['string', 'null'],
      description: 'Values: "low" = Low; "high" = Urgent.',
      enum: ['low', 'high', null],
    });
    expect(strict.properties.channel).toEqual({ type: 'string', enum: ['web', 'phone', 'store'] });
  });

  it('turns nullable unions and nullable objects into anyOf with a null branch', () => {
    const strict = toStrictJsonSchema(ORDER);
    expect(strict.properties.customer).toEqual({
      anyOf: [
        {
          type: 'object',
          properties: { name: { type: 'string' }, vip: { type: ['boolean', 'null'] } },
          required: ['name', 'vip'],
          additionalProperties: false,
        },
        { type: 'null' },
      ],
    });
    expect(strict.properties.lines.items.properties.dims).toEqual({
      anyOf: [
        { type: 'object', properties: { w: { type: 'number' } }, required: ['w'], additionalProperties: false },
        { type: 'null' },
      ],
    });
    expect(strict.properties.lines.items.properties.qty).toEqual({ type: ['integer', 'null'] });
  });

  it('keeps multi-label arrays as arrays of a string enum', () => {
    expect(toStrictJsonSchema(ORDER).properties.tags).toEqual({
      type: 'array',
      items: { type: 'string', enum: ['gift', 'fragile', 'express'] },
    });
  });
});

describe('NuExtract template conversion', () => {
  it('converts the prebuilt receipt schema', () => {
    expect(toNuExtractTemplate(RECEIPT_SCHEMA)).toEqual({
      merchant_name: 'string',
      merchant_address: 'string',
      merchant_phone: 'phone-number',
      date: 'date',
      time: 'time',
      currency: 'currency',
      subtotal: 'number',
      tax: 'number',
      tip: 'number',
      total: 'number',
      payment_method: ['cash', 'credit_card', 'debit_card', 'mobile_payment', 'gift_card', 'other'],
      line_items: [{ description: 'verbatim-string', quantity: 'number', unit_price: 'number', amount: 'number' }],
    });
  });

  it('maps nested, nullable, enum and multi-label fields', () => {
    expect(toNuExtractTemplate(ORDER)).toEqual({
      id: 'string',
      note: 'string',
      placed_at: 'date-time',
      priority: ['low', 'high'],
      channel: ['web', 'phone', 'store'],
      customer: { name: 'string', vip: 'boolean' },
      tags: [['gift', 'fragile', 'express']],
      lines: [{ sku: 'verbatim-string', qty: 'integer', dims: { w: 'number' } }],
      region: 'region:FR',
    });
  });
});

describe('a nullable object root', () => {
  const NULLABLE_ROOT = { type: ['object', 'null'], properties: { a: { type: ['string', 'null'] } }, required: ['a'] };

  it('is a plain object in strict mode, and a null answer maps to an object', () => {
    expect(toStrictJsonSchema(NULLABLE_ROOT)).toMatchObject({ type: 'object', required: ['a'], additionalProperties: false });
    expect(conformToSchema(NULLABLE_ROOT, null)).toEqual({ a: null });
    expect(conformToSchema(NULLABLE_ROOT, { a: 'x' })).toEqual({ a: 'x' });
  });
});

describe('mapping answers back onto the schema', () => {
  it('fills missing keys with null (or [] for lists), drops unknown keys and converts scalars', () => {
    const answer = { total: '12.50', tip: 0, line_items: [{ description: 42, quantity: '2' }], extra: 'x' };
    expect(conformToSchema(RECEIPT_SCHEMA, answer)).toEqual({
      merchant_name: null,
      merchant_address: null,
      merchant_phone: null,
      date: null,
      time: null,
      currency: null,
      subtotal: null,
      tax: null,
      tip: 0,
      total: 12.5,
      payment_method: null,
      line_items: [{ description: '42', quantity: 2, unit_price: null, amount: null }],
    });
    expect((conformToSchema(RECEIPT_SCHEMA, {}) as { line_items: unknown }).line_items).toEqual([]);
  });

  it('wraps a lone multi-label value, unwraps a one-element enum list, removes nulls strict mode added to optional fields', () => {
    const mapped = conformToSchema(ORDER, {
      id: 'A-1',
      note: null,
      placed_at: '2024-01-02T03:04:05',
      priority: ['high'],
      channel: 'web',
      customer: { name: 'Ann', vip: 'true' },
      tags: 'gift',
      lines: [{ sku: 'X', qty: null, dims: null }, null],
      region: null,
    });
    expect(mapped).toEqual({
      id: 'A-1',
      placed_at: '2024-01-02T03:04:05',
      priority: 'high',
      channel: 'web',
      customer: { name: 'Ann', vip: true },
      tags: ['gift'],
      // dims is optional but its own type allows null, so the null stays.
      lines: [{ sku: 'X', qty: null, dims: null }],
    });
  });

  it('leaves values that do not fit for validation to reject', () => {
    const mapped = conformToSchema(RECEIPT_SCHEMA, { total: 'twelve', payment_method: 'barter' }) as Record<string, unknown>;
    expect(mapped.total).toBe('twelve');
    expect(mapped.payment_method).toBe('barter');
  });
});
