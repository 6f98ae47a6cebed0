import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchAppRoutes, routes } from './routes.tsx';

describe('matchAppRoutes (R-DELIVERY-12)', () => {
  it("gives react-router's matches, worked out once per path", () => {
    const path = '/main_dashboard/conversations/channel/c1';
    const first = matchAppRoutes(path);
    expect(first?.map((m) => [m.pathname, m.params])).toEqual(
      matchRoutes(routes, path)?.map((m) => [m.pathname, m.params]),
    );
    expect(first?.at(-1)?.params.conversationId).toBe('c1');
    expect(matchAppRoutes(path)).toBe(first);
    expect(matchAppRoutes('/main_dashboard/search')).not.toBe(first);
  });
});
