"""The app and its pages under Streamlit's AppTest: no exceptions, every setting, both languages, bad URLs."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from bench.harness import live_figures
from bench.harness.apptest import charts, decode, new_app, ok, open_page, open_page_with_tabs, warnings
from tests.support.kinds import KINDS
from tests.support.sections import NESTED, SECTIONS, open_tab
from viz import figures
from viz.encodings import ANY_SIZE_KINDS, EncodingKind, EncodingSpec, encode, fit
from viz.figures import downsample
from viz.i18n import t
from viz.state.settings import divisors
from viz.ui import shell, widgets
from viz.ui.chart import plotly_js
from viz.views import positional_encoding as pe_views

PE = "pages/positional_encoding.py"


pytestmark = pytest.mark.usefixtures("fresh_caches")


def open_pe(**query: str) -> AppTest:
    return open_page(PE, **query)


def heatmap_z(at: AppTest, index: int = 0) -> np.ndarray:
    spec = json.loads(charts(at)[index].proto.spec)
    return decode(spec["data"][0]["z"])


def heatmap_cells(at: AppTest, index: int = 0) -> tuple[np.ndarray, list[int], list[int]]:
    """A heatmap's values and the table rows and columns they are (a wide table is strided)."""
    spec = json.loads(charts(at)[index].proto.spec)["data"][0]
    return decode(spec["z"]), [int(r) for r in spec["y"]], [int(c) for c in spec["x"]]


def heads_now(at: AppTest) -> int:
    """The head count the page uses, read from the sidebar's d_k line (the asked-for count may differ)."""
    d_model, lang = int(at.session_state["d_model"]), str(at.session_state["lang"])
    shown = {c.value for c in at.sidebar.caption}
    used = [
        h
        for h in divisors(d_model)
        if t("ui.sidebar.d_k", lang, d_model=d_model, heads=h, d_k=d_model // h) in shown
    ]
    assert len(used) == 1, shown
    return used[0]


def text_of(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [h.value for h in at.title] + [c.value for c in at.caption]
    return "\n".join(str(p) for p in parts)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_home_runs_and_links_the_pipeline(lang: str) -> None:
    at = ok(new_app(lang=lang).run())
    assert at.title[0].value == t("home.title", lang)
    assert t("home.step.pe", lang) in text_of(at) or any(
        t("home.step.pe", lang) in str(e.proto) for e in at.get("page_link")
    )
    # every step has its page now, so nothing is marked "coming soon" and the caption does not explain it
    assert t("home.path.caption", lang) in text_of(at)
    assert t("home.coming", lang) not in text_of(at)


def _cards_with_an_unbuilt_step(lang: str) -> None:
    from viz.views import home

    # no linked step: st.page_link needs the app's pages, which a one-function script does not have
    home.pipeline_cards([("ffn", []), ("decoder", [])], lang)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_step_without_a_page_is_marked_coming_soon_and_the_caption_says_why(lang: str) -> None:
    at = AppTest.from_function(_cards_with_an_unbuilt_step, args=(lang,))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    captions = [str(c.value) for c in at.caption]
    assert captions[0] == t("home.path.caption.coming", lang)
    assert sum(t("home.coming", lang) in c for c in captions[1:]) == 2
    assert [str(m.value) for m in at.markdown] == [
        f"**{n}. {t(f'home.step.{s}', lang)}**" for n, s in ((1, "ffn"), (2, "decoder"))
    ]


#: Every page with charts: all of pages/ but the home page, the lesson (whose charts are its steps'
#: pages', behind Reveal: tests/unit/state/test_lesson.py), the join page (a phone's form) and Write a lesson.
CHART_PAGES = sorted(
    p.name
    for p in (shell.APP_PATH.parent / "pages").glob("*.py")
    if p.name not in ("home.py", "lesson.py", "join.py", "write.py")
)


@pytest.mark.parametrize("page", CHART_PAGES)
def test_every_chart_uses_traces_of_the_plotly_bundle_the_app_loads(page: str) -> None:
    """The browser loads plotly.js's cartesian bundle (viz.ui.CARTESIAN_TRACES); a trace type outside it
    would draw nothing there."""
    at = open_page(f"pages/{page}")
    found = charts(at)
    assert found
    for c in found:
        types = {trace.get("type", "scatter") for trace in json.loads(c.proto.spec)["data"]}
        assert types <= plotly_js.CARTESIAN_TRACES, (page, types)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_pe_page_runs_in_both_languages(lang: str) -> None:
    at = open_pe(lang=lang)
    assert at.title[0].value == t("pe.title", lang)
    spec = json.loads(charts(at)[0].proto.spec)
    assert spec["layout"]["xaxis"]["title"]["text"] == t("ui.chart.dimension", lang)
    assert spec["data"][0]["hovertemplate"] == t("ui.pe.heatmap.hover", lang)
    assert at.sidebar.header[0].value == t("ui.sidebar.header", lang)


def test_heatmap_shows_the_sinusoidal_table_exactly_at_default_size() -> None:
    at = open_pe()
    z = heatmap_z(at)
    assert z.shape == (100, 128)
    np.testing.assert_allclose(z, encode(EncodingSpec()), atol=1e-6)


@pytest.mark.parametrize(
    ("key", "value"),
    [("d_model", 64), ("d_model", 65), ("d_model", 2), ("d_model", 1024),
     ("max_len", 1), ("max_len", 4096), ("max_len", 2)],
)  # fmt: skip
def test_each_slider_setting_reruns_cleanly(key: str, value: int) -> None:
    at = open_pe()
    at.sidebar.slider(key=key).set_value(value).run()
    ok(at)
    z = heatmap_z(at)
    rows = downsample.stride(at.session_state["max_len"], figures.MAX_ROWS)
    cols = downsample.stride(at.session_state["d_model"], figures.MAX_COLS, paired=True)
    assert z.shape == (rows.shown, cols.shown)
    if at.session_state["max_len"] <= figures.MAX_ROWS and at.session_state["d_model"] <= figures.MAX_COLS:
        assert z.shape == (at.session_state["max_len"], at.session_state["d_model"])


@pytest.mark.parametrize("base", [2, 1000, 1000000])
def test_base_setting_changes_the_table(base: int) -> None:
    at = open_pe()
    at.sidebar.select_slider(key="base").set_value(base).run()
    ok(at)
    np.testing.assert_allclose(heatmap_z(at), encode(EncodingSpec(base=float(base))), atol=1e-6)


def test_heads_offer_only_divisors_and_follow_d_model() -> None:
    at = open_pe()
    heads = at.sidebar.selectbox(key=shell.heads_key(128))
    assert [int(o) for o in heads.options] == [1, 2, 4, 8, 16, 32, 64, 128]
    heads.set_value(16).run()
    ok(at)
    assert "d_k = 128 / 16 = 8" in " ".join(c.value for c in at.sidebar.caption)
    at.sidebar.slider(key="d_model").set_value(127).run()
    ok(at)
    # the divisors of 127, and the count asked for (kept as the widget's value, never changed by the app)
    assert [int(o) for o in at.sidebar.selectbox(key=shell.heads_key(127)).options] == [1, 16, 127]
    assert at.sidebar.selectbox(key=shell.heads_key(127)).value == 16
    assert heads_now(at) == 1  # the divisor of 127 nearest to the chosen 16
    assert any("16" in i.value and "127" in i.value for i in at.sidebar.info)  # says why
    at.sidebar.slider(key="d_model").set_value(96).run()
    ok(at)
    assert heads_now(at) == 16  # the chosen count comes back once it divides again
    assert at.query_params.get("heads") == "16"  # and the shareable URL says so
    at.sidebar.slider(key="d_model").set_value(100).run()
    ok(at)
    assert heads_now(at) == 20  # nearest divisor of 100 to 16 (20 beats 10)
    assert not warnings(at)  # the app's own URL updates are never reported as a bad link
    at.sidebar.slider(key="d_model").set_value(128).run()
    assert heads_now(at) == 16 and at.sidebar.selectbox(key=shell.heads_key(128)).value == 16


def test_page_choices_survive_a_language_switch() -> None:
    at = open_pe()
    at.selectbox(key=widgets.choice_key("pe_kind", "en")).set_value("binary").run()
    ok(at)
    at.sidebar.button_group[0].set_value("ko").run()
    ok(at)
    assert at.selectbox(key=widgets.choice_key("pe_kind", "ko")).value == "binary"
    assert at.selectbox(key=widgets.choice_key("pe_kind", "ko")).format_func("binary") == "이진수"
    np.testing.assert_allclose(heatmap_z(at), encode(EncodingSpec("binary")), atol=1e-6)
    at.selectbox(key=widgets.choice_key("pe_kind", "ko")).set_value("sinusoidal").run()
    at.radio(key=widgets.choice_key("pe_layout", "ko")).set_value("split").run()
    at.sidebar.button_group[0].set_value("en").run()
    ok(at)
    assert at.radio(key=widgets.choice_key("pe_layout", "en")).value == "split"
    np.testing.assert_allclose(heatmap_z(at), encode(EncodingSpec(layout="split")), atol=1e-6)


def test_language_switch_changes_the_whole_page() -> None:
    at = open_pe()
    assert at.title[0].value == "Positional encoding"
    at.sidebar.button_group[0].set_value("ko").run()
    ok(at)
    assert at.title[0].value == "위치 인코딩"
    spec = json.loads(charts(at)[0].proto.spec)
    assert spec["layout"]["yaxis"]["title"]["text"] == "위치"


def test_settings_survive_a_page_switch() -> None:
    at = ok(new_app().run())
    at.sidebar.slider(key="d_model").set_value(64).run()
    at.sidebar.slider(key="max_len").set_value(50).run()
    at.sidebar.select_slider(key="base").set_value(1000).run()
    at.sidebar.selectbox(key=shell.heads_key(64)).set_value(4).run()
    ok(at)
    ok(at.switch_page(PE).run())
    assert at.sidebar.slider(key="d_model").value == 64
    assert at.sidebar.slider(key="max_len").value == 50
    assert at.sidebar.select_slider(key="base").value == 1000
    assert at.sidebar.selectbox(key=shell.heads_key(64)).value == 4
    np.testing.assert_allclose(
        heatmap_z(at), encode(EncodingSpec(max_len=50, d_model=64, base=1000.0)), atol=1e-6
    )


@pytest.mark.parametrize(
    ("query", "bad_keys"),
    [
        ({"d_model": "abc", "heads": "0"}, ["d_model", "heads"]),
        ({"max_len": "99999999", "base": "7"}, ["max_len", "base"]),
        ({"d_model": "-1", "lang": "<script>alert(1)</script>"}, ["d_model", "lang"]),
        ({"d_model": "100", "heads": "x"}, ["heads"]),
        ({"d_model": "2.5", "max_len": "1.5"}, ["d_model", "max_len"]),
    ],
)
def test_bad_url_values_fall_back_with_a_visible_note(query: dict[str, str], bad_keys: list[str]) -> None:
    at = new_app(**query).run()
    ok(at)
    warnings = [w.value for w in at.text]  # plain text: a link's value never reaches Markdown
    for key in bad_keys:
        assert any(f"{key} = " in w for w in warnings), warnings
    assert at.sidebar.slider(key="max_len").value == (
        100 if "max_len" in bad_keys else at.session_state["max_len"]
    )
    if "d_model" in bad_keys:
        assert at.sidebar.slider(key="d_model").value == 128


def test_bad_url_note_is_in_korean_too() -> None:
    at = ok(new_app(lang="ko", d_model="x").run())
    assert any("쓸 수 없습니다" in w.value for w in at.text)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_encoding_draws_its_charts(kind: EncodingKind, lang: str) -> None:
    at = open_pe(lang=lang)
    at.selectbox(key=widgets.choice_key("pe_kind", lang)).set_value(kind).run()
    ok(at)
    spec = fit(EncodingSpec(kind))  # a trained table at its own width (MiniLM: 100 x 384)
    z, rows, cols = heatmap_cells(at)
    np.testing.assert_allclose(z, encode(spec)[np.ix_(rows, cols)], atol=1e-6)
    step = cols[1] - cols[0]  # 384 columns are drawn every second one (the page says so)
    assert rows == list(range(100)) and cols == list(range(0, spec.d_model, step))
    assert len(at.table) == 1  # the scorecard
    assert t(f"encodings.about.{kind}", lang) not in [i.value for i in at.info]  # folded: not sent
    at.session_state["about"] = True  # the visitor opens the page's closing words
    assert t(f"encodings.about.{kind}", lang) in [i.value for i in ok(at.run()).info]


def test_split_layout_is_shown_to_be_a_permutation() -> None:
    at = open_pe()
    at.radio(key=widgets.choice_key("pe_layout", "en")).set_value("split").run()
    ok(at)
    np.testing.assert_allclose(heatmap_z(at), encode(EncodingSpec(layout="split")), atol=1e-6)
    assert t("pe.layout.same", "en", matched=128, d=128) in text_of(at)  # every column, by its formula


def test_largest_size_is_strided_and_says_so() -> None:
    at = open_pe(max_len="4096", d_model="1024")
    z = heatmap_z(at)
    assert z.shape[0] <= figures.MAX_ROWS and z.shape[1] <= figures.MAX_COLS
    spec = json.loads(charts(at)[0].proto.spec)
    rows = [int(r) for r in spec["data"][0]["y"]]
    cols = [int(c) for c in spec["data"][0]["x"]]
    np.testing.assert_allclose(
        z, encode(EncodingSpec(max_len=4096, d_model=1024))[np.ix_(rows, cols)], atol=1e-6
    )
    assert any("4096 × 1024" in c.value for c in at.caption)
    for chart in charts(at):
        assert chart.proto.sent < 1_000_000
    # the live heatmap is sent as its parameters: a few kilobytes, not the 320 x 256 cells
    (heatmap,) = [c for c in charts(at) if c.proto.id.endswith("-pe_heatmap")]
    assert heatmap.proto.sent < 10_000


def test_exact_window_and_curve_picks() -> None:
    at = open_pe()
    at.toggle(key="pe_window").set_value(True).run()
    ok(at)
    at.slider(key="pe_win_rows").set_value((10, 19)).run()
    at.slider(key="pe_win_cols").set_value((4, 11)).run()
    ok(at)
    (window,) = [c for c in charts(at) if "pe_win" in c.proto.id]
    z = decode(json.loads(window.proto.spec)["data"][0]["z"])
    np.testing.assert_allclose(z, encode(EncodingSpec())[10:20, 4:12], atol=1e-6)
    at.multiselect(key="pe_dims").set_value([]).run()
    ok(at)
    assert any(t("pe.curves.none", "en") in w.value for w in at.warning)
    at.sidebar.slider(key="d_model").set_value(6).run()
    ok(at)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_scorecard_cells_are_the_measured_verdicts(lang: str) -> None:
    """Each verdict cell is the measured value in a green (pass) or red (fail) highlight, computed
    independently here from viz.encodings.criteria; in comparison mode there is one column per encoding."""
    from viz.encodings import criteria

    def verdict_matches(cell: str, check: criteria.Check) -> bool:
        """Highlighted green for a pass, red and bold for a fail, holding the measured value."""
        if check.passed is None:
            return cell == t("pe.score.na", lang)
        prefix, suffix = (":green-background[", "]") if check.passed else (":red-background[**", "**]")
        if not (cell.startswith(prefix) and cell.endswith(suffix)):
            return False
        word, number = cell[len(prefix) : -len(suffix)].split(" · ")
        if word != t("pe.score.pass" if check.passed else "pe.score.fail", lang, value="").split(" · ")[0]:
            return False
        return (
            number == "∞" if np.isinf(check.value) else float(number) == pytest.approx(check.value, rel=1e-3)
        )

    at = open_pe(lang=lang)  # small enough that every encoding is compared, without a toggle
    table = at.table[0].value
    # every encoding built at any size; MiniLM's trained table is 384 wide, so it is named under the table
    assert table.shape[1] == 3 + len(ANY_SIZE_KINDS)
    minilm = t("pe.score.trained_out", lang, name=t("encodings.kind.minilm", lang), rows=512, cols=384)
    assert minilm in [c.value for c in at.caption]
    for column, kind in enumerate(ANY_SIZE_KINDS, start=3):
        marker = " ◀" if kind == "sinusoidal" else ""
        assert table.columns[column] == t(f"encodings.kind.{kind}", lang) + marker
        cards = criteria.scorecard(EncodingSpec(kind))
        assert all(map(verdict_matches, table.iloc[:, column], cards))
    assert table.iloc[:, 3:].map(lambda cell: cell.startswith(":red-background")).to_numpy().any()
    checks = criteria.scorecard(EncodingSpec("sinusoidal"))
    # fixed text is escaped for Markdown: without the backslashes it is the translation
    assert [cell.replace("\\", "") for cell in table.iloc[:, 1]] == [
        t(f"pe.crit.{c.name}.measure", lang) for c in checks
    ]
    assert "\\|" in table.iloc[0, 1]  # "largest |value|": not read as Markdown
    at = open_pe(lang=lang, max_len="1024", d_model="512")  # too large to compare by default
    assert not pe_views.comparison_is_cheap(EncodingSpec("sinusoidal", 1024, 512))
    table = at.table[0].value
    checks = criteria.scorecard(EncodingSpec("sinusoidal", 1024, 512))
    assert table.shape == (len(checks), 4)
    assert table.columns[3] == t("encodings.kind.sinusoidal", lang)
    assert all(map(verdict_matches, table.iloc[:, 3], checks))


def test_scorecard_compare_toggle_at_large_sizes() -> None:
    at = open_pe(max_len="2048", d_model="512")
    assert len(at.table) == 1
    (compare,) = [w for w in at.toggle if w.label == t("pe.score.compare", "en")]
    compare.set_value(True).run()
    ok(at)


def test_a_link_sets_the_head_count() -> None:
    at = ok(new_app(d_model="96", heads="3").run())
    assert heads_now(at) == 3 and not warnings(at)
    assert at.sidebar.selectbox(key=shell.heads_key(96)).value == 3
    # 3 does not divide the default 128: the nearest divisor is used, and the sidebar says so (to the
    # link's visitor as to the one who shared it, so the link is not reported as bad)
    adjusted = ok(new_app(heads="3").run())
    assert heads_now(adjusted) == 2
    assert adjusted.sidebar.selectbox(key=shell.heads_key(128)).value == 3
    assert [i.value for i in adjusted.sidebar.info] == ["3 heads do not divide d_model = 128; using 2."]
    assert not adjusted.text


def tab_state(at: AppTest, labels: list[str]) -> list[tuple[str, int]]:
    """(label, number of elements in it) for each tab labelled one of ``labels``, in page order."""
    return [(tab.label, len(tab.children)) for tab in at.tabs if tab.label in labels]


def tab(at: AppTest, label: str) -> Any:
    (found,) = [tab for tab in at.tabs if tab.label == label]
    return found


def specs_in(block: Any) -> list[str]:
    """The Plotly JSON of every chart in ``block`` (a tab, or the whole run)."""
    return sorted(
        live_figures.materialize(e.proto.bytes.decode("utf-8"))
        for e in block.get("bidi_component")
        if e.proto.component_name == "attention_lab_plot"
        and e.proto.bytes
        and not live_figures.is_strip(e.proto.bytes.decode("utf-8"))
    )


def visit_tabs(at: AppTest, key: str, names: tuple[str, ...], lang: str) -> list[str]:
    """Open each tab in turn (and each tab inside it): only the open one holds anything, and holds every
    chart on the page. The charts of all the tabs."""
    labels = [t(name, lang) for name in names]
    assert [label for label, _ in tab_state(at, labels)] == labels
    drawn: list[str] = []
    for i, (name, label) in enumerate(zip(names, labels, strict=True)):
        if i:
            open_tab(at, key, label)
        state = tab_state(at, labels)
        assert [n > 0 for _, n in state] == [j == i for j in range(len(labels))], (label, state)
        assert specs_in(tab(at, label)) == specs_in(at)  # every chart on the page is in the open tab
        if name in NESTED:
            drawn += visit_tabs(at, *NESTED[name], lang)
            open_tab(at, NESTED[name][0], t(NESTED[name][1][0], lang))
        else:
            drawn += specs_in(tab(at, label))
    return drawn


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("page", sorted(SECTIONS))
def test_only_the_open_tab_runs_and_together_the_tabs_draw_every_chart(page: str, lang: str) -> None:
    key, names = SECTIONS[page]
    at = open_page_with_tabs(f"pages/{page}", lang=lang)
    drawn = visit_tabs(at, key, names, lang)
    everything = open_page(f"pages/{page}", lang=lang)  # the sidebar's "every section at once"
    assert sorted(drawn) == specs_in(everything)
    labels = [t(name, lang) for name in names]
    assert [s.value for s in everything.subheader if s.value in labels] == [
        label for label in labels if label != t("sm.tab.row", lang)
    ]  # headings in place of tabs (the softmax page's second section writes its own two)
    for name in names:  # and the tabs inside a section: headings in their order, after the section's
        if name in NESTED:
            inner = [t(key, lang) for key in NESTED[name][1]]
            headings = [s.value for s in everything.subheader]
            assert [h for h in headings if h in inner] == inner
            assert headings.index(inner[0]) > headings.index(t(name, lang))


def test_the_open_tab_survives_a_language_switch() -> None:
    at = open_page_with_tabs("pages/softmax.py")
    open_tab(at, "sm_section", t("ex.title", "en"))
    at.sidebar.button_group[0].set_value("ko").run()
    ok(at)
    labels = [t(name, "ko") for name in SECTIONS["softmax.py"][1]]
    assert [n > 0 for _, n in tab_state(at, labels)] == [False, False, True, False, False]
    open_tab(at, "sm_section", t("sm.var.title", "ko"))
    at.sidebar.button_group[0].set_value("en").run()
    ok(at)
    labels = [t(name, "en") for name in SECTIONS["softmax.py"][1]]
    assert [n > 0 for _, n in tab_state(at, labels)] == [True, False, False, False, False]
