import type { Rule } from 'eslint';

declare const cycles: Rule.RuleModule;
export default cycles;
