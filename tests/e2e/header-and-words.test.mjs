// Issue 24 in headless Chromium: the header keeps one line however many
// variants a scenario has (a menu from three on), in both languages.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { open, screenshot, useApp, waitForText } from "./harness.mjs";

const app = useApp();

/** The height of one line of the header's controls, in px, at most. */
const ONE_LINE = 40;

describe("the header", () => {
  for (const lang of ["en", "zh-CN"])
    test(`four variants fit one line at 1440 px (${lang})`, async () => {
      const { page, errors } = await open(
        app.chrome.context,
        app.server.url + `?scenario=embassy/watch-herd&lang=${lang}`,
      );
      await page.setViewportSize({ width: 1440, height: 900 });
      const sw = page.getByTestId("variant-switch");
      await sw.waitFor({ timeout: 15000 });
      await screenshot(page, `header-four-variants-${lang}`);
      const box = await sw.boundingBox();
      assert.ok(
        box.height <= ONE_LINE,
        `variant control is ${box.height} px tall`,
      );
      const langBox = await page.getByTestId("lang-switch").boundingBox();
      assert.ok(
        langBox.height <= ONE_LINE,
        `language switch is ${langBox.height} px tall`,
      );
      const header = await page.locator("header").first().boundingBox();
      assert.ok(header.height <= 60, `header is ${header.height} px tall`);
      // the title is whole
      const title = page.getByTestId("crumb-title");
      const cut = await title.evaluate((b) => {
        const t = b.querySelector("span") ?? b;
        return t.scrollWidth > t.clientWidth + 1;
      });
      assert.equal(cut, false, "the title is cut");
      // the menu changes the variant
      const before = await sw.inputValue();
      const other = (
        await sw.locator("option").evaluateAll((os) => os.map((o) => o.value))
      ).find((v) => v !== before);
      await sw.selectOption(other);
      await page.waitForFunction(
        (v) =>
          document.querySelector('[data-testid="variant-switch"]')?.value === v,
        other,
      );
      await waitForText(
        page.getByTestId("variant-switch").locator("option:checked"),
        other,
        8000,
      );
      await screenshot(page, `header-four-variants-${lang}`);
      assert.deepEqual(errors, []);
    });
});
