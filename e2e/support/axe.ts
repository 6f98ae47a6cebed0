/**
 * WCAG 2.1 A and AA violations of a page as it is now (axe in the page), one line each: rule,
 * impact, and the offending elements. `within` limits the check to the part a selector picks.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export async function wcagViolations(page: Page, within?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const result = await (within ? axe.include(within) : axe).analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(', ')}`,
  );
}
