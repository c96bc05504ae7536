"""The position schemes beyond the 2017 paper in a real headless Chromium, in English and Korean: a link
opens the relative biases on the Similarity page and the RoPE scaling tab on the Positional encoding page;
a click on another scheme and a key press on the scale slider redraw the charts and the address follows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from bench.harness.browser import (
    WAIT_MS,
    StreamlitServer,
    assert_no_exception,
    new_page,
    plot_eval,
    screenshot,
    wait_for_idle,
    wait_for_plot,
)
from viz.i18n import t

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

TITLE_JS = "el._fullLayout.title.text"


def fresh(browser: Browser, lang: str) -> Page:
    return new_page(browser, lang)


def address_says(page: Page, name: str, value: str) -> None:
    page.wait_for_function(
        "([n, v]) => new URLSearchParams(location.search).get(n) === v", arg=[name, value], timeout=WAIT_MS
    )


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_relative_biases_follow_the_scheme_and_the_link(
    browser: Browser, server: StreamlitServer, lang: str
) -> None:
    page = fresh(browser, lang)
    try:
        page.goto(f"{server.url}/similarity?tab=bias&bheads=4&bhead=2&lang={lang}")
        want = t("rel.alibi.matrix", lang, head=2, heads=4, slope="0.0625")
        wait_for_plot(page, f"{TITLE_JS} === {want!r}")
        # the masked future keys are gaps: the first query's row has one number, at its own key
        assert (
            plot_eval(page, "el._fullData[0].z[0].filter((v) => v !== null && !Number.isNaN(v)).length") == 1
        )
        page.get_by_text(t("rel.scheme.t5", lang), exact=True).click()
        wait_for_plot(page, f"{TITLE_JS} === {t('rel.t5.matrix', lang, buckets=32, maxdist=128)!r}")
        address_says(page, "bias", "t5")
        wait_for_idle(page)
        assert_no_exception(page)
        screenshot(page, f"similarity_t5_{lang}", full_page=False)
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_rope_scaling_redraws_when_the_scale_moves(
    browser: Browser, server: StreamlitServer, lang: str
) -> None:
    page = fresh(browser, lang)
    try:
        page.goto(f"{server.url}/positional_encoding?tab=rope&s=4&lang={lang}")
        sl = t("rs.level.sl", lang, n=8192)
        wait_for_plot(
            page,
            f"{TITLE_JS} === {t('rs.wave.title', lang)!r} && el._fullData.some((d) => d.name === {sl!r})",
        )
        # s's one control on the screen: the live strip beside the charts (the page's rs_scale is hidden)
        page.locator('.st-key-rs_live input[data-name="scale"]').focus()
        page.keyboard.press("ArrowRight")  # s = 8
        sl = t("rs.level.sl", lang, n=16384)
        wait_for_plot(page, f"el._fullData.some((d) => d.name === {sl!r})")
        address_says(page, "s", "8")
        metric = page.locator('[data-testid="stMetricValue"]').first
        assert metric.inner_text().strip() == f"{0.1 * 2.0794415416798357 + 1:.3f}"  # 0.1 ln 8 + 1
        wait_for_idle(page)
        assert_no_exception(page)
        screenshot(page, f"pe_rope_scaling_{lang}", full_page=False)
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_online_softmax_windows_and_grouped_heads_draw_in_the_browser(
    browser: Browser, server: StreamlitServer, lang: str
) -> None:
    """The three new tabs of the Softmax and Attention pages open from a link and draw, with the
    address keeping the view (screenshots for the eye)."""
    page = fresh(browser, lang)
    try:
        page.goto(f"{server.url}/softmax?tab=online&oblock=5&lang={lang}")
        want = t("os.scores.title", lang, k=4, blocks=4)  # 16 keys in blocks of 5: 4 blocks, on the last
        wait_for_plot(page, f"{TITLE_JS} === {want!r}")
        assert plot_eval(page, "el._fullData.length") == 4  # read, this block, unread, the running max
        wait_for_idle(page)
        assert_no_exception(page)
        screenshot(page, f"softmax_online_{lang}", full_page=False)
        page.goto(f"{server.url}/attention?tab=window&w=4&sinks=2&lang={lang}")
        wait_for_plot(page, f"{TITLE_JS} === {t('win.mask.title', lang, w=4, k=2)!r}")
        wait_for_idle(page)
        assert_no_exception(page)
        screenshot(page, f"attention_window_{lang}", full_page=False)
        page.goto(f"{server.url}/attention?kv=2&lang={lang}")
        head = t("heads.title.kv", lang, h=5, kv=2)
        wait_for_plot(page, f"el._fullLayout.annotations.some((a) => a.text === {head!r})")
        address_says(page, "kv", "2")
        wait_for_idle(page)
        assert_no_exception(page)
        screenshot(page, f"attention_gqa_{lang}", full_page=False)
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_lesson_moves_with_a_clickers_keys_and_reveals_its_view(
    browser: Browser, server: StreamlitServer, lang: str
) -> None:
    """PageDown / PageUp (what a presenter's clicker sends) and the arrow keys press Next and Back; the
    address follows; Reveal draws the step's page."""
    from viz.state import lesson

    total = len(lesson.STEPS)
    page = fresh(browser, lang)

    def at_step(n: int) -> None:
        page.wait_for_function(
            "(want) => [...document.querySelectorAll('h3')].some((h) => h.innerText.trim() === want)",
            arg=t("lesson.counter", lang, n=n, total=total),
            timeout=WAIT_MS,
        )
        address_says(page, "step", str(n)) if n > 1 else None

    try:
        page.goto(f"{server.url}/lesson?step=3&lang={lang}")
        at_step(3)
        wait_for_idle(page)
        page.wait_for_function("() => document.documentElement.dataset.lessonKeys === 'on'")  # keys heard
        page.get_by_role("heading", name=t("lesson.title", lang)).click()  # the page has the focus
        page.keyboard.press("PageDown")
        at_step(4)
        wait_for_idle(page)
        page.keyboard.press("ArrowRight")
        at_step(5)
        wait_for_idle(page)
        page.keyboard.press("PageUp")
        at_step(4)
        wait_for_idle(page)
        page.get_by_role("button", name=t("lesson.reveal", lang)).click()
        page.locator(".js-plotly-plot").first.wait_for(timeout=WAIT_MS)
        wait_for_idle(page)
        assert_no_exception(page)
        screenshot(page, f"lesson_step4_{lang}", full_page=False)
    finally:
        page.context.close()


@pytest.mark.parametrize(("locale", "lang"), [("ko-KR", "ko"), ("en-US", "en"), ("fr-FR", "en")])
def test_a_link_without_lang_opens_in_the_browsers_language(
    browser: Browser, server: StreamlitServer, locale: str, lang: str
) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 900}, locale=locale)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    try:
        page.goto(f"{server.url}/softmax")
        page.get_by_role("heading", name=t("sm.title", lang)).wait_for()
        wait_for_idle(page)
        assert_no_exception(page)
    finally:
        context.close()
