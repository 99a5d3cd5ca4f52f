// fast-formula-parser ships no types: the part sheet-formulas.ts uses.
declare module 'fast-formula-parser' {
  interface Position { sheet: string; row: number; col: number }
  interface RangeRef { sheet: string; from: { row: number; col: number }; to: { row: number; col: number } }
  interface Config {
    functions?: Record<string, (...args: any[]) => unknown>;
    onCell?: (ref: Position) => unknown;
    onRange?: (ref: RangeRef) => unknown[][];
  }
  export default class FormulaParser {
    constructor(config?: Config);
    parse(formula: string, position: Position, allowReturnArray?: boolean): unknown;
  }
}
