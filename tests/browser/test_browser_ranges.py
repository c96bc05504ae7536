"""A control whose range follows another setting, in a real headless Chromium.

The similarity page's pair slider covers d_model // 2 pairs. Streamlit makes a slider a new widget when
its range changes, and the new widget took the value put aside at the range's previous change instead of
the one the user had left: after two changes with a move in between, the page stopped with
``StreamlitValueAboveMaxError`` (the traceback box replaced the rest of the page). The same sequence, in
fewer key presses, as a user makes it: d_model 18 (pairs 0-8), pair to its end (8), d_model 17 (0-7: the
pair shows 7), pair to 0, d_model 16 (0-7) and 15 (0-6).

One Streamlit server and one browser for the run, a fresh browser context per test, as in
``tests/browser/test_browser.py``. Skipped where Chromium or Playwright is missing, except under ``CI``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from bench.harness.browser import (
    EXCEPTION,
    WAIT_MS,
    StreamlitServer,
    assert_no_exception,
    open_tab,
    sidebar_slider,
    slider_value,
    wait_for_idle,
)
from viz.i18n import t

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.browser

PAIR = '.st-key-sim_pair input[type="range"], .st-key-sim_pair [role="slider"]'

# Until the block chart's title is ``title`` and T(k)'s names ``size`` (this d_model; drawn after the
# sliders), or the page shows a traceback box: the test then fails on it at once instead of timing out.
_SHOWN_OR_BROKEN_JS = """([title, size, broken]) => {
  if (document.querySelector(broken)) return true;
  const app = document.querySelector('[data-testid="stApp"]');
  if (!app || app.getAttribute('data-test-script-state') !== 'notRunning') return false;
  const text = (key) => {
    const el = document.querySelector('.st-key-' + key + ' .js-plotly-plot');
    return el && el._fullLayout && el._fullLayout.title ? String(el._fullLayout.title.text) : '';
  };
  return text('sim_block') === title && text('sim_rot').includes(size);
}"""


def press(page: Page, thumb: Locator, key: str) -> None:
    thumb.focus()
    thumb.press(key)


def wait_for_pair(page: Page, pair: int, d_model: int, slider: Locator) -> None:
    """Until the page has rerun at ``d_model`` (T(k) is d_model x d_model, its top-left corner past 12)
    and draws ``pair``; then no traceback, and the sliders show that pair and that d_model."""
    title, size = t("sim.rot.block", "en", pair=pair), f"{d_model} × {d_model}"
    page.wait_for_function(_SHOWN_OR_BROKEN_JS, arg=[title, size, EXCEPTION], timeout=WAIT_MS)
    wait_for_idle(page)
    assert_no_exception(page)
    assert slider_value(page.locator(PAIR).first) == pair
    assert slider_value(slider) == d_model


def test_the_pair_slider_survives_two_shrinking_ranges(
    page: Page, server: StreamlitServer, page_errors: list[str]
) -> None:
    page.goto(f"{server.url}/similarity?d_model=18")
    page.locator('[role="tab"]').first.wait_for(timeout=120_000)
    wait_for_idle(page)
    open_tab(page, t("sim.rot.title", "en"))
    d_model = sidebar_slider(page, t("ui.sidebar.d_model", "en"))
    wait_for_pair(page, 0, 18, d_model)

    press(page, page.locator(PAIR).first, "End")
    wait_for_pair(page, 8, 18, d_model)
    press(page, d_model, "ArrowLeft")
    wait_for_pair(page, 7, 17, d_model)  # 8 pairs now: clamped to the last
    press(page, page.locator(PAIR).first, "Home")
    wait_for_pair(page, 0, 17, d_model)
    press(page, d_model, "ArrowLeft")
    wait_for_pair(page, 0, 16, d_model)
    press(page, d_model, "ArrowLeft")
    wait_for_pair(page, 0, 15, d_model)  # was: a traceback (the value 7 is greater than the max 6)
    assert page_errors == []
