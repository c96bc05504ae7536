"""The Real models page in a real headless Chromium: a link opens SmolLM2's grouped heads on a sentence,
the head slider redraws the maps in place (crossing to the next key/value group) and the address
follows; the same link in a fresh browser opens the same view; a Korean text shows its byte pieces;
the next-token bars say " Paris". Needs the real models' files (fetched by the README's commands).
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import parse_qs, quote, urlsplit

import pytest

from bench.harness.browser import (
    PLOT_SELECTOR,
    WAIT_MS,
    StreamlitServer,
    assert_no_exception,
    screenshot,
    wait_for_idle,
    wait_for_plot,
)
from tests.support.needs import real
from viz.i18n import t

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

TITLE_JS = "el._fullLayout.title.text"


@pytest.fixture(autouse=True)
def _models() -> None:
    real("minilm")
    real("smollm2")


def fresh(browser: Browser, lang: str = "en-US") -> Page:
    context = browser.new_context(viewport={"width": 1400, "height": 900}, locale=lang)
    context.set_default_timeout(WAIT_MS)
    return context.new_page()


def titles(page: Page) -> list[str]:
    return page.evaluate(
        f"(s) => [...document.querySelectorAll(s)].map((el) => el._fullLayout ? {TITLE_JS} : null)",
        PLOT_SELECTOR,
    )


def test_a_link_opens_grouped_heads_and_the_head_slider_moves_to_the_next_group(
    browser: Browser, server: StreamlitServer
) -> None:
    text = "The cat sat on the mat because it was tired"
    page = fresh(browser)
    try:
        page.goto(f"{server.url}/pretrained?model=smollm2&tab=one&layer=3&head=6&text={quote(text)}")
        want = t("real.one.group_chart", "en", layer=3, heads="4, 5, 6", kv=2)
        wait_for_plot(page, f"{TITLE_JS} === {want!r}", timeout_ms=WAIT_MS)
        assert t("real.all.chart", "en", layers=30, heads=9) not in titles(page)  # only the open tab
        thumb = (
            page.locator('[data-testid="stSlider"]').filter(has_text="Head").locator('input[type="range"]')
        )
        thumb.first.focus()
        page.keyboard.press("ArrowRight")  # head 7: the third key/value head's group
        want = t("real.one.group_chart", "en", layer=3, heads="7, 8, 9", kv=3)
        wait_for_plot(page, f"{TITLE_JS} === {want!r}", timeout_ms=WAIT_MS)
        page.wait_for_function("() => new URLSearchParams(location.search).get('head') === '7'")
        wait_for_idle(page)
        assert_no_exception(page)
        screenshot(page, "real_smollm2_group", full_page=False)
        link = page.url
    finally:
        page.context.close()
    page = fresh(browser)
    try:
        page.goto(link)  # a fresh session opens exactly that view
        wait_for_plot(page, f"{TITLE_JS} === {want!r}", timeout_ms=WAIT_MS)
        query = parse_qs(urlsplit(page.url).query)
        assert query["model"] == ["smollm2"] and query["head"] == ["7"] and query["layer"] == ["3"]
    finally:
        page.context.close()


def test_korean_text_shows_its_pieces_and_the_next_token_is_paris(
    browser: Browser, server: StreamlitServer
) -> None:
    page = fresh(browser, "ko-KR")
    try:
        page.goto(f"{server.url}/pretrained?model=smollm2&lang=ko&text={quote('나는 학생이다')}")
        main = page.locator('[data-testid="stMain"]')
        main.get_by_text("⟨EB⟩ · ⟨82⟩ · ⟨98⟩", exact=False).first.wait_for()  # 나 in three bytes
        wait_for_idle(page)
        screenshot(page, "real_tokens_ko", full_page=False)
        page.goto(f"{server.url}/pretrained?model=smollm2&tab=next&text={quote('The capital of France is')}")
        wait_for_plot(page, "el._fullData[0].x[0] === '1. ␣Paris'", timeout_ms=WAIT_MS)
        assert_no_exception(page)
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_minilms_trained_table_on_the_pe_and_similarity_pages(
    browser: Browser, server: StreamlitServer, lang: str
) -> None:
    """A link opens MiniLM's position table's wavelengths (one coloured marker per column); its tab
    shows the table at its own width; the Similarity page compares it with the sinusoidal table."""
    from bench.harness.browser import open_tab, plot_eval

    page = fresh(browser, "ko-KR" if lang == "ko" else "en-US")
    name = t("encodings.kind.minilm", lang)
    try:
        page.goto(f"{server.url}/positional_encoding?enc=minilm&tab=waves&lang={lang}")
        wait_for_plot(page, f"{TITLE_JS} === {t('pe.wave.title.spectrum', lang)!r}", timeout_ms=WAIT_MS)
        assert plot_eval(page, "el._fullData[0].marker.color.length") == 384
        assert plot_eval(page, "el._fullData[0].mode") == "markers"
        open_tab(page, t("pe.tab.table", lang))
        want = t("encoding.heatmap.title", lang, name=name, max_len=100, d_model=384)
        wait_for_plot(page, f"{TITLE_JS} === {want!r}", timeout_ms=WAIT_MS)
        page.wait_for_function("() => new URLSearchParams(location.search).get('enc') === 'minilm'")
        assert_no_exception(page)
        screenshot(page, f"pe_minilm_{lang}", full_page=False)
        page.goto(f"{server.url}/similarity?enc=minilm&vs=sinusoidal&p=40&lang={lang}")
        for index, kind in enumerate(("minilm", "sinusoidal")):  # side by side, both over 100 positions
            want = t("sim.row.chart", lang, name=t(f"encodings.kind.{kind}", lang), p=40)
            wait_for_plot(page, f"{TITLE_JS} === {want!r}", index=index, timeout_ms=WAIT_MS)
            assert plot_eval(page, "el._fullData[0].y.length", index=index) == 100
        wait_for_idle(page)
        assert_no_exception(page)
    finally:
        page.context.close()
