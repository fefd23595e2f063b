import { API_DOC_PATHS } from '@ensemble/shared';
import { describe, expect, it } from 'vitest';
import { API_DOCS } from './api-docs-paths';

describe('the API reference paths', () => {
  it('are the shared contract’s', () => {
    expect(API_DOCS).toEqual(API_DOC_PATHS);
  });
});
