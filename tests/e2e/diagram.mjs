// Shared by the e2e tests of the sequence diagram (each in the e2e file of the
// engine whose scenario it draws, tests/e2e/<engine>.test.mjs): open its tab,
// and read what Mermaid drew.
import { until } from './harness.mjs';

/** Opens the diagram tab and waits for Mermaid's drawing. */
export async function openDiagram(page) {
  await page.getByTestId('tab-diagram').click();
  await page.locator('[data-testid=sequence-diagram][data-status=ready]').waitFor({ timeout: 15000 });
  // give focus back to the page, so arrow keys move in time (not between tabs)
  await page.locator('#lanes').focus();
}

/** The texts of the drawn arrows and notes, once the drawing shows `n` arrows. */
export async function drawn(page, minArrows = 0) {
  return until(async () => {
    const d = await page.evaluate(() => {
      const box = document.querySelector('[data-testid=diagram-svg]');
      if (!box?.querySelector('svg')) return null;
      // a wrapped label is several <text>s: an arrow's words are on its band, a note's in its group
      const notes = new Map();
      for (const t of box.querySelectorAll('text.noteText'))
        notes.set(t.parentNode, [...(notes.get(t.parentNode) ?? []), t.textContent]);
      return {
        arrows: [...box.querySelectorAll('[data-hit]')].map((b) => b.getAttribute('data-text')),
        notes: [...notes.values()].map((lines) => lines.join(' ')),
        lines: box.querySelectorAll('.messageLine0, .messageLine1').length,
      };
    });
    return d && d.arrows.length >= minArrows ? d : null;
  }, `${minArrows} arrows in the diagram`);
}
