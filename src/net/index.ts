/** The online protocol's public API (issue #14): message names, payloads, validators. */
export * from './protocol';
export * from './validate';
export * from './pairing';
