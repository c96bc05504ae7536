"""A long paste into a sentence box, in a real headless Chromium.

Streamlit's text box ignores a whole change that is longer than its ``max_chars``: a paste of 1,000
characters into a box limited to 400 left the old sentence in place, without a word. The boxes take any
length now; only the first :data:`viz.encodings.embedding.MAX_CHARS` characters are read, and the page says
how many were left out. Hostile text (markup, a spreadsheet formula, direction marks, emoji, 10,000
characters) stays plain text.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from bench.harness.browser import (
    ALERT,
    StreamlitServer,
    assert_no_exception,
    every_section,
    plot_eval,
    wait_for_idle,
    wait_for_rerun,
)
from viz.encodings.embedding import MAX_CHARS
from viz.i18n import t

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

EMB_PANELS = ".st-key-emb_panels"
EMB_TEXT = ".st-key-emb_text input"
ATT_GRID = ".st-key-att_maps_grid"
ATT_TEXT = ".st-key-att_text input"
MAIN = '[data-testid="stMain"]'
ROWS_JS = "el._fullData.map((t) => Array.from(t.y, String))"
#: 100 words of 9 characters, a space between: 999 characters, of which the first 400 hold 40 words.
LONG = " ".join(f"word{i:05d}" for i in range(100)) + "!"
READ_WORDS = [f"word{i:05d}" for i in range(MAX_CHARS // 10)]


def rows_js(rows: list[str]) -> str:
    """A wait_for_plot predicate: every heatmap panel's row labels are exactly ``rows``."""
    want = json.dumps(json.dumps(rows, ensure_ascii=False, separators=(",", ":")), ensure_ascii=False)
    return f"({ROWS_JS}).every((ys) => JSON.stringify(ys) === {want})"


def paste(page: Page, box: str, text: str) -> None:
    """Put ``text`` into the box as a paste does (one change, not a key per character), then Enter."""
    field = page.locator(box)
    field.click()
    field.press("ControlOrMeta+a")
    page.keyboard.insert_text(text)
    field.press("Enter")


def cut_message(text: str) -> str:
    return t("ui.emb.cut.chars", "en", limit=MAX_CHARS, cut=len(text) - MAX_CHARS)


def test_a_long_paste_into_the_embedding_box_is_read_up_to_the_limit(
    page: Page, server: StreamlitServer, page_errors: list[str]
) -> None:
    assert len(LONG) == 1000
    page.goto(server.url + "/embedding")
    page.locator(EMB_PANELS).locator(".js-plotly-plot").wait_for()
    paste(page, EMB_TEXT, LONG)
    expected = [f"{i} · {w}" for i, w in enumerate(READ_WORDS)]
    wait_for_rerun(page, rows_js(expected), root=EMB_PANELS)  # the first 400 characters' 40 words
    page.locator(ALERT).filter(has_text=cut_message(LONG)).first.wait_for(state="visible")
    assert page.locator(EMB_TEXT).input_value() == LONG  # the box keeps what was pasted
    assert_no_exception(page)
    assert page_errors == []


def test_a_long_paste_into_the_attention_box_is_read_up_to_the_limit(
    page: Page, server: StreamlitServer, page_errors: list[str]
) -> None:
    page.goto(server.url + "/attention")
    page.locator(ATT_GRID).locator(".js-plotly-plot").wait_for()
    paste(page, ATT_TEXT, LONG)
    n = len(READ_WORDS)
    wait_for_rerun(
        page, f"el._fullData.every((t) => t.z.length === {n} && t.z[0].length === {n})", root=ATT_GRID
    )
    page.locator(ALERT).filter(has_text=cut_message(LONG)).first.wait_for(state="visible")
    assert_no_exception(page)
    assert page_errors == []


def test_hostile_text_is_plain_text(
    page: Page, server: StreamlitServer, page_errors: list[str], dialogs: list[str]
) -> None:
    piece = "<b>bold</b> **stars** [link](http://example.com) =cmd|' /C calc'!A0 \u202eevil\u202c 😀 "
    text = (piece * (10_000 // len(piece) + 1))[:10_000]
    page.goto(server.url + "/embedding")
    page.locator(EMB_PANELS).locator(".js-plotly-plot").wait_for()
    paste(page, EMB_TEXT, text)
    wait_for_rerun(page, "el._fullData[0].y.length === 48", root=EMB_PANELS)  # MAX_TOKENS rows
    page.locator(ALERT).filter(has_text=cut_message(text)).first.wait_for(state="visible")
    rows = plot_eval(page, ROWS_JS, root=EMB_PANELS)[0]
    assert rows[:4] == ["0 · &lt;", "1 · b", "2 · &gt;", "3 · bold"], rows  # escaped for Plotly
    assert "😀" in "".join(rows)
    shown = page.locator(f'{MAIN} [data-testid="stText"]').first.inner_text()
    assert shown.startswith("< | b | > | bold | < | / | b | > | * | * | stars"), shown
    assert "=" in shown and "\u202e" not in shown  # the formula sign is a token; direction marks are not
    # nothing of it became markup: no bold, link or image from the text anywhere in the page
    assert page.locator(f'{MAIN} a[href="http://example.com"]').count() == 0
    assert page.locator(f"{MAIN} b, {EMB_PANELS} img").count() == 0
    assert dialogs == []
    assert_no_exception(page)
    assert page_errors == []


@pytest.mark.parametrize(
    ("path", "box"),
    [("/attention", ".st-key-att_mask_text input"), ("/softmax", ".st-key-sm_text input")],
    ids=["attention-mask", "softmax"],
)
def test_a_long_paste_into_the_other_boxes_is_said(
    page: Page, server: StreamlitServer, page_errors: list[str], path: str, box: str
) -> None:
    page.goto(server.url + path)
    page.locator(".js-plotly-plot").first.wait_for()
    wait_for_idle(page)
    every_section(page)  # the box lives in a later section
    page.locator(box).wait_for()
    paste(page, box, LONG)
    page.locator(ALERT).filter(has_text=cut_message(LONG)).first.wait_for(state="visible")
    assert page.locator(box).input_value() == LONG  # taken, not dropped
    assert_no_exception(page)
    assert page_errors == []
