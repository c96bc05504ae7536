"""Attention as lines between words (viz.figures.flow, viz/ui/chart/plot.js) in a real headless Chromium,
for the live model and both real models, in English and Korean, at 1400x900 and on a 390x844 phone.

Each test reads the heatmap's weights as the browser drew them, switches the view to lines with the
page's own control, and holds every drawn line to them: a line for each weight at or over the chart's
threshold, carrying exactly that weight and drawn at that weight's opacity to a tenth, no line under it.
Then it hovers a word (taps it on the phone): only that word's lines stay drawn, in every head; leaving
it (tapping it again) shows them all. The address bar carries the view. The model view (every layer's
heads as small panels) draws each line in its own panel, and a word's dot at a row's edge shows only that
word's lines in every panel of every layer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pytest

from bench.harness.browser import (
    WAIT_MS,
    StreamlitServer,
    assert_no_exception,
    plot_eval,
    screenshot,
    wait_for_idle,
    wait_for_rerun,
)
from tests.support.needs import real
from viz.figures.flow import level
from viz.i18n import t

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

#: every heatmap trace's z as plain lists
Z_JS = "el._fullData.filter((t) => t.type === 'heatmap').map((t) => Array.from(t.z, (r) => Array.from(r)))"
#: every line: [head, query, key, weight, opacity, visible] (visible false once a hovered word hides it:
#: its segment taken out of its shape's path)
LINES_JS = (
    "el.layout.meta.lines.shapes.flatMap((lines, i) => { const s = el._fullLayout.shapes[i];"
    " return lines.map(([h, q, k, w]) => [h, q, k, w, s.opacity,"
    " s.visible !== false && `${s.path}M`.includes(`M0,${q}L1,${k}M`)]); })"
)
#: where word ``i`` of the left column (the queries) is drawn, in the window's CSS px
WORD_AT_JS = (
    "(() => { const xa = el._fullLayout.xaxis, ya = el._fullLayout.yaxis;"
    " const r = el.querySelector('.main-svg').getBoundingClientRect();"  # under the toolbar's strip
    " return [r.left + xa._offset + xa.l2p(0), r.top + ya._offset + ya.l2p(WORD)]; })()"
)
HOVERED = 2  # the word hovered (0-based): "ate" in the live model's sentence, "cat" in the real models'


@dataclass(frozen=True)
class Case:
    """A page whose heatmap and lines are compared: its link, its charts, the heads its heatmap shows."""

    name: str
    path: str
    heatmap: str  # the heatmap's chart key
    lines: str  # the lines' chart key
    heads: tuple[int, ...]  # the (0-based) head of each heatmap trace
    real: str | None = None  # the real model the page needs

    def root(self, key: str) -> str:
        return f".st-key-{key}"


ATTENTION = Case("attention", "/attention?", "att_maps_grid", "att_maps_lines", tuple(range(8)))
MINILM = Case(
    "minilm",
    "/pretrained?model=minilm&tab=one&layer=3&head=5&",
    "real_one_minilm",
    "real_lines_minilm",
    (4,),
    "minilm",
)
SMOLLM2 = Case(
    "smollm2",
    "/pretrained?model=smollm2&tab=one&layer=3&head=5&",
    "real_one_smollm2",
    "real_lines_smollm2",
    (3, 4, 5),  # head 5 shares its key/value head with heads 4 and 6
    "smollm2",
)


def open_page(browser: Browser, lang: str, phone: bool) -> Page:
    width, height = (390, 844) if phone else (1400, 900)
    context = browser.new_context(
        viewport={"width": width, "height": height},
        locale="ko-KR" if lang == "ko" else "en-US",
        has_touch=phone,
        is_mobile=phone,
    )
    context.set_default_timeout(WAIT_MS)
    return context.new_page()


def lines_drawn(page: Page, root: str) -> list[list[Any]]:
    return plot_eval(page, LINES_JS, root=root)


def press_word(page: Page, root: str, phone: bool) -> None:
    """Hover the left column's word :data:`HOVERED` (tap it on a phone)."""
    page.locator(root).scroll_into_view_if_needed()
    x, y = plot_eval(page, WORD_AT_JS.replace("WORD", str(HOVERED)), root=root)
    if phone:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.move(x, y)


@pytest.mark.parametrize(
    ("case", "lang", "phone"),
    [
        pytest.param(ATTENTION, "en", False, id="attention-en-1400"),
        pytest.param(ATTENTION, "ko", True, id="attention-ko-390"),
        pytest.param(MINILM, "ko", False, id="minilm-ko-1400"),
        pytest.param(MINILM, "en", True, id="minilm-en-390"),
        pytest.param(SMOLLM2, "en", False, id="smollm2-en-1400"),
    ],
)
def test_the_lines_carry_the_heatmaps_weights_and_a_word_alone_shows_its_lines(
    browser: Browser, server: StreamlitServer, case: Case, lang: str, phone: bool
) -> None:
    if case.real:
        real(case.real)
    page = open_page(browser, lang, phone)
    try:
        page.goto(f"{server.url}{case.path}lang={lang}")
        heat = case.root(case.heatmap)
        wait_for_rerun(
            page, f"el._fullData.filter((t) => t.type === 'heatmap').length === {len(case.heads)}", root=heat
        )
        maps = plot_eval(page, Z_JS, root=heat)

        page.get_by_text(t("flow.view.lines", lang), exact=True).click()  # the page's own control
        root = case.root(case.lines)
        wait_for_rerun(page, "el._fullLayout.meta.lines && el._fullLayout.shapes.length > 0", root=root)
        page.wait_for_function("() => new URLSearchParams(location.search).get('view') === 'lines'")
        floor = plot_eval(page, "el._fullLayout.meta.lines.threshold", root=root)
        found = lines_drawn(page, root)
        drawn = {(h, q, k): weight for h, q, k, weight, _, _ in found}
        assert all(opacity == pytest.approx(level(weight)) for _, _, _, weight, opacity, _ in found)
        for head, z in zip(case.heads, maps, strict=True):
            for q, row in enumerate(z):
                for k, weight in enumerate(row):
                    if weight >= floor + 1e-6:
                        assert drawn.get((head, q, k)) == pytest.approx(weight, abs=1e-5), (head, q, k)
                    elif weight < floor - 1e-6:
                        assert (head, q, k) not in drawn, (head, q, k, weight)
        assert len({h for h, _, _ in drawn}) > len(case.heads) or case is ATTENTION  # every head of the layer
        assert_no_exception(page)
        screenshot(page, f"flow_{case.name}_{lang}_{'390' if phone else '1400'}", full_page=False)

        press_word(page, root, phone)
        only = (
            f"(() => {{ const all = {LINES_JS}; return all.every((l) => l[5] === (l[1] === {HOVERED})); }})()"
        )
        wait_for_rerun(page, only, root=root)
        shown = [(h, q) for h, q, _, _, _, visible in lines_drawn(page, root) if visible]
        assert shown and {q for _, q in shown} == {HOVERED}
        assert {h for h, _ in shown} == {h for h, q, _ in drawn if q == HOVERED}  # in every head
        if phone:
            press_word(page, root, phone)  # a second tap on the same word lets it go
        else:
            page.mouse.move(5, 5)  # off the chart
        wait_for_rerun(page, f"{LINES_JS}.every((l) => l[5])", root=root)
        assert_no_exception(page)
    finally:
        page.context.close()


def test_a_word_chosen_in_the_link_draws_only_its_lines_and_the_control_shows_it(
    browser: Browser, server: StreamlitServer
) -> None:
    """The keyboard's way to one word (and a shared link's): the "Lines of" box, in the address bar."""
    page = open_page(browser, "en", False)
    try:
        page.goto(f"{server.url}/attention?view=lines&word=7")  # the 7th word: "it"
        root = ATTENTION.root(ATTENTION.lines)
        wait_for_rerun(page, "el._fullLayout.meta.lines.focus === 6", root=root)
        assert {q for _, q, _, _, _, _ in lines_drawn(page, root)} == {6}
        box = page.locator(".st-key-att_word input[role='combobox']")
        assert box.input_value() == "6 · it"
        wait_for_idle(page)
        assert_no_exception(page)
    finally:
        page.context.close()


# ---- the model view: every layer's heads as small panels ---------------------------------------------------
#: every line of the model view: [panel, query, key, weight, opacity, visible] (its segment in its panel)
MODEL_LINES_JS = (
    "el.layout.meta.lines.shapes.flatMap((lines, i) => { const s = el._fullLayout.shapes[i];"
    " const at = el.layout.meta.lines.panels;"
    " return lines.map(([p, q, k, w]) => { const [x, y] = at[p]; return [p, q, k, w, s.opacity,"
    " s.visible !== false && `${s.path}M`.includes(`M${x},${y + q}L${x + 1},${y + k}M`)]; }); })"
)


@pytest.mark.parametrize(
    ("case", "lang", "phone"),
    [
        pytest.param(ATTENTION, "en", False, id="attention-en-1400"),
        pytest.param(MINILM, "ko", True, id="minilm-ko-390"),
    ],
)
def test_the_model_view_draws_every_layer_and_a_word_lights_its_lines_in_every_panel(
    browser: Browser, server: StreamlitServer, case: Case, lang: str, phone: bool
) -> None:
    if case.real:
        real(case.real)
    page = open_page(browser, lang, phone)
    try:
        deeper = "layers=2&" if case is ATTENTION else ""  # the live model: two layers of rows
        page.goto(f"{server.url}{case.path}{deeper}lang={lang}")
        page.get_by_text(t("flow.view.model", lang), exact=True).click()  # the page's own control
        root = f".st-key-{'att_maps_model' if case is ATTENTION else f'real_model_{case.real}'}"
        wait_for_rerun(
            page, "el._fullLayout.meta.lines.panels && el._fullLayout.shapes.length > 0", root=root
        )
        page.wait_for_function("() => new URLSearchParams(location.search).get('view') === 'model'")
        meta = plot_eval(page, "el._fullLayout.meta.lines", root=root)
        layers, heads = meta["layers"], meta["heads"]
        assert layers == (2 if case is ATTENTION else 6) and heads == (8 if case is ATTENTION else 12)
        found = plot_eval(page, MODEL_LINES_JS, root=root)
        assert found and all(visible for *_, visible in found)  # each line's segment is in its panel
        assert all(opacity == pytest.approx(level(weight)) for _, _, _, weight, opacity, _ in found)
        assert {p for p, *_ in found} == set(range(layers * heads))
        screenshot(page, f"flow_model_{case.name}_{lang}_{'390' if phone else '1400'}", full_page=False)

        # a word's dot at the second layer's left edge: its lines alone, in every panel of every layer
        page.locator(root).scroll_into_view_if_needed()
        y_word = meta["panels"][heads][1] + HOVERED
        x, y = plot_eval(
            page,
            "(() => { const xa = el._fullLayout.xaxis, ya = el._fullLayout.yaxis;"
            " const r = el.querySelector('.main-svg').getBoundingClientRect();"
            f" return [r.left + xa._offset + xa.l2p(0), r.top + ya._offset + ya.l2p({y_word})]; }})()",
            root=root,
        )
        if phone:
            page.touchscreen.tap(x, y)
        else:
            page.mouse.move(x, y)
        only = f"{MODEL_LINES_JS}.every((l) => l[5] === (l[1] === {HOVERED}))"
        wait_for_rerun(page, only, root=root)
        shown = {p for p, q, _, _, _, visible in plot_eval(page, MODEL_LINES_JS, root=root) if visible}
        assert shown == {p for p, q, *_ in found if q == HOVERED} and len(shown) > heads  # beyond one layer
        if phone:
            page.touchscreen.tap(x, y)  # a second tap lets it go
        else:
            page.mouse.move(5, 5)
        wait_for_rerun(page, f"{MODEL_LINES_JS}.every((l) => l[5])", root=root)
        assert_no_exception(page)
    finally:
        page.context.close()
