"""The similarity and embedding pages in a real headless Chromium.

Similarity: the dot-product curve of the sinusoidal encoding peaks at the chosen position p and follows
the ``sim_p`` slider (and its dashed p marker moves with it). Embedding: a typed sentence becomes the
rows of the E / P / E + P heatmaps, markup in it stays text, and ``?max_len=1`` warns instead of failing.
Both pages load in English and Korean (screenshots in ``test-artifacts/screenshots/``).

One Streamlit server and one browser for the module, a fresh browser context per test, as in
``tests/test_browser.py``. Skipped where Chromium or Playwright is missing, except under ``CI``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser_support import (
    ALERT,
    EXCEPTION,
    HANGUL,
    HEADING,
    StreamlitServer,
    plot_eval,
    screenshot,
    slider_value,
    wait_for_rerun,
)

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.browser

SIM_PATH, EMB_PATH = "/similarity", "/embedding"
SIM_CURVE = ".st-key-sim_row_sinusoidal"  # st.plotly_chart(..., key="sim_row_sinusoidal")'s container
SIM_SLIDER = ".st-key-sim_p"
EMB_PANELS = ".st-key-emb_panels"
EMB_TEXT = ".st-key-emb_text input"
DEFAULT_MAX_LEN = 100
DEFAULT_P = 50  # similarity.default_position(100)
DEFAULT_ROWS = ["0 · I", "1 · am", "2 · good"]  # the default sentence "I am good"
HOSTILE = "<b>bold</b><img src=x onerror=alert(1)>"

# JS expressions for plot_eval / wait_for_rerun (``el`` is the Plotly div).
#: x of the highest point of the first trace (the curve over positions j); null before it is drawn.
ARGMAX_JS = (
    "(() => { const t = el._fullData[0]; let best = 0;"
    " for (let i = 1; i < t.y.length; i++) { if (t.y[i] > t.y[best]) best = i; }"
    " return t.y.length ? Number(t.x[best]) : null; })()"
)
#: x values of the dashed vertical marker trace at p.
MARK_X_JS = "Array.from(el._fullData.find((t) => t.line && t.line.dash === 'dash').x, Number)"
#: the heatmap panels' row labels, per trace, as sent to Plotly.
ROWS_JS = "el._fullData.map((t) => Array.from(t.y, String))"


# ---- fixtures -----------------------------------------------------------------------------------------
@pytest.fixture
def dialogs(page: Page) -> list[str]:
    """Messages of every alert/confirm/prompt the page opens (each is dismissed)."""
    seen: list[str] = []

    def record(dialog: Any) -> None:
        seen.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    page.on("dialog", record)
    return seen


# ---- helpers ------------------------------------------------------------------------------------------
def assert_no_exception(page: Page) -> None:
    count = page.locator(EXCEPTION).count()
    assert count == 0, f"{count} exception box(es): {page.locator(EXCEPTION).all_inner_texts()}"


def heading(page: Page) -> str:
    return page.locator(HEADING).first.inner_text()


def sim_slider(page: Page) -> Locator:
    """The focusable range input of the ``sim_p`` slider (in the page body, not the sidebar)."""
    return page.locator(SIM_SLIDER).locator('input[type="range"], [role="slider"]').first


def wait_for_mark(page: Page, p: int) -> None:
    """Wait until the similarity curve's dashed marker stands at ``p`` and the app is idle."""
    wait_for_rerun(page, f"({MARK_X_JS}).every((x) => x === {int(p)})", root=SIM_CURVE)


def curve_argmax(page: Page) -> int:
    return int(plot_eval(page, ARGMAX_JS, root=SIM_CURVE))


def panel_rows(page: Page) -> list[list[str]]:
    return [list(rows) for rows in plot_eval(page, ROWS_JS, root=EMB_PANELS)]


def rows_js(rows: list[str]) -> str:
    """A wait_for_plot predicate: every panel's row labels are exactly ``rows``."""
    compact = json.dumps(rows, ensure_ascii=False, separators=(",", ":"))  # as JSON.stringify writes it
    want = json.dumps(compact, ensure_ascii=False)  # ... quoted as a JS string literal
    return f"({ROWS_JS}).every((ys) => JSON.stringify(ys) === {want})"


def type_sentence(page: Page, text: str) -> None:
    """Replace the sentence in the ``emb_text`` box and submit it with Enter."""
    box = page.locator(EMB_TEXT)
    box.fill(text)
    box.press("Enter")


def hangul_title_js(want: bool) -> str:
    """A wait_for_plot predicate: the chart title is (not) in Korean."""
    return f"/[\\uac00-\\ud7a3]/.test(el._fullLayout.title.text) === {'true' if want else 'false'}"


# ---- similarity ---------------------------------------------------------------------------------------
def test_similarity_curve_peaks_at_the_slider_position(
    page: Page, server: StreamlitServer, page_errors: list[str]
) -> None:
    page.goto(server.url + SIM_PATH)
    wait_for_mark(page, DEFAULT_P)
    thumb = sim_slider(page)
    assert slider_value(thumb) == DEFAULT_P
    assert plot_eval(page, "el._fullData[0].x.length", root=SIM_CURVE) == DEFAULT_MAX_LEN
    assert curve_argmax(page) == DEFAULT_P
    # a strict peak: the dot product of a sinusoidal vector with itself beats every other position
    at_least_peak = f"el._fullData[0].y.filter((y) => y >= el._fullData[0].y[{DEFAULT_P}]).length"
    assert plot_eval(page, at_least_peak, root=SIM_CURVE) == 1

    thumb.focus()
    for step in range(1, 6):  # one step per press; each press is a rerun
        thumb.press("ArrowRight")
        wait_for_mark(page, DEFAULT_P + step)
    p = slider_value(sim_slider(page))
    assert p == DEFAULT_P + 5
    assert curve_argmax(page) == p != DEFAULT_P
    assert plot_eval(page, MARK_X_JS, root=SIM_CURVE) == [p, p]
    assert page.locator('[data-testid="stMain"] h3').filter(has_text=f"Position {p} against").count() == 1

    sim_slider(page).focus()
    sim_slider(page).press("End")
    wait_for_mark(page, DEFAULT_MAX_LEN - 1)
    assert slider_value(sim_slider(page)) == DEFAULT_MAX_LEN - 1
    assert curve_argmax(page) == DEFAULT_MAX_LEN - 1
    assert plot_eval(page, MARK_X_JS, root=SIM_CURVE) == [DEFAULT_MAX_LEN - 1] * 2
    assert_no_exception(page)
    assert page_errors == []


# ---- embedding ----------------------------------------------------------------------------------------
def test_embedding_rows_follow_the_typed_sentence_and_markup_stays_text(
    page: Page, server: StreamlitServer, page_errors: list[str], dialogs: list[str]
) -> None:
    page.goto(server.url + EMB_PATH)
    wait_for_rerun(page, rows_js(DEFAULT_ROWS), root=EMB_PANELS)
    assert plot_eval(page, "el._fullData.length", root=EMB_PANELS) == 3  # E, P and E + P

    korean = ["0 · 나는", "1 · 학생", "2 · 입니다"]
    type_sentence(page, "나는 학생 입니다")
    wait_for_rerun(page, rows_js(korean), root=EMB_PANELS)
    assert panel_rows(page) == [korean] * 3
    assert plot_eval(page, "el._fullData.map((t) => t.z.length)", root=EMB_PANELS) == [3, 3, 3]
    assert plot_eval(page, "el._fullLayout.yaxis._categories", root=EMB_PANELS) == korean
    assert_no_exception(page)

    # The tokenizer splits punctuation off, so the markup arrives as 20 one-character or one-word rows;
    # the chart must get "<" and ">" escaped (Plotly reads its labels as HTML) and show them as text.
    type_sentence(page, HOSTILE)
    wait_for_rerun(page, "el._fullData[0].y.length === 20", root=EMB_PANELS)
    rows = panel_rows(page)
    assert rows[0][:4] == ["0 · &lt;", "1 · b", "2 · &gt;", "3 · bold"], rows[0]
    assert all(r == rows[0] for r in rows)
    assert not any("<" in label or ">" in label for label in rows[0]), rows[0]
    ticks = page.locator(f"{EMB_PANELS} .ytick text").all_text_contents()
    assert {"0 · <", "2 · >", "8 · <", "12 · x"} <= set(ticks), ticks
    code = page.locator('[data-testid="stMain"] [data-testid="stCode"]').first.inner_text()
    assert code.startswith("< | b | > | bold | < | / | b | >"), code
    page.wait_for_timeout(500)  # give a (wrongly) injected onerror handler time to fire
    assert dialogs == []
    assert page.locator('img[src="x"]').count() == 0
    assert page.locator(f"{EMB_PANELS} b, {EMB_PANELS} img").count() == 0
    assert_no_exception(page)
    assert page_errors == []


def test_embedding_with_one_position_warns_about_max_len(page: Page, server: StreamlitServer) -> None:
    page.goto(server.url + EMB_PATH + "?max_len=1")
    wait_for_rerun(page, rows_js(DEFAULT_ROWS[:1]), root=EMB_PANELS)  # "I am good" cut to one token

    # the sentence's own warning (the two-sentence section below also mentions max_len = 1)
    warning = page.locator(ALERT).filter(has_text="Only the first 1 tokens").filter(has_text="max_len = 1")
    warning.first.wait_for(state="visible")
    assert "(2 dropped)" in warning.first.inner_text()
    assert page.locator(ALERT).filter(has_text="not allowed").count() == 0  # the URL value was accepted
    assert panel_rows(page) == [DEFAULT_ROWS[:1]] * 3
    assert_no_exception(page)


# ---- both pages, both languages -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "root"), [(SIM_PATH, SIM_CURVE), (EMB_PATH, EMB_PANELS)], ids=["similarity", "embedding"]
)
@pytest.mark.parametrize(("lang", "hangul"), [("en", False), ("ko", True)], ids=["en", "ko"])
def test_new_page_in_each_language(
    page: Page, server: StreamlitServer, path: str, root: str, lang: str, hangul: bool
) -> None:
    page.goto(f"{server.url}{path}?lang={lang}")
    wait_for_rerun(page, hangul_title_js(hangul), root=root)

    assert bool(HANGUL.search(heading(page))) is hangul, heading(page)
    assert bool(HANGUL.search(plot_eval(page, "el._fullLayout.title.text", root=root))) is hangul
    assert_no_exception(page)
    print("saved", screenshot(page, f"{path.strip('/')}_{lang}"))
