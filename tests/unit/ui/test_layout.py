"""viz.ui.layout, viz.ui.page_style and one control per value (viz.ui.live.twin_css), under AppTest: every
page's first tab has its row (the chart beside its controls) and the folded words at the end; a live strip
draws no copy of the sidebar's settings and hides the page's own widgets it mirrors."""

from __future__ import annotations

import pytest

from bench.harness.apptest import open_link
from viz.i18n import t
from viz.ui import live, page_style
from viz.ui.layout import ROW_KEY

#: The pages laid out by viz.ui.layout, with their first tab's id.
FIRST_TAB = {
    "positional_encoding": "table",
    "embedding": "sum",
    "similarity": "row",
    "softmax": "var",
    "attention": "maps",
    "encoder": "path",
    "pretrained": "tokens",
}


def test_a_strip_hides_the_page_widgets_it_mirrors_and_never_the_sidebar() -> None:
    sliders = [
        live.LiveSlider("p", "sim_p", "p", 3, 0, 9),
        live.LiveSlider("d_model", "d_model", "d_model", 128, 2, 1024),
        live.LiveSlider("base", "base", "base", 10000, options=(10, 10000)),
    ]
    assert live.twin_css(sliders) == "[data-testid='stMain'] .st-key-sim_p { display: none; }"
    assert live.twin_css(sliders[1:]) == ""  # the sidebar's own: nothing hidden
    with pytest.raises(ValueError):  # a selector is made only of a widget key
        live.twin_css([live.LiveSlider("x", "a} body {display:none", "x", 0, 0, 1)])


def test_the_page_style_sets_the_language_and_breaks_korean_between_words() -> None:
    assert "keep-all" in page_style.css() and "/*" not in page_style.css()
    assert page_style.lang_script("ko") == 'document.documentElement.lang = "ko";'
    with pytest.raises(ValueError):
        page_style.lang_script("</script><script>alert(1)")


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("page", list(FIRST_TAB))
def test_every_page_opens_on_its_first_row_and_ends_with_its_folded_words(page: str, lang: str) -> None:
    at = open_link(page, lang=lang)
    containers = [str(block.proto) for block in _blocks(at)]
    assert any(f"{ROW_KEY}{FIRST_TAB[page]}" in text for text in containers), page
    last = list(at.main.children.values())[-1]
    assert t("ui.page.about", lang) in str(last.proto), f"{page}: the page does not end with its folded words"


def _blocks(at: object) -> list:
    """Every block (container, column, tab, expander) and element of the main area, depth first."""
    return _blocks_under(at.main)  # type: ignore[attr-defined]


def test_the_pe_table_has_no_strip_of_its_own_and_says_the_sidebar_drives_it() -> None:
    at = open_link("positional_encoding")
    captions = [c.value for c in at.caption]
    assert t("ui.live.sidebar", "en") in captions
    assert not any("pe_heatmap_live" in str(block.proto) for block in _blocks(at))


def _sidebar_protos(at: object) -> list[str]:
    """Every element of the sidebar: an html element's body, another's proto as text."""
    protos = [getattr(node, "proto", None) for node in _blocks_under(at.sidebar)]  # type: ignore[attr-defined]
    return [str(getattr(proto, "body", "") or proto) for proto in protos]


def _blocks_under(root: object) -> list:
    """``root`` and everything under it, depth first."""
    found, stack = [], [root]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(getattr(node, "children", {}).values())
    return found


def test_the_language_script_and_the_plotly_preload_go_once_a_session() -> None:
    """Both act once in the browser (the document keeps its lang, the browser its plotly.js module), and
    each would cost the server a message on every run: sent on the session's first run, the script again
    when the language changes, then neither."""
    at = open_link("positional_encoding")
    first = _sidebar_protos(at)
    assert sum(page_style.lang_script("en") in text for text in first) == 1
    assert sum("plotly_preload" in text for text in first) == 1
    at.run()
    again = _sidebar_protos(at)
    assert not any("documentElement.lang" in text or "plotly_preload" in text for text in again), again
    at.button_group(key="lang").set_value("ko").run()
    korean = _sidebar_protos(at)
    assert sum(page_style.lang_script("ko") in text for text in korean) == 1
    assert not any("plotly_preload" in text for text in korean)
    assert t("ui.sidebar.header", "ko") in "".join(korean)  # the run went through, in Korean
    at.run()
    assert not any("documentElement.lang" in text for text in _sidebar_protos(at))
