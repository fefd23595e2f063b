export * from './catalogue.js';
export * from './helpers.js';
