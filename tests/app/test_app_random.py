"""Random combinations of every control on every page and tab, through AppTest, with a fixed seed.

Each walk opens a page in a fresh session (as tabs, or every section at once) and makes a sequence of
random changes: a control the last run drew (the sidebar's settings included: d_model, max_len, base,
heads, language and the "every section at once" switch), a tab (the tabs inside a tab too), or a trip
to another page and back, set to a random value in the control's current range, one of its ends a
quarter of the time. After every change the page must show no exception and no error box, no run may
take more than :data:`SLOW_S` (a bound for runaway work, not a timing test), and every slider drawn
before and after the change (but the one changed) must show the value it had, clamped to its new
range. 1,070 combinations in all (:data:`PLAN`), about 80 s on two cores. A failure prints the walk's
seed and every step; ``RANDOM_SEED=<seed> RANDOM_WALKS=1`` replays that walk (see :func:`seeds`).

Sizes stay moderate in most steps (AppTest builds every chart's figure), with the ends of each range
now and then; the live-model pages (Attention, Encoder) keep d_model small. The tests at the end are
what the walks found, each on its own.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any
from unittest import mock

import pytest
from streamlit.runtime.pages_manager import PagesManager
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import Widget
from streamlit.testing.v1.util import patch_config_options

from bench.harness.apptest import charts, new_app, new_app_with_tabs, ok
from tests.support.sections import NESTED, SECTIONS
from viz.i18n import t
from viz.ui import sections, widgets


@contextlib.contextmanager
def as_the_server_runs_it() -> Iterator[None]:
    """AppTest as a server runs the app once ``st.navigation`` has run in its process: app.py runs
    every time and its ``st.navigation`` runs the page, with the details of any exception shown.

    AppTest starts every run in Streamlit's legacy ``pages/`` mode, where ``viz.ui.page_shell`` runs
    app.py from inside the page file and ends with ``st.stop()``; a stopped run skips Streamlit's
    clean-up of the widgets it did not draw, which is where a widget that moved to a new range (a new
    widget id) leaves its old value behind. A server does that clean-up after every run.
    """
    original = PagesManager.__init__

    def navigation_mode(self: PagesManager, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        PagesManager.uses_pages_directory = False  # what st.navigation itself sets

    with (
        mock.patch.object(PagesManager, "__init__", navigation_mode),
        patch_config_options({"client.showErrorDetails": "full"}),
    ):
        yield
    PagesManager.uses_pages_directory = None


@pytest.fixture(autouse=True)
def server_like(fresh_caches: None) -> Iterator[None]:
    with as_the_server_runs_it():
        yield


#: One run slower than this is runaway work (the slowest honest run here takes a few seconds).
SLOW_S = 20.0
#: The suite's seed; each walk's seed is derived from it, the page and the walk's number.
SEED = int(os.environ.get("RANDOM_SEED", "20261123"))

#: Walks per page and steps per walk (a step is one change and its rerun, so a new combination of every
#: control's value). A walk opens its page in a fresh session (about half a second); longer walks reach
#: the states that need several changes in a row (a range that changes twice). The live-model pages
#: cost two to three times as much per run as the others.
PLAN: dict[str, tuple[int, int]] = {
    "positional_encoding.py": (3, 70),
    "embedding.py": (3, 55),
    "similarity.py": (3, 70),
    "softmax.py": (3, 40),
    "attention.py": (3, 45),
    "encoder.py": (3, 50),
    "pretrained.py": (2, 40),
}

#: Sentences a text box is given: ordinary, one word, empty, Korean, repeated words, markup-like text,
#: long (more tokens than a sentence may have) and as long as the box allows.
TEXTS = (
    "I am good",
    "The cat chased the mouse",
    "a",
    "",
    "   ",
    "나는 학교에 간다",
    "the the the the",
    "<b>bold</b> [x](http://e.com) $x$ *a*",
    " ".join(f"w{i}" for i in range(60)),
    "x" * 400,
)


@dataclass(frozen=True)
class Sizes:
    """The sidebar's size sliders: moderate values most of the time, the ends of the range sometimes."""

    d_model: tuple[int, int]
    max_len: tuple[int, int]


NUMPY_SIZES = Sizes(d_model=(2, 160), max_len=(1, 160))
#: The live model builds a PyTorch encoder per (d_model, heads, layers, seed): kept small.
MODEL_SIZES = Sizes(d_model=(2, 64), max_len=(1, 64))
#: The ends a slider jumps to now and then (per page kind); the true range ends are included too.
EXTREMES = {
    NUMPY_SIZES: {"d_model": (2, 3, 1023, 1024), "max_len": (1, 2, 4096)},
    MODEL_SIZES: {"d_model": (2, 3, 127, 128), "max_len": (1, 2, 4096)},
}
#: Pages a walk visits on its way back to its own (cheap to run: no model, no sampling).
LIGHT_PAGES = ("positional_encoding.py", "embedding.py", "similarity.py")
SIZES = {page: MODEL_SIZES if page in ("attention.py", "encoder.py") else NUMPY_SIZES for page in PLAN}

#: The tabs of every page, by the key that keeps the open one: their labels' i18n keys.
TABS: dict[str, tuple[str, ...]] = {key: names for key, names in [*SECTIONS.values(), *NESTED.values()]}
#: The controls a walk changes. Not buttons: the Train button would spend the whole budget (training has
#: tests of its own) and the CSV downloads do not rerun.
WIDGET_TYPES = (
    "slider",
    "select_slider",
    "number_input",
    "selectbox",
    "radio",
    "toggle",
    "checkbox",
    "multiselect",
    "button_group",
    "text_input",
    "text_area",
)


@dataclass(frozen=True)
class Step:
    """One change: what was changed (a widget's key, or a tab's) and to what, and how long the run took."""

    what: str
    value: Any
    seconds: float = 0.0

    def __str__(self) -> str:
        shown = repr(self.value)
        return f"{self.what} = {shown if len(shown) < 80 else shown[:60] + '...'} ({self.seconds:.2f} s)"


#: The sidebar's sizes: other controls' ranges follow them.
SETTINGS = ("d_model", "max_len")
#: The kinds of control after whose change every other slider drawn before and after must show the value
#: it had, clamped to its new range (and tabs). Not text boxes and select boxes: a new sentence or
#: example may set other controls on purpose (the worked example's length follows its sentence).
KEEPS_SLIDERS = ("slider", "select_slider", "number_input", "radio", "toggle", "multiselect", "button_group")


def shown(w: Any) -> Any:
    """The value a slider shows after the last run: the one the run sent to the browser, when it sent
    one (a new range is a new widget, which shows what it is sent), else the one the browser had.

    Not ``w.value`` alone: after a run AppTest reads Session State, where Streamlit's clean-up has
    already copied the old widget's value onto the new one, even when the run used another.
    """
    if not w.proto.set_value:
        return w.value
    values = [int(v) if w.proto.data_type == w.proto.INT else v for v in w.proto.value]
    return values[0] if len(values) == 1 else tuple(values)


def sliders(at: Any) -> dict[str, tuple[Any, float, float]]:
    """The page's sliders in the last run (not the sidebar's): key -> (shown value, min, max)."""
    side = {w.id for w in at.sidebar.slider}
    return {w.key: (shown(w), w.min, w.max) for w in at.slider if w.key and w.id not in side}


def fitted(value: Any, lo: float, hi: float) -> Any:
    """``value`` (a number or a (low, high) pair) clamped to [lo, hi]."""
    if isinstance(value, tuple | list):
        return tuple(min(max(v, lo), hi) for v in value)
    return min(max(value, lo), hi)


class Walk:
    """One random walk over a page's controls in a fresh session."""

    def __init__(self, page: str, seed: int) -> None:
        self.page = page
        self.seed = seed
        self.rng = random.Random(seed)
        self.sizes = SIZES[page]
        self.steps: list[Step] = []
        self.changes = 0  # steps taken (a trip to another page and back is one step of two runs)
        self.all_at_start = self.rng.random() < 0.3  # every section at once from the start
        self.at = new_app() if self.all_at_start else new_app_with_tabs()

    # ---- running and checking ----------------------------------------------------------------------
    def fail(self, why: str) -> None:
        lines = "\n".join(f"  {i + 1}. {step}" for i, step in enumerate(self.steps))
        pytest.fail(
            f"{why}\n{self.page}, walk seed {self.seed}, after these runs:\n"
            f"  0. all_sections = {self.all_at_start} (every section at once from the start)\n{lines}\n"
            f"again: RANDOM_SEED={self.seed} RANDOM_WALKS=1"
            f" pytest tests/app/test_app_random.py -k {self.page.removesuffix('.py')}",
            pytrace=False,
        )

    def run(
        self, what: str, value: Any, change: Callable[[], Any] | None = None, *, keeps: bool = False
    ) -> None:
        """Apply ``change`` (a value set on a widget, or a Session State write), rerun and check the page.

        With ``keeps``, every slider on the page in both runs (but the one changed) must show the value
        it had, clamped to its new range: a control whose range changed keeps what the user left.
        """
        before = sliders(self.at) if keeps else {}
        if change is not None:
            change()
        started = time.perf_counter()
        self.at.run()
        seconds = time.perf_counter() - started
        self.steps.append(Step(what, value, seconds))
        if self.at.exception:
            self.fail(
                "exception: "
                + " | ".join(e.value + "\n" + "\n".join(e.stack_trace) for e in self.at.exception)
            )
        if self.at.error:
            self.fail("error box: " + " | ".join(e.value for e in self.at.error))
        if seconds > SLOW_S:
            self.fail(f"one run took {seconds:.1f} s (bound {SLOW_S} s)")
        for key, (now, lo, hi) in sliders(self.at).items():
            if key in before and not what.endswith(f" {key}"):
                kept = fitted(before[key][0], lo, hi)
                if now != kept:
                    self.fail(f"slider {key} shows {now!r}, not the {kept!r} it kept (range {lo}-{hi})")

    def open(self) -> None:
        self.run("open", "app.py")
        self.run("page", self.page, lambda: self.at.switch_page(f"pages/{self.page}"))

    # ---- picking values ----------------------------------------------------------------------------
    def integer(self, lo: int, hi: int, *, moderate: tuple[int, int] | None = None) -> int:
        """An integer in [lo, hi]: an end a quarter of the time, else uniform (in ``moderate`` if given)."""
        if hi <= lo or self.rng.random() < 0.25:
            return self.rng.choice((lo, hi))
        if moderate is not None:
            lo, hi = max(lo, moderate[0]), min(hi, moderate[1])
        return self.rng.randint(lo, hi)

    def size(self, name: str, lo: int, hi: int) -> int:
        """A sidebar size: moderate mostly, now and then one of the page kind's extremes."""
        if self.rng.random() < 0.12:
            return self.rng.choice(EXTREMES[self.sizes][name])
        low, high = getattr(self.sizes, name)
        return self.rng.randint(max(lo, low), min(hi, high))

    def text(self, max_chars: int) -> str:
        text = self.rng.choice(TEXTS)
        return text[:max_chars] if max_chars > 0 else text

    # ---- the controls ------------------------------------------------------------------------------
    def widgets(self) -> tuple[list[Any], list[Any]]:
        """Every control the last run drew that a user can change: (in the sidebar, in the page)."""
        side_ids = {getattr(w, "id", None) for typ in WIDGET_TYPES for w in self.at.sidebar.get(typ)}
        side: list[Any] = []
        main: list[Any] = []
        for typ in WIDGET_TYPES:
            for w in self.at.get(typ):
                if isinstance(w, Widget) and not getattr(w.proto, "disabled", False):
                    (side if w.id in side_ids else main).append(w)
        return side, main

    def tabs(self) -> list[tuple[str, str]]:
        """(tabs key, label) of every tab the last run drew (none with every section at once)."""
        lang = self.at.session_state["lang"]
        drawn = {tab.label for tab in self.at.tabs}
        found: list[tuple[str, str]] = []
        for key, names in TABS.items():
            labels = [t(name, lang) for name in names]
            if all(label in drawn for label in labels):
                found.extend((key, label) for label in labels)
        return found

    def change_widget(self, w: Any) -> None:
        key = w.key or w.id
        proto = w.proto
        typ = w.type
        if typ == "slider":
            lo, hi = proto.min, proto.max
            if key in SETTINGS:
                value: Any = self.size(key, int(lo), int(hi))
            elif isinstance(w.value, tuple | list):  # a range slider
                a, b = self.integer(int(lo), int(hi)), self.integer(int(lo), int(hi))
                value = (min(a, b), max(a, b))
            elif proto.data_type == proto.INT:
                value = self.integer(int(lo), int(hi))
            else:
                n = round((hi - lo) / proto.step)
                value = round(lo + proto.step * self.integer(0, n), 6)
        elif typ == "select_slider":  # the options' first half mostly: larger samples cost seconds
            options = list(w.options)
            label = options[self.integer(0, len(options) - 1, moderate=(0, (len(options) - 1) // 2))]
            value = type(w.value)(label) if isinstance(w.value, int | float) else label
        elif typ == "number_input":
            lo = int(proto.min) if proto.has_min else 0
            hi = int(proto.max) if proto.has_max else lo + 100
            value = self.integer(lo, hi, moderate=(lo, lo + 3))  # each seed builds a model: a few seeds
        elif typ in ("selectbox", "radio", "button_group"):
            value = self.rng.choice(list(w.options))
        elif typ in ("toggle", "checkbox"):
            value = not w.value
        elif typ == "multiselect":
            options = list(w.options)
            most = proto.max_selections or len(options)
            value = self.rng.sample(options, self.rng.randint(0, min(most, len(options))))
        else:  # text_input, text_area
            value = self.text(int(getattr(proto, "max_chars", 0)))
        self.run(f"{typ} {key}", value, lambda: w.set_value(value), keeps=typ in KEEPS_SLIDERS)

    def step(self) -> None:
        """One random change: a sidebar setting (30 %), a tab (15 %), a trip to another page and back
        (3 %) or one of the page's own controls."""
        self.changes += 1
        r = self.rng.random()
        side, main = self.widgets()
        tabs = self.tabs()
        if r < 0.3 or not main:
            weights = [4 if w.key in SETTINGS else 2 if w.key == sections.ALL_SECTIONS else 1 for w in side]
            self.change_widget(self.rng.choices(side, weights)[0])
        elif r < 0.45 and tabs:
            key, label = self.rng.choice(tabs)
            widget_key = widgets.choice_key(key, self.at.session_state["lang"])
            change = partial(self.at.session_state.__setitem__, widget_key, label)
            self.run(f"tab {key}", label, change, keeps=True)
        elif r < 0.48:  # away and back: a page's own controls keep their values only while on it
            other = self.rng.choice([p for p in LIGHT_PAGES if p != self.page])
            self.run("page", other, lambda: self.at.switch_page(f"pages/{other}"))
            self.run("page", self.page, lambda: self.at.switch_page(f"pages/{self.page}"))
        else:  # sliders twice as often as the rest: most of them have ranges that move
            self.change_widget(self.rng.choices(main, [2 if w.type == "slider" else 1 for w in main])[0])


def walk(page: str, seed: int, steps: int) -> Walk:
    """A walk of ``steps`` random changes on ``page`` (e.g. "similarity.py") from ``seed``."""
    w = Walk(page, seed)
    w.open()
    for _ in range(steps):
        w.step()
    return w


def seeds(page: str) -> list[int]:
    """The walks' seeds for ``page``: derived from :data:`SEED`, or RANDOM_SEED itself with RANDOM_WALKS=1
    (the seed a failure prints)."""
    walks = int(os.environ.get("RANDOM_WALKS", PLAN[page][0]))
    if walks == 1 and "RANDOM_SEED" in os.environ:
        return [SEED]
    base = random.Random(f"{SEED}-{page}")
    return [base.randrange(2**31) for _ in range(walks)]


@pytest.mark.parametrize("page", sorted(PLAN))
def test_random_combinations_of_every_control(page: str) -> None:
    steps = int(os.environ.get("RANDOM_STEPS", PLAN[page][1]))
    walks = [walk(page, seed, steps) for seed in seeds(page)]
    assert [w.changes for w in walks] == [steps] * len(walks)  # every walk ran to its end


# ---- what the walks found, one test each ------------------------------------------------------------------
def open_server_like(page: str, *, every_section: bool = True) -> AppTest:
    at = new_app() if every_section else new_app_with_tabs()
    ok(at.run())
    return ok(at.switch_page(page).run())


def set_d_model(at: AppTest, value: int) -> AppTest:
    return ok(at.sidebar.slider(key="d_model").set_value(value).run())


def pair_shown(at: AppTest) -> int:
    """The pair the similarity page's rotation section shows: on its slider and in its chart's title."""
    value = shown(at.slider(key="sim_pair"))
    titles = [json.loads(c.proto.spec)["layout"]["title"]["text"] for c in charts(at)]
    assert t("sim.rot.block", "en", pair=value) in titles, (value, titles)
    return int(value)


def position_shown(at: AppTest) -> int:
    value = shown(at.slider(key="sim_p"))
    titles = [json.loads(c.proto.spec)["layout"]["title"]["text"] for c in charts(at)]
    assert t("sim.row.chart", "en", name=t("encodings.kind.sinusoidal", "en"), p=value) in titles, (
        value,
        titles,
    )
    return int(value)


def test_a_range_that_shrinks_twice_keeps_the_pair_the_user_left() -> None:
    """Issue 19, bug 8, step by step: the pair slider's range follows d_model (d_model // 2 pairs).

    Each range is a new widget to Streamlit, which gave it the value put aside when the range last
    changed (7, clamped at d_model 16), not the 0 the user had moved it to since: 7 > 6 at d_model 15.
    """
    at = open_server_like("pages/similarity.py")
    set_d_model(at, 64)
    ok(at.slider(key="sim_pair").set_value(31).run())
    set_d_model(at, 16)
    assert pair_shown(at) == 7  # clamped to the new range
    ok(at.slider(key="sim_pair").set_value(0).run())
    set_d_model(at, 15)  # was: StreamlitValueAboveMaxError, and three of the ten charts missing
    assert len(charts(at)) == 12  # ten, and the relative biases' two (ALiBi's, whatever d_model is)
    assert pair_shown(at) == 0


def test_a_new_range_shows_the_value_last_left_not_an_older_one() -> None:
    """The same mix-up without an error: a value that fits the new range must be the one the user left
    (before, a new range showed the value of the range before the last)."""
    at = open_server_like("pages/similarity.py")
    set_d_model(at, 64)
    ok(at.slider(key="sim_pair").set_value(20).run())
    set_d_model(at, 60)  # 30 pairs: 20 fits and stays (was 0, the value at d_model 128)
    assert pair_shown(at) == 20
    ok(at.slider(key="sim_pair").set_value(3).run())
    set_d_model(at, 50)
    assert pair_shown(at) == 3  # (was 20)
    ok(at.slider(key="sim_p").set_value(90).run())
    for max_len, p in ((95, 90), (60, 59), (80, 59)):  # the position slider, through max_len
        ok(at.sidebar.slider(key="max_len").set_value(max_len).run())
        assert position_shown(at) == p


def test_a_hidden_control_comes_back_clamped_to_a_range_that_changed_twice() -> None:
    """A control in a closed tab keeps its value (viz.ui.KEEP); its range may change while it is hidden."""
    at = open_server_like("pages/similarity.py", every_section=False)
    rot = t("sim.rot.title", "en")
    open_tab(at, "sim_section", rot)
    ok(at.slider(key="sim_pair").set_value(63).run())
    open_tab(at, "sim_section", t("sim.tab.row", "en"))
    set_d_model(at, 40)
    set_d_model(at, 20)
    open_tab(at, "sim_section", rot)
    assert pair_shown(at) == 9  # the last of 10 pairs
    ok(at.slider(key="sim_pair").set_value(2).run())
    set_d_model(at, 30)
    set_d_model(at, 12)
    assert pair_shown(at) == 2


def open_tab(at: AppTest, key: str, label: str) -> AppTest:
    at.session_state[widgets.choice_key(key, "en")] = label
    return ok(at.run())


def test_a_shorter_sentence_keeps_the_last_word_picked_in_the_worked_example() -> None:
    """The worked example's query pick (a word of the sentence) follows the length slider: a query past
    the new end becomes the last word (it went back to the first)."""
    at = open_server_like("pages/softmax.py")
    ok(at.text_input(key="sm_text").input("one two three four five").run())
    ok(at.selectbox(key="sm_query").set_value(4).run())
    assert at.code[0].value.startswith("z_4 = ")  # tokens numbered from 0, as everywhere
    ok(at.slider(key="sm_len").set_value(3).run())
    assert at.selectbox(key="sm_query").value == 2
    assert at.code[0].value.startswith("z_2 = ") and "(three)" in at.code[0].value
    ok(at.slider(key="sm_len").set_value(5).run())
    assert at.selectbox(key="sm_query").value == 2  # a longer sentence leaves the pick alone


def test_a_shallower_stack_shows_its_top_layer() -> None:
    """The encoder's layer pick follows the number of layers: layer 6 of 6, then 3 layers, shows layer 3
    (it went back to layer 1)."""
    at = new_app(d_model="16", heads="2")
    ok(at.run())
    ok(at.switch_page("pages/encoder.py").run())
    ok(at.button_group(key="enc_layer").set_value(6).run())
    titles = [json.loads(c.proto.spec)["layout"]["title"]["text"] for c in charts(at)]
    assert t("enc.path.chart", "en", layer=6, layers=6) in titles
    ok(at.slider(key="enc_layers").set_value(3).run())
    assert at.button_group(key="enc_layer").value == 3
    titles = [json.loads(c.proto.spec)["layout"]["title"]["text"] for c in charts(at)]
    assert t("enc.path.chart", "en", layer=3, layers=3) in titles
