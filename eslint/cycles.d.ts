import type { Rule } from 'eslint';

declare const cycles: Rule.RuleModule;
export function resolveImport(
  from: string,
  spec: string,
  files: { has(file: string): boolean },
): string | null;
export default cycles;
