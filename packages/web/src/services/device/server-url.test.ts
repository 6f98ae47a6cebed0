import { describe, expect, it } from 'vitest';
import { apiBaseUrl, normalizeServerUrl } from './server-url.ts';

describe('apiBaseUrl', () => {
  it('is empty for the web build, which talks to its own origin', () => {
    expect(apiBaseUrl({})).toBe('');
    expect(apiBaseUrl({ STOOP_SERVER_URL: '' })).toBe('');
  });

  it('is the configured server URL for the native builds, without a trailing slash', () => {
    expect(apiBaseUrl({ STOOP_SERVER_URL: 'https://stoop.example.org/' })).toBe('https://stoop.example.org');
  });

  it('prefers STOOP_SERVER_URL over the older VITE_API_URL and still honours the latter', () => {
    expect(apiBaseUrl({ STOOP_SERVER_URL: 'https://a.example', VITE_API_URL: 'https://b.example' })).toBe(
      'https://a.example',
    );
    expect(apiBaseUrl({ VITE_API_URL: 'http://10.0.2.2:3000//' })).toBe('http://10.0.2.2:3000');
  });

  it('reads the build-time environment when called without arguments', () => {
    // The unit tests build without STOOP_SERVER_URL, like the web app.
    expect(apiBaseUrl()).toBe('');
  });
});

describe('normalizeServerUrl', () => {
  it('keeps an unset value empty', () => {
    expect(normalizeServerUrl(undefined)).toBe('');
    expect(normalizeServerUrl('  ')).toBe('');
  });

  it('reduces a URL to origin and path without the trailing slash', () => {
    expect(normalizeServerUrl(' https://Stoop.Example.org/ ')).toBe('https://stoop.example.org');
    expect(normalizeServerUrl('http://192.168.1.20:3000')).toBe('http://192.168.1.20:3000');
    expect(normalizeServerUrl('https://example.org/stoop/')).toBe('https://example.org/stoop');
  });

  it('rejects what the app could not reach', () => {
    expect(() => normalizeServerUrl('stoop.example.org')).toThrow(/absolute http\(s\) URL/);
    expect(() => normalizeServerUrl('ftp://stoop.example.org')).toThrow(/http or https/);
    expect(() => normalizeServerUrl('https://stoop.example.org/?x=1')).toThrow(/query or a fragment/);
  });
});
