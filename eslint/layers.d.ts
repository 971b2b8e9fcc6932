import type { Rule } from 'eslint';

declare const layers: Rule.RuleModule;
export default layers;
