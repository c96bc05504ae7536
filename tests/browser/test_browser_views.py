"""A link made on each page opens the same view elsewhere: in a real headless Chromium, change a few
controls (and a tab, and a tab inside it) on a page, copy the address, open it in a FRESH browser context
(a new Streamlit session), and compare every keyed control's value and every chart's data.

One Streamlit server and one browser for the run. Skipped where Chromium or Playwright is missing,
except under ``CI``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest

from bench.harness.browser import (
    WAIT_MS,
    StreamlitServer,
    animation_frames,
    assert_no_exception,
    every_section,
    open_tab,
    pick_option,
    sidebar_button,
    wait_for_idle,
)
from viz.i18n import t

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

#: Every keyed widget's value (by its ``st-key-`` class), every tab's selection and every chart's data
#: (a digest of Plotly's ``data`` per chart key), as the page shows them.
SNAPSHOT_JS = """() => {
  const keyOf = (el) => [...el.classList].find((c) => c.startsWith('st-key-'));
  const controls = {};
  for (const box of document.querySelectorAll('[class*="st-key-"]')) {
    const key = keyOf(box);
    if (!key || box.querySelector('.js-plotly-plot')) continue;
    const parts = [];
    for (const input of box.querySelectorAll('input, textarea')) {
      if (input.type === 'checkbox' || input.type === 'radio') parts.push(input.checked);
      else parts.push(input.value);
    }
    for (const b of box.querySelectorAll('[aria-checked], [aria-selected]')) {
      const on = b.getAttribute('aria-checked') || b.getAttribute('aria-selected');
      parts.push((b.innerText || '').trim() + ':' + on);
    }
    for (const chip of box.querySelectorAll('[data-baseweb="tag"]')) {
      parts.push('tag:' + chip.innerText.trim());
    }
    if (parts.length) controls[key] = parts;
  }
  const tabs = [...document.querySelectorAll('[role=tab]')].map(
    (tab) => tab.innerText.trim() + ':' + tab.getAttribute('aria-selected'));
  const digest = (text) => {
    let h = 2166136261;
    for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 16777619) >>> 0; }
    return text.length + '/' + h.toString(16);
  };
  const plain = (value) => JSON.stringify(value, (k, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v));
  const charts = {};
  document.querySelectorAll('.js-plotly-plot').forEach((el, i) => {
    const box = el.closest('[class*="st-key-"]');
    const key = (box && keyOf(box)) || ('#' + i);
    charts[key] = digest(plain((el.data || []).map((tr) => [tr.type, tr.x, tr.y, tr.z, tr.text, tr.name])));
  });
  return {controls, tabs, charts, url: location.search};
}"""

DRAWN_JS = """(n) => {
  const plots = document.querySelectorAll('.js-plotly-plot');
  return plots.length === n && [...plots].every((el) => el._fullData && el.data);
}"""


def settle(page: Page) -> None:
    page.wait_for_timeout(300)  # a key press or click reaches the server before the rerun starts
    wait_for_idle(page)
    animation_frames(page, 2)


def snapshot(page: Page) -> dict[str, Any]:
    settle(page)
    shot: dict[str, Any] = page.evaluate(SNAPSHOT_JS)
    return shot


def open_fresh(browser: Browser, url: str, charts: int) -> tuple[Any, Page]:
    context = browser.new_context(viewport={"width": 1400, "height": 900}, locale="en-US")
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    page.goto(url)
    wait_for_idle(page)
    page.wait_for_function(DRAWN_JS, arg=charts, timeout=WAIT_MS)
    return context, page


def press(page: Page, selector: str, key: str, times: int) -> None:
    thumb = page.locator(f'{selector} input[type="range"]').first
    thumb.focus()
    for _ in range(times):
        page.keyboard.press(key)
    settle(page)


def pick(page: Page, widget_key: str, option: str) -> None:
    """Choose ``option`` in the selectbox ``widget_key``."""
    pick_option(page, f".st-key-{widget_key}", option, exact=False)
    settle(page)


def click_label(page: Page, widget_key: str, label: str) -> None:
    """Click the radio option or toggle labelled ``label`` inside the widget ``widget_key``."""
    page.locator(f".st-key-{widget_key}").get_by_text(label, exact=True).first.click()
    settle(page)


def type_text(page: Page, widget_key: str, text: str) -> None:
    box = page.locator(f".st-key-{widget_key} input").first
    box.fill(text)
    box.press("Enter")
    settle(page)


def pe_changes(page: Page) -> None:
    press(page, '[data-testid="stSidebar"] [data-testid="stSlider"]:has-text("d_model")', "ArrowLeft", 2)
    pick(page, "pe_kind__en", t("encodings.kind.binary", "en"))
    open_tab(page, t("pe.curves.title", "en"))


def embedding_changes(page: Page) -> None:
    type_text(page, "emb_text", "hello there world")
    click_label(page, "emb_scale_mode__en", t("emb.scale.one", "en"))
    open_tab(page, t("emb.order.title", "en"))
    type_text(page, "emb_order_b", "mouse the chased cat the")


def similarity_changes(page: Page) -> None:
    click_label(page, "sim_measure__en", t("sim.measure.cosine", "en"))
    open_tab(page, t("sim.rot.title", "en"))
    press(page, ".st-key-sim_k", "ArrowRight", 2)
    sidebar_button(page, "lang", "ko").click()
    settle(page)


def softmax_changes(page: Page) -> None:
    press(page, ".st-key-sm_var_live", "ArrowLeft", 2)  # d_k's one control on the first tab
    open_tab(page, t("ex.title", "en"))
    type_text(page, "sm_text", "the cat sat down")
    open_tab(page, t("ex.part.steps", "en"))


def attention_changes(page: Page) -> None:
    press(page, ".st-key-att_layers", "ArrowRight", 1)
    open_tab(page, t("steps.title", "en"))
    press(page, ".st-key-att_step_head", "ArrowRight", 2)
    open_tab(page, t("steps.part.scores", "en"))
    click_label(page, "att_step_causal", t("steps.causal", "en"))


def encoder_changes(page: Page) -> None:
    click_label(page, "enc_norm__en", t("enc.norm.pre", "en"))
    press(page, ".st-key-enc_layers", "ArrowLeft", 3)
    open_tab(page, t("enc.res.title", "en"))
    open_tab(page, t("enc.res.part.alike", "en"))


def every_section_changes(page: Page) -> None:
    every_section(page)
    press(page, ".st-key-sim_row_live", "ArrowLeft", 5)  # p's one control: its live strip
    press(page, '[data-testid="stSidebar"] [data-testid="stSlider"]:has-text("max_len")', "ArrowLeft", 3)


VIEWS: dict[str, tuple[str, Callable[[Page], None]]] = {
    "positional_encoding": ("/positional_encoding", pe_changes),
    "embedding": ("/embedding", embedding_changes),
    "similarity": ("/similarity", similarity_changes),
    "similarity_every_section": ("/similarity", every_section_changes),
    "softmax": ("/softmax", softmax_changes),
    "attention": ("/attention", attention_changes),
    "encoder": ("/encoder", encoder_changes),
}


@pytest.mark.parametrize("view", sorted(VIEWS))
def test_a_link_reopens_the_same_view_in_a_fresh_browser(
    browser: Browser, server: StreamlitServer, page: Page, view: str
) -> None:
    path, change = VIEWS[view]
    page.goto(server.url + path)
    settle(page)
    page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot').length > 0")
    before = snapshot(page)
    change(page)
    after = snapshot(page)
    assert after["url"] != before["url"]  # the changes are in the address
    assert after["controls"] != before["controls"]
    assert after["charts"]  # and the page draws charts to compare
    assert_no_exception(page)

    context, fresh = open_fresh(browser, page.url, len(after["charts"]))
    try:
        again = snapshot(fresh)
        assert again["url"] == after["url"]
        assert again["tabs"] == after["tabs"]
        assert again["controls"] == after["controls"]
        assert again["charts"] == after["charts"]
        assert_no_exception(fresh)
    finally:
        context.close()
