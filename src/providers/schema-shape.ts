// Reads one node of an extraction-dialect schema as the shape the model adapters care about.
// Dialect kinds (spec "Extraction schema dialect"): object, array, plain/semantic string, number,
// integer, boolean, enum, enum union, nullable union.
import type { JsonSchema } from './types.js';

interface Base {
  nullable: boolean;
  description?: string;
  node: JsonSchema;
}
export type Shape =
  | (Base & { kind: 'object'; properties: Record<string, JsonSchema>; required: Set<string> })
  | (Base & { kind: 'array'; items: JsonSchema })
  | (Base & { kind: 'enum'; values: string[]; notes: string[] })
  | (Base & { kind: 'string'; semantic?: string; pattern?: string })
  | (Base & { kind: 'number' | 'integer' | 'boolean' })
  | (Base & { kind: 'unknown' });

const isNullBranch = (b: JsonSchema) => b?.type === 'null';
const isEnumBranch = (b: JsonSchema) => b && (typeof b.const === 'string' || Array.isArray(b.enum)) && b.type === undefined;

export function shapeOf(node: JsonSchema): Shape {
  const description = typeof node.description === 'string' ? node.description : undefined;
  const union: JsonSchema[] | undefined = Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : undefined;
  if (union) {
    const hasNull = union.some(isNullBranch);
    const branches = union.filter((b) => !isNullBranch(b));
    if (branches.length > 0 && branches.every(isEnumBranch)) {
      const values: string[] = [];
      const notes: string[] = [];
      for (const b of branches) {
        const own: string[] = typeof b.const === 'string' ? [b.const] : b.enum.filter((v: unknown) => typeof v === 'string');
        values.push(...own.filter((v) => !values.includes(v)));
        const note = [b.title, b.description].filter((x) => typeof x === 'string' && x).join(': ');
        if (note) notes.push(`${own.map((v) => JSON.stringify(v)).join(', ')} = ${note}`);
      }
      return { kind: 'enum', nullable: hasNull || union.some((b) => b.enum?.includes(null)), values, notes, description, node };
    }
    if (branches.length === 1) {
      const inner = shapeOf(branches[0]);
      return { ...inner, nullable: inner.nullable || hasNull, description: description ?? inner.description };
    }
    return { kind: 'unknown', nullable: hasNull, description, node };
  }

  const types: unknown[] = Array.isArray(node.type) ? node.type : [node.type];
  const nullable = types.includes('null');
  const type = types.find((t) => t !== 'null');
  if (Array.isArray(node.enum)) {
    const values = node.enum.filter((v: unknown): v is string => typeof v === 'string');
    return { kind: 'enum', nullable: nullable || node.enum.includes(null), values, notes: [], description, node };
  }
  switch (type) {
    case 'object':
      return {
        kind: 'object',
        nullable,
        properties: node.properties ?? {},
        required: new Set(Array.isArray(node.required) ? node.required : []),
        description,
        node,
      };
    case 'array':
      return { kind: 'array', nullable, items: node.items ?? {}, description, node };
    case 'string': {
      const semantic = node['x-service']?.semantic;
      return {
        kind: 'string',
        nullable,
        description,
        node,
        ...(typeof semantic === 'string' ? { semantic } : {}),
        ...(typeof node.pattern === 'string' ? { pattern: node.pattern } : {}),
      };
    }
    case 'number':
    case 'integer':
    case 'boolean':
      return { kind: type, nullable, description, node };
    default:
      return { kind: 'unknown', nullable, description, node };
  }
}
