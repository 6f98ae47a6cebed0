import { describe, expect, it, vi } from 'vitest';
import { getPlatform, isNativePlatform } from './platform.ts';
import { stubNativeBridge } from '../../test/native-bridge.ts';

const platform = vi.hoisted(() => ({ current: 'web' }));
stubNativeBridge(() => platform.current);

describe('platform detection', () => {
  it('reports android and ios as native by the bridge their shell injects', () => {
    for (const native of ['android', 'ios'] as const) {
      platform.current = native;
      expect(getPlatform()).toBe(native);
      expect(isNativePlatform()).toBe(true);
    }
  });

  it('treats the browser and anything unknown as web', () => {
    for (const other of ['web', 'electron']) {
      platform.current = other;
      expect(getPlatform()).toBe('web');
      expect(isNativePlatform()).toBe(false);
    }
  });
});
