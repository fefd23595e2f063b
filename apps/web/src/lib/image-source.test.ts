import { describe, expect, it } from 'vitest';
import { classifyImageSource } from './image-source';

const ORIGIN = 'https://ensemble.example';

describe('classifyImageSource', () => {
  it('lets our own paths and origin, data images and blobs load', () => {
    expect(classifyImageSource('/api/images/file/abc.png', ORIGIN)).toEqual({ kind: 'own', src: '/api/images/file/abc.png' });
    expect(classifyImageSource('https://ensemble.example/api/images/file/x.png?v=1', ORIGIN)).toEqual({
      kind: 'own',
      src: '/api/images/file/x.png?v=1',
    });
    expect(classifyImageSource('data:image/png;base64,iVBOR', ORIGIN)).toMatchObject({ kind: 'own' });
    expect(classifyImageSource('blob:https://ensemble.example/1234', ORIGIN)).toMatchObject({ kind: 'own' });
  });

  it('turns any other host into a link labelled with that host, tricks included', () => {
    expect(classifyImageSource('https://evil.example/p.png?leak=secret', ORIGIN)).toEqual({
      kind: 'remote',
      href: 'https://evil.example/p.png?leak=secret',
      host: 'evil.example',
    });
    expect(classifyImageSource('//evil.example/p.png', ORIGIN)).toMatchObject({ kind: 'remote', host: 'evil.example' });
    expect(classifyImageSource('https://ensemble.example.evil.example/p.png', ORIGIN)).toMatchObject({ kind: 'remote' });
    expect(classifyImageSource('http://ensemble.example/p.png', ORIGIN)).toMatchObject({ kind: 'remote' });
    expect(classifyImageSource('https://ensemble.example:8443/p.png', ORIGIN)).toMatchObject({
      kind: 'remote',
      host: 'ensemble.example:8443',
    });
  });

  it('drops other schemes and empty addresses', () => {
    expect(classifyImageSource('javascript:alert(1)', ORIGIN)).toEqual({ kind: 'invalid' });
    expect(classifyImageSource('data:text/html,<b>x</b>', ORIGIN)).toEqual({ kind: 'invalid' });
    expect(classifyImageSource('', ORIGIN)).toEqual({ kind: 'invalid' });
  });
});
