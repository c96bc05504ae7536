"""The whole view in a link, under AppTest: a link with non-default values opens each page with exactly
those controls set (and the right tab open), the app writes the same link back, a fresh page's controls
are the registry's defaults, and a hostile link is quoted as plain text while the page opens on its
defaults.

A link opens the page it names: the AppTest switches to it before its first run, as a browser does.
"""

from __future__ import annotations

from typing import Any

import pytest
from streamlit.runtime.scriptrunner import get_script_run_ctx
from streamlit.runtime.state.query_params import QueryParams
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import TIMEOUT_S, ok, open_link
from viz.i18n import t
from viz.state import link
from viz.state.settings import Settings
from viz.ui import widgets
from viz.ui.chart import table as chart_table

pytestmark = pytest.mark.usefixtures("fresh_caches")


WIDGET_KINDS = (
    "slider", "select_slider", "number_input", "toggle", "text_input", "multiselect", "selectbox", "radio",
    "button_group",
)  # fmt: skip


def widget_value(at: AppTest, key: str) -> Any:
    """The value of the widget with ``key`` as the page drew it (None when it was not drawn)."""
    for kind in WIDGET_KINDS:
        for widget in at.get(kind):
            if getattr(widget, "key", None) == key:
                return getattr(widget, "value", None)
    return None


def link_notes(at: AppTest) -> list[str]:
    """The notes on a link's refused values (plain text, viz.ui.url_notes)."""
    return [x.value for x in at.text if "The link asked for" in x.value]


def same(a: Any, b: Any) -> bool:
    """Equal values, a range slider's tuple and list alike."""
    return (list(a) if isinstance(a, tuple) else a) == (list(b) if isinstance(b, tuple) else b)


def open_tab_label(at: AppTest) -> list[str]:
    """The labels of the tabs that hold something (only open tabs run: viz.ui.sections)."""
    return [tab.label for tab in at.tabs if len(tab.children) > 0]


#: Per page, links with non-default values, each with the tabs (i18n keys) it must open.
LINKS: list[tuple[str, dict[str, str], tuple[str, ...]]] = [
    (
        "positional_encoding",
        {"d_model": "64", "layout": "split", "window": "1", "rows": "5,20", "cols": "3,9"},
        ("pe.tab.table",),
    ),
    (
        "positional_encoding",
        {"enc": "binary", "tab": "curves", "dims": "1,3,5", "lang": "ko"},
        ("pe.curves.title",),
    ),
    (
        "embedding",
        {
            "text": "Hello small world",
            "enc": "rope",
            "seed": "7",
            "scale": "custom",
            "sv": "2",
            "tab": "seg",
            "text2": "A b c",
        },
        ("emb.seg.title",),
    ),
    ("embedding", {"tab": "order", "a": "x y z", "b": "z y x", "scale": "one"}, ("emb.order.title",)),
    (
        "similarity",
        {
            "enc": "rope",
            "vs": "learned",
            "measure": "cosine",
            "p": "10",
            "tab": "rot",
            "k": "3",
            "pair": "2",
            "whole": "1",
        },
        ("sim.rot.title",),
    ),
    ("softmax", {"dk": "16", "n": "1000", "seed": "3", "tab": "row", "keys": "9", "temp": "2.5"}, ()),
    (
        "softmax",
        {"tab": "ex", "text": "the cat sat down", "len": "3", "part": "steps", "q": "2"},
        ("ex.title", "ex.part.steps"),
    ),
    (
        "attention",
        {
            "layers": "2",
            "enc": "rope",
            "seed": "4",
            # a link the app writes names an example only when the box holds it (the list follows the box)
            "ex": "1",
            "text": "I am good",
            "tab": "steps",
            "head": "3",
            "slayer": "2",
            "causal": "1",
            "part": "scores",
        },
        ("steps.title", "steps.part.scores"),
    ),
    (
        "attention",
        {"tab": "mask", "text2": "a b", "mask": "causal", "mlayer": "2", "layers": "3"},
        ("att.mask.title",),
    ),
    ("attention", {"src": "task", "task": "match", "exseed": "5", "d_model": "32", "heads": "4"}, ()),
    (
        "encoder",
        {
            "layers": "3",
            "norm": "pre",
            "enc": "binary",
            "seed": "2",
            "ex": "2",
            "text": "The cat chased the mouse",
            "layer": "2",
            "part": "norms",
        },
        ("enc.path.title", "enc.path.part.norms"),
    ),
    ("encoder", {"tab": "dec", "target": "고양이 쥐", "layers": "2"}, ("enc.dec.title",)),
]


@pytest.mark.parametrize(("page", "query", "tabs"), LINKS, ids=lambda v: v if isinstance(v, str) else "")
def test_a_link_opens_the_page_with_its_values_and_is_written_back(
    page: str, query: dict[str, str], tabs: tuple[str, ...]
) -> None:
    at = open_link(page, **query)
    lang = query.get("lang", "en")
    assert link_notes(at) == []  # nothing refused
    spec = link.page(page)
    for name, raw in query.items():
        if name in link.SHARED_NAMES:
            continue
        param = spec.by_name[name]
        want = param.parse(raw)
        assert same(at.session_state[param.key], want), name  # the value the page ran with
        drawn = widget_value(at, param.key)
        if drawn is None:  # a translated choice: its widget is keyed per language
            drawn = widget_value(at, widgets.choice_key(param.key, lang))
        if drawn is not None and not isinstance(param, link.Index):
            assert same(drawn, want), name  # and the control shows it
    for key in tabs:
        assert t(key, lang) in open_tab_label(at)
    assert dict(at.query_params) == query  # the app writes back the very link it was opened with


#: The pages with controls of their own (the home page has none).
CONTROL_PAGES = sorted(path for path, spec in link.PAGES.items() if spec.params)


@pytest.mark.parametrize("page", CONTROL_PAGES)
def test_a_fresh_page_shows_the_registry_defaults_and_a_bare_address(page: str) -> None:
    at = open_link(page)
    assert dict(at.query_params) == {}
    checked = 0
    for param in link.page(page).params:
        default = param.default_for(Settings())  # a fresh session: the shared settings' defaults
        if default is None or param.key not in at.session_state:
            continue
        assert same(at.session_state[param.key], default), param.name
        checked += 1
    # a code or a key (a class's, a student's) has no default: a fresh page has none
    assert checked >= min(3, len([p for p in link.page(page).params if p.default is not None]))


HOSTILE = {
    "enc": "<script>alert(1)</script>",
    "seed": "-1",
    "text": "x" * 401,
    "tab": "[click here](https://example.com)",
    "dims": "1,2,x",
    "rows": "9,99999",
    "layers": "1e309",
    "temp": "0.15",
    "sv": "3",
    "ex": "7",
    "whole": "maybe",
    "step": "[step](https://example.com)",
}


@pytest.mark.parametrize("page", CONTROL_PAGES)
def test_a_hostile_link_is_quoted_as_plain_text_and_the_page_opens_on_its_defaults(page: str) -> None:
    spec = link.page(page)
    query = {name: raw for name, raw in HOSTILE.items() if name in spec.by_name}
    if "tab" in spec.by_name:
        query["tab"] = HOSTILE["tab"]
    at = open_link(page, **query)
    notes = link_notes(at)
    for name, raw in query.items():
        param = spec.by_name[name]
        (note,) = [n for n in notes if f"asked for {name} = “" in n]
        assert link.quote(raw) in note  # the value as it was given, as plain text
        default = param.default_for(Settings())  # a fresh session: the shared settings' defaults
        if param.shown_default() is not None:
            assert f"Using {param.shown_default()} instead" in note
        else:
            assert "Using the page's default instead" in note
        if param.key in at.session_state and default is not None:
            assert same(at.session_state[param.key], default), name
    markdown = " ".join(str(m.value) for m in [*at.markdown, *at.warning, *at.info, *at.caption])
    assert "example.com" not in markdown and "<script>" not in markdown
    assert dict(at.query_params) == {}  # the refused values are dropped from the address
    at.run()  # a later run still says so while the view is the one the link opened
    assert len(link_notes(at)) == len(query)


def test_a_value_given_twice_is_refused_with_a_word() -> None:
    at = AppTest.from_file("../../app.py", default_timeout=TIMEOUT_S)
    at.query_params["seed"] = ["3", "4"]
    at.switch_page("pages/embedding.py")
    ok(at.run())
    assert any("seed = “3 & 4”" in n and "more than once" in n for n in link_notes(at))
    assert at.session_state["emb_seed"] == 0


SIDEBAR_KEYS = {"lang", "d_model", "max_len", "base", "heads", "all_sections", "presenter"}


@pytest.mark.parametrize(
    ("page", "query"),
    [(page, {"all": "1"}) for page in CONTROL_PAGES] + [("attention", {"all": "1", "src": "task"})],
)
def test_every_control_on_every_page_is_in_the_link(page: str, query: dict[str, str]) -> None:
    at = open_link(page, **query)
    keys = set()
    for kind in (*WIDGET_KINDS, "checkbox", "text_area", "date_input", "time_input", "color_picker"):
        for widget in at.get(kind):
            key = getattr(widget, "key", None)
            if key:
                keys.add(key.removesuffix("__en"))  # a translated choice: kept under its own key
    registered = {p.key for p in link.page(page).params}
    # a chart's data-table switch shows its CSV to this visitor, not a view a link shares
    tables = {key for key in keys if key.endswith(chart_table.SWITCH_SUFFIX)}
    missing = keys - SIDEBAR_KEYS - registered - tables
    assert not missing, (
        f"controls of {page} that a link does not carry (add them to viz/state/link.py): {missing}"
    )
    # the page has controls at all (the lesson's one, its step, moves with buttons:
    # tests/unit/state/test_lesson.py; the join page's code and token come from a link or its form:
    # tests/app/test_app_classroom.py)
    assert keys - SIDEBAR_KEYS or page in ("lesson", "join")


@pytest.mark.parametrize(
    ("page", "query", "key", "used"),
    [
        ("similarity", {"max_len": "50", "p": "4000"}, "sim_p", 49),
        ("positional_encoding", {"d_model": "16", "tab": "curves", "dims": "1,20"}, "pe_dims", [1]),
        ("attention", {"tab": "steps", "head": "50"}, "att_step_head", 8),
    ],
)
def test_a_value_past_what_the_page_allows_is_clamped_and_said(
    page: str, query: dict[str, str], key: str, used: object
) -> None:
    at = open_link(page, **query)
    assert same(at.session_state[key], used)
    param = next(p for p in link.page(page).params if p.key == key)
    (note,) = link_notes(at)
    assert f"{param.name} = “{query[param.name]}”" in note
    assert f"Using {param.format(used)} instead" in note
    assert dict(at.query_params)[param.name] == param.format(used)  # the address says what is used


class AddressBar:
    """The browser's address bar as Streamlit's frontend keeps it: it applies each address the server
    writes, in the order written, and sends a rerun request with the address it holds when the key is
    pressed, which can be from before a write still on its way."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.writes: list[str] = []
        send = QueryParams._send_query_param_msg

        def spy(params: QueryParams) -> None:
            send(params)
            ctx = get_script_run_ctx()
            if ctx is not None:
                self.writes.append(ctx.query_string)

        monkeypatch.setattr(QueryParams, "_send_query_param_msg", spy)

    def press(self, at: AppTest, d_model: int, *, carrying: dict[str, str]) -> None:
        """A press setting the sidebar's d_model, whose request carries the address ``carrying``."""
        at.sidebar.slider(key="d_model").set_value(d_model)
        at.query_params.clear()
        at.query_params.update(carrying)
        ok(at.run())

    def shows(self, first: str) -> str:
        """Where the address ends once every write has arrived (``first`` when there was none)."""
        return self.writes[-1] if self.writes else first


def test_the_address_ends_at_the_view_when_a_press_carried_an_address_from_before_a_write(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Quick presses 128 -> 133 -> 128: every request left the browser before the first write came back,
    so each carries the bare address. The run for 133 writes ``d_model=133``; the run for 128 then
    compared its view with the bare address its request carried, found them equal and wrote nothing,
    and the browser stayed on ``d_model=133`` under a page drawn for 128."""
    bar = AddressBar(monkeypatch)
    at = open_link("positional_encoding")
    assert bar.shows("") == ""
    bar.press(at, 133, carrying={})
    assert bar.shows("") == "d_model=133"
    bar.press(at, 128, carrying={})
    assert at.session_state["d_model"] == 128
    assert bar.shows("") == ""  # the link says what the page shows
    # A request carrying the address already written changes nothing and needs no write.
    before = len(bar.writes)
    bar.press(at, 128, carrying={})
    assert len(bar.writes) == before


@pytest.mark.parametrize(
    ("page", "query"), [("positional_encoding", {"tab": "rope"}), ("similarity", {"p": "7"})]
)
def test_the_run_after_a_link_keeps_every_element_in_its_place(page: str, query: dict[str, str]) -> None:
    """The run that reads a link and the run after it put the same kinds of element at the top of the page:
    an element that moves is mounted anew in the browser (a chart drawn again from nothing on a student's
    first press)."""

    def kinds(at: AppTest) -> list[str]:
        return [type(node).__name__ for node in list(at.main.children.values())[:4]]

    at = open_link(page, **query)
    first = kinds(at)
    at.run()
    assert kinds(at) == first
