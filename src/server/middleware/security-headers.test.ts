import { describe, expect, it } from 'vitest';
import { tileSources } from './security-headers.ts';

describe('tileSources', () => {
  it('allows the origin of the tile template, a {s} subdomain as a wildcard, nothing for nonsense', () => {
    expect(tileSources('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual(['https://tile.openstreetmap.org']);
    expect(tileSources('https://{s}.tiles.example.ru:8443/{z}/{x}/{y}.png')).toEqual([
      'https://*.tiles.example.ru:8443',
    ]);
    expect(tileSources('http://127.0.0.1:9100/tiles/{z}/{x}/{y}.png')).toEqual(['http://127.0.0.1:9100']);
    expect(tileSources('not a url')).toEqual([]);
  });
});
