export * from './catalogue.js';
export * from './text-models.js';
export * from './image-models.js';
export * from './helpers.js';
export * from './provider-specs.js';
