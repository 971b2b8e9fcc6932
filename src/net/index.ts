/** The online protocol's public API (issue #14): message names, payloads, validators. */
export * from './protocol';
export * from './validate';
export * from './names';
export * from './replay';
export * from './chat';
export * from './rematch';
export * from './pairing';
export * from './listing';
export * from './rating';
export * from './profiles';
