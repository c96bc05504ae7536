"""The only viz module that imports Streamlit: the shared sidebar, cached wrappers and chart helpers."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import gc
import json
import logging
import re
import runpy
import string
import tempfile
import threading
import weakref
from collections.abc import Callable, Collection, Hashable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

import numpy as np
import pandas as pd
import plotly
import plotly.graph_objects as go
import plotly.io as pio
import streamlit as st
from streamlit.navigation.page import StreamlitPage
from streamlit.runtime.scriptrunner import get_script_run_ctx

from viz import criteria, embedding, encodings, export, figures, heads, settings, similarity, softmax, stack
from viz import link as url_link
from viz.budget import STORE, Cache, cached
from viz.encodings import ENCODING_KINDS, EncodingSpec, encode
from viz.figures import PLOTLY_CONFIG
from viz.i18n import LANGS, t
from viz.memo import memoized
from viz.settings import Settings, UrlProblem

if TYPE_CHECKING:  # torch costs ~2 s to import: only the live-model page loads it (see live_model)
    from viz import block, probe
    from viz.model import DecoderLayer, Encoder, ModelConfig
    from viz.train import Progress, TrainConfig, Trained

_URL_NOTES = "_url_notes"


# ---- shared settings ---------------------------------------------------------------------------------
def _url_query() -> dict[str, list[str]]:
    """The address the browser sent with this run: each query key with every value it was given."""
    return {key: st.query_params.get_all(key) for key in st.query_params}


def _history_navigation() -> bool:
    """Whether this run is the browser's Back or Forward: the address then says which view to show."""
    ctx = get_script_run_ctx()
    return bool(ctx is not None and getattr(ctx, "is_history_navigation", False))


#: Session State key of each shared setting in the URL (viz.settings.URL_KEYS), and its default.
_SHARED_STATE: dict[str, tuple[str, object]] = {
    "d_model": ("d_model", settings.DEFAULT_D_MODEL),
    "max_len": ("max_len", settings.DEFAULT_MAX_LEN),
    "base": ("base", settings.DEFAULT_BASE),
    "heads": ("heads", settings.DEFAULT_HEADS),
    "lang": ("lang", settings.DEFAULT_LANG),
    "all": ("all_sections", False),
}


def _url_problems() -> list[UrlProblem]:
    """Seed the shared settings from the link that opened this session (or from the address the
    browser's Back/Forward went to) and return the values it refused.

    The app, not Streamlit's ``bind="query-params"``, owns the address: see :mod:`viz.link` for why.
    Later runs see the address the app itself keeps in sync (:func:`_write_url`).
    """
    history = _history_navigation()
    if st.session_state.get("_url_checked") and not history:
        return []
    st.session_state["_url_checked"] = True
    query = _url_query()
    found = settings.read_url(query)
    # Back to an address with no parameters at all is, after a page switch, the bare entry Streamlit's
    # navigation pushes before this app writes the view: it says nothing about the shared settings,
    # and resetting them there dropped a class's language and d_model on one Back press.
    reset_missing = history and bool(query)
    for name, (key, default) in _SHARED_STATE.items():
        if name in found.values:
            st.session_state[key] = found.values[name]
        elif reset_missing:
            st.session_state[key] = default
    return found.problems


HEADS_KEY = "heads"


def heads_key(d_model: int) -> str:
    """The key of the heads selectbox: one widget for every d_model (see :func:`_heads`)."""
    return HEADS_KEY


def heads_wanted() -> int:
    """The head count the user (or a link) asked for: the heads selectbox's value."""
    wanted = st.session_state.get(HEADS_KEY)
    valid = isinstance(wanted, int) and not isinstance(wanted, bool) and wanted >= 1
    return cast(int, wanted) if valid else settings.DEFAULT_HEADS


def _heads(d_model: int, lang: str) -> tuple[int, str | None]:
    """The head-count selectbox and the count used: the one asked for where it divides d_model, else
    the nearest divisor (with a note saying so).

    One widget, whose value is only ever the count the user asked for: its options are the divisors
    of d_model plus that count, so the value is always among them and the server never changes it.
    A server-side write, or a new widget per d_model, raced with quick d_model key presses: the
    browser reported a stale or first-option value as the user's choice, and heads fell to 1.
    """
    wanted = heads_wanted()
    options = settings.divisors(d_model)
    if wanted not in options:
        options = sorted([*options, wanted])
    picked = st.selectbox(
        t("sidebar.heads", lang),
        options,
        key=HEADS_KEY,
        help=t("sidebar.heads.help", lang),
        persist_state="session",
        **initial(HEADS_KEY, index=options.index(wanted)),
    )
    wanted = int(picked) if isinstance(picked, int) else wanted
    heads = settings.closest_heads(wanted, d_model)
    note = None
    if heads != wanted:
        note = t("sidebar.heads_adjusted", lang, old=wanted, d_model=d_model, new=heads)
    return heads, note


def initial(key: str, **defaults: Any) -> dict[str, Any]:
    """Keyword arguments giving widget ``key`` its default, left out once Session State holds a value
    (a callback may set it; Streamlit warns when a widget gets both)."""
    return {} if key in st.session_state else defaults


def _main_script_scope() -> contextlib.AbstractContextManager[None]:
    """Create widgets under the main script's identity, whichever page this run started from.

    Streamlit folds the running page into every widget ID. In a run that came in through the legacy
    pages/ folder (see :func:`page_shell`) that page differs from a normal run's, and the sidebar's
    widgets would lose their values on a page switch.
    """
    ctx = get_script_run_ctx()
    if ctx is None or not hasattr(ctx, "run_with_active_hash"):
        return contextlib.nullcontext()
    return ctx.run_with_active_hash(ctx.pages_manager.main_script_hash)


def sidebar() -> Settings:
    """Draw the shared settings in the sidebar (the same on every page) and return their values.

    Each widget is bound to a URL query parameter (a shareable link) and kept across pages.
    Invalid URL values fall back to the default, with a note shown until a setting changes.
    """
    with _main_script_scope():
        return _sidebar()


def _int_setting(key: str, bounds: tuple[int, int], default: int, lang: str) -> int:
    """A shared integer slider, kept across pages (its URL key ``key`` is written by :func:`_write_url`)."""
    value = st.slider(
        t(f"sidebar.{key}", lang),
        *bounds,
        step=1,
        key=key,
        help=t(f"sidebar.{key}.help", lang),
        persist_state="session",
        **initial(key, value=default),
    )
    return int(value)


def _sidebar() -> Settings:
    problems = _url_problems()
    with st.sidebar:
        lang = st.segmented_control(
            "Language / 언어",
            LANGS,  # shown as en / ko, the values of ?lang=
            key="lang",
            required=True,
            persist_state="session",
            **initial("lang", default=settings.DEFAULT_LANG),
        )
        lang = lang if lang in LANGS else settings.DEFAULT_LANG
        st.header(t("sidebar.header", lang))
        d_model = _int_setting("d_model", settings.D_MODEL_RANGE, settings.DEFAULT_D_MODEL, lang)
        max_len = _int_setting("max_len", settings.MAX_LEN_RANGE, settings.DEFAULT_MAX_LEN, lang)
        base = st.select_slider(
            t("sidebar.base", lang),
            settings.BASE_OPTIONS,
            key="base",
            help=t("sidebar.base.help", lang),
            persist_state="session",
            **initial("base", value=settings.DEFAULT_BASE),
        )
        heads, heads_note = _heads(int(d_model), lang)
        current = Settings(int(d_model), int(max_len), int(base), heads, str(lang))
        st.caption(t("sidebar.d_k", lang, d_model=current.d_model, heads=current.heads, d_k=current.d_k))
        if current.d_model % 2:
            st.caption(t("sidebar.odd", lang))
        if heads_note:
            st.info(heads_note)
        st.caption(t("sidebar.caption", lang))
        st.toggle(
            t("sidebar.all_sections", lang),
            key=ALL_SECTIONS,
            help=t("sidebar.all_sections.help", lang),
            persist_state="session",
        )
        _plot(data=None, key="plotly_preload")  # starts fetching plotly.js before the page's charts

    st.session_state["_settings"] = current
    if problems:
        st.session_state[_URL_NOTES] = (problems, current)
    noted = st.session_state.get(_URL_NOTES)
    if noted and noted[1] == current:
        url_notes(noted[0], lang, key="url_notes")
    return current


def url_note(problem: UrlProblem, lang: str) -> str:
    """The sentence that says a link's value was refused and what is used instead."""
    rule = t(problem.rule, lang, **dict(problem.rule_values))
    default = t("url.page_default", lang) if problem.default is None else problem.default
    value = url_link.quote(problem.value)
    return t("url.invalid", lang, key=problem.key, value=value, rule=rule, default=default)


def url_notes(problems: Sequence[UrlProblem], lang: str, *, key: str) -> None:
    """Say which of a link's values were refused, as plain text.

    Never through Markdown (``st.warning`` and friends render it): a value from a link could make a
    link or an image there, and Streamlit turns bare URLs and ``:shortcodes:`` into links and icons
    even when Markdown is escaped. ``st.text`` shows characters as they are.
    """
    with st.container(border=True, key=key):
        st.warning(t("url.heading", lang), icon="⚠️")
        for problem in problems:
            st.text(url_note(problem, lang))


APP_PATH = Path(__file__).resolve().parent.parent / "app.py"
_shell = threading.local()  # each session's script runs in its own thread


def run_page(page: StreamlitPage) -> None:
    """Run the page ``st.navigation`` chose, marking that the app shell (app.py) is around it; then put
    the view in the address bar (:func:`_write_url`). A run cut short (a newer rerun) writes nothing."""
    path = str(page.url_path)
    st.session_state[_LINK_PAGE] = path
    seeded = _read_page_url(path)
    notes = _page_notes(path)
    box = st.empty() if notes or seeded else None
    _shell.active = True
    try:
        page.run()
    finally:
        _shell.active = False
    if seeded:
        notes = (notes or []) + _clamped(path, seeded)
        st.session_state[_PAGE_URL] = (path, notes, None) if notes else None
    if box is not None and notes:
        with box.container():
            url_notes(notes, str(st.session_state.get("lang", settings.DEFAULT_LANG)), key="url_page_notes")
    _write_url(path)


_LINK_PAGE = "_link_page"
_PAGE_URL = "_url_page"


def _read_page_url(path: str) -> dict[str, object]:
    """Seed the page's controls from the link that opened the session (or Back/Forward's address), once;
    return the values seeded, by Session State key (empty on every later run)."""
    spec = url_link.page(path)
    history = _history_navigation()
    if st.session_state.get("_url_page_checked") and not history:
        return {}
    st.session_state["_url_page_checked"] = True
    found = url_link.read(spec, _url_query())
    for param in spec.params:
        if param.key in found.values:
            st.session_state[param.key] = found.values[param.key]
        elif history:
            st.session_state.pop(param.key, None)  # Back to a link without it: the page's default
    # The notes stay while the view is the one the link opened (see _write_url).
    st.session_state[_PAGE_URL] = (path, found.problems, None) if found.problems else None
    return found.values


def _page_notes(path: str) -> list[UrlProblem] | None:
    """The page link's refused values while the view is still the one the link opened (else None)."""
    noted = st.session_state.get(_PAGE_URL)
    if not noted or noted[0] != path:
        return None
    spec = url_link.page(path)
    if noted[2] is not None and noted[2] != url_link.url_for(spec, st.session_state.get, _current_settings()):
        st.session_state[_PAGE_URL] = None
        return None
    return list(noted[1])


def _clamped(path: str, seeded: Mapping[str, object]) -> list[UrlProblem]:
    """The link's values the page could not use as they were (a position past max_len, a head past the
    head count...): each control keeps the nearest value it allows, and this says which."""
    found = []
    for param in url_link.page(path).params:
        if param.key not in seeded or param.key not in st.session_state:
            continue
        asked, used = (
            list(v) if isinstance(v, tuple) else v for v in (seeded[param.key], st.session_state[param.key])
        )
        if asked != used and param.accepts(used):
            found.append(
                UrlProblem(param.name, param.format(asked), "url.rule.page_range", (), param.format(used))
            )
    return found


def _write_url(path: str) -> None:
    """Put the view in the address bar: the shared settings and the page's controls that differ from
    their defaults (:func:`viz.link.url_for`). Sent only when it changed, as one message.

    Written at the end of a run, from the values that run used: the address never lags the page (the
    browser's own writes for bound widgets could, issue 19 bug 2), and a run cut short by a newer key
    press writes nothing.
    """
    spec = url_link.page(path)
    page_params = url_link.url_for(spec, st.session_state.get, _current_settings())
    noted = st.session_state.get(_PAGE_URL)
    if noted and noted[0] == path and noted[2] is None:
        st.session_state[_PAGE_URL] = (path, noted[1], page_params)
    wanted = _shared_url() | page_params
    if _url_query() != {key: [value] for key, value in wanted.items()}:
        st.query_params.from_dict(wanted)


def _current_settings() -> Settings:
    value = st.session_state.get("_settings")
    return value if isinstance(value, Settings) else Settings()


def _shared_url() -> dict[str, str]:
    """The shared settings' URL parameters that differ from their defaults."""
    current = st.session_state.get("_settings")
    found: dict[str, str] = {}
    if isinstance(current, Settings):
        for name in ("d_model", "max_len", "base"):
            if getattr(current, name) != _SHARED_STATE[name][1]:
                found[name] = str(getattr(current, name))
        if current.lang != settings.DEFAULT_LANG:
            found["lang"] = current.lang
    if heads_wanted() != settings.DEFAULT_HEADS:
        found["heads"] = str(heads_wanted())
    if st.session_state.get(ALL_SECTIONS):
        found["all"] = "1"
    return found


def fragment(func: Callable[..., None]) -> Callable[..., None]:
    """``st.fragment`` for a page section with controls of its own: a rerun of the section alone also
    puts the view in the address bar (a fragment's rerun does not reach the end of :func:`run_page`)."""

    @functools.wraps(func)
    def run(*args: Any, **kwargs: Any) -> None:
        func(*args, **kwargs)
        if getattr(_shell, "active", False) is False and st.session_state.get(_LINK_PAGE):
            _write_url(str(st.session_state[_LINK_PAGE]))

    return cast("Callable[..., None]", st.fragment(run))


def page_shell() -> Settings:
    """Call first on every page: the shared settings, with the app shell drawn around the page.

    Until ``st.navigation`` has run once in a server process (and in every AppTest run), Streamlit
    treats an app with a ``pages/`` folder as a legacy multipage app: a link straight to a page
    (``/positional_encoding``) runs the page file alone, without app.py's sidebar and navigation.
    Then this runs app.py, whose ``st.navigation`` picks this same page from the URL, and stops the
    outer run.
    """
    if not getattr(_shell, "active", False):
        runpy.run_path(str(APP_PATH), run_name="__main__")
        st.stop()
    value = st.session_state.get("_settings")
    return value if isinstance(value, Settings) else Settings()


_warm_lock = threading.Lock()
_warm_started = False
#: Seconds the background import waits, so the first page a visitor opens is drawn before it starts.
WARM_DELAY_S = 1.5


#: Middle-generation collections between two full ones (Python's default: 10). A full collection walks
#: everything the server holds (Streamlit, Plotly, pandas, torch, every session's state and the cached
#: figures) with the GIL held: under the 40-session load each took 0.44 s, about nine a minute, and
#: every session's rerun waited for them. At 100 there were one to three a minute in the same runs,
#: measured with ``gc.callbacks`` (README, Benchmarks).
GC_FULL_EVERY = 100


def tune_gc() -> None:
    """Make Python's full garbage collections rarer in this process (see :data:`GC_FULL_EVERY`).

    The young generations are collected as often as before, so short-lived cycles are freed as
    soon as they were; only the survivors wait longer for a full collection.
    """
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, GC_FULL_EVERY)


def warm_live_model() -> None:
    """Import PyTorch and the live-model modules once per server process, in a background thread, and
    build one throwaway model (torch's first model and forward pass set it up: 1.3 s here).

    Importing torch takes about 2 s here; without this, the first visitor of an attention page in a
    server's life waits for it. The pages that do not use the model never import torch themselves,
    and the import waits :data:`WARM_DELAY_S` so it does not compete with the first page's run. A
    failure here is ignored: the page that needs the model imports it again and reports the error.
    """
    global _warm_started
    with _warm_lock:
        if _warm_started:
            return
        _warm_started = True

    def _import() -> None:
        import importlib
        import time

        time.sleep(WARM_DELAY_S)
        try:
            for name in ("viz.model", "viz.train", "viz.block", "viz.probe"):
                importlib.import_module(name)
            # PyTorch's first model and forward pass in a process pay its one-time set-up (1.3 s here):
            # one throwaway model pays it now instead of the first visitor of an attention page.
            from viz import model, probe

            config = model.ModelConfig()
            probe.attention_maps(model.build(config), _sentence_x(("warm", "up"), config.d_model))
        except Exception:  # the page that needs the model does all this again and reports any error
            logging.getLogger(__name__).warning("warming up the live model failed", exc_info=True)

    # Not a daemon: a process that ends while this thread is inside PyTorch (a short AppTest run, a
    # server stopped early) was aborted by the C++ runtime (exit -6) or crashed (exit -11). The
    # interpreter joins non-daemon threads before it runs any exit handler, and PyTorch registers
    # handlers of its own that tear down what this thread may still be using; joining from an exit
    # handler of ours came too late, since handlers registered after ours (PyTorch's) run first.
    threading.Thread(target=_import, name="warm-live-model", daemon=False).start()


# ---- cached computations: keyed by parameters, never by arrays ---------------------------------------
# Every cache shares the server's one memory budget (viz.budget: least recently used go first, by bytes);
# max_entries only keeps each cache's list short. Results are shared: arrays read-only, models unchanged.
@cached(max_entries=8)
def encoding_table(spec: EncodingSpec) -> np.ndarray:
    """The encoding table for ``spec``, shared read-only between reruns and sessions."""
    table = encode(spec)
    table.flags.writeable = False
    return table


@cached(max_entries=64)
def scorecard(spec: EncodingSpec) -> list[criteria.Check]:
    """The measured conditions for ``spec`` (see :mod:`viz.criteria`)."""
    return criteria.scorecard(spec)


def all_scorecards(spec: EncodingSpec) -> dict[str, list[criteria.Check]]:
    """Scorecards of every encoding at the sizes in ``spec``."""
    return {
        kind: scorecard(EncodingSpec(kind, spec.max_len, spec.d_model, spec.base)) for kind in ENCODING_KINDS
    }


def comparison_is_cheap(spec: EncodingSpec) -> bool:
    """Whether all six scorecards fit in a fraction of a second (the closest-pair search is L^2 * d)."""
    return spec.max_len * spec.max_len * spec.d_model <= 2**28


# ---- widgets and charts ------------------------------------------------------------------------------
def choice_key(key: str, lang: str) -> str:
    """The widget key :func:`choice` uses for ``key`` in ``lang``."""
    return f"{key}__{lang}"


def _language_widget(key: str, lang: str, value: Any, *, first_run: bool = False) -> str:
    """The key of the widget in ``lang`` for a choice remembered under ``key`` (:func:`choice_key`).

    After a language switch that widget is set to ``value``, the remembered choice: Streamlit keeps a
    hidden widget's old value, and the choice made in the other language wins. In the same language
    the widget's own value, perhaps just changed by the user, stands. With ``first_run`` the widget
    is also set before it first exists (for a widget given no default of its own).
    """
    widget_key = choice_key(key, lang)
    if widget_key in st.session_state:
        if st.session_state.get(f"{key}__lang") != lang:
            st.session_state[widget_key] = value
    elif first_run:
        st.session_state[widget_key] = value
    st.session_state[f"{key}__lang"] = lang
    return widget_key


def choice(
    label: str,
    options: Sequence[str],
    *,
    key: str,
    lang: str,
    format_func: Callable[[str], str],
    radio: bool = False,
    container: Any = st,
    default: str | None = None,
) -> str:
    """A selectbox (or horizontal radio) whose option labels are translated.

    The browser matches a selection by its label, so after a language switch a widget would show the
    old language's label (or nothing). So the widget is keyed per language, and the choice itself is
    kept in Session State under ``key``, which survives the switch.
    """
    remembered = st.session_state.get(key)
    first = default if default is not None and default in options else options[0]
    stored = str(remembered) if remembered in options else first
    widget_key = _language_widget(key, lang, stored)
    index = list(options).index(stored)
    if radio:
        picked = container.radio(
            label, options, index=index, format_func=format_func, key=widget_key, horizontal=True
        )
    else:
        picked = container.selectbox(label, options, index=index, format_func=format_func, key=widget_key)
    st.session_state[key] = picked
    return str(picked)


def encoding_choice(
    label: str, *, lang: str, key: str = "pe_kind", container: Any = st, default: str | None = None
) -> str:
    """A selectbox over the encodings, named in ``lang``. Under the default key the choice is the one
    the Positional encoding page made, and is shared by every page that shows an encoding."""
    return choice(
        label,
        ENCODING_KINDS,
        key=key,
        lang=lang,
        format_func=lambda k: t(f"pe.kind.{k}", lang),
        container=container,
        default=default,
    )


@dataclasses.dataclass(frozen=True)
class Section:
    """One section of a page: a tab, or (every section at once) a container under its heading.

    ``open`` says whether it is shown; a page draws a section's charts only then, so a slider move
    redraws only what is on screen. ``with section:`` writes into it.
    """

    box: Any
    open: bool

    def __enter__(self) -> Any:
        return self.box.__enter__()

    def __exit__(self, *exc: object) -> bool | None:
        return cast("bool | None", self.box.__exit__(*exc))


#: How long a page's own widgets keep their values when not drawn: while the visitor stays on the page,
#: so a control in a closed tab (viz.ui.sections) is as it was left when the tab is opened again.
KEEP: Literal["page"] = "page"
#: The sidebar switch that shows every section of a page at once instead of as tabs (kept for the session).
ALL_SECTIONS = "all_sections"


def sections(
    key: str, labels: Mapping[str, str], *, lang: str, own_headings: Collection[str] = ()
) -> dict[str, Section]:
    """A page's sections as tabs, of which only the open one runs (``Section.open``); with the sidebar's
    "every section at once" switch on, one under the other, each under its label as a heading (but
    those in ``own_headings``, which write their own).

    ``labels`` maps each section's id to its label in ``lang``. The open tab is kept under ``key`` by
    id, so it survives a language switch (the tabs widget itself is keyed per language, as in
    :func:`choice`).
    """
    ids = list(labels)
    if st.session_state.get(ALL_SECTIONS):
        found = {}
        for name in ids:
            box = st.container()
            if name not in own_headings:
                box.subheader(labels[name])
            found[name] = Section(box, True)
        return found
    remembered = st.session_state.get(key)
    stored = remembered if remembered in ids else ids[0]
    # The tab to open is set through Session State, not ``default``: a default is part of the widget's
    # id, so every click would make a new widget.
    widget_key = _language_widget(key, lang, labels[stored], first_run=True)
    tabs = st.tabs([labels[name] for name in ids], key=widget_key, on_change="rerun")
    found = {name: Section(tab, bool(tab.open)) for name, tab in zip(ids, tabs, strict=True)}
    st.session_state[key] = next((name for name, section in found.items() if section.open), stored)
    return found


def keep_in_range(key: str, domain: Hashable, fit: Callable[[Any], Any]) -> None:
    """Call just before drawing the widget ``key`` whose range (bounds, or options) depends on other
    settings: the widget shows ``fit(the value it kept)``, which must lie in ``domain`` (a hashable
    description of that range). Every range-dependent control of the app goes through here.

    Streamlit makes a slider a new widget when its bounds change, and the new one did not take the
    value the old one showed but the one Streamlit had put aside under the key when the bounds last
    changed: after a second change that older value came back, or, outside the new range, stopped
    the page with StreamlitValueAboveMaxError (d_model 64 -> 16 -> 15 with the pair slider moved in
    between; issue 19). A select widget keeps its identity, but its kept value may no longer be an
    option. So whenever ``domain`` differs from the last run that drew the widget, the value it kept
    (read through the key, which still names the widget last drawn) is written back, fitted; in other
    runs only when it does not fit (a callback may have set it). Never on every run: a write sends the
    value to the browser, and a reply still on its way could undo a key press made in the meantime.
    """
    range_key = f"{key}__range"
    if key in st.session_state:
        kept = st.session_state.get(key)
        fitted = fit(kept)
        if st.session_state.get(range_key) != domain or fitted != kept:
            st.session_state[key] = fitted
    if st.session_state.get(range_key) != domain:
        st.session_state[range_key] = domain


def keep_index(key: str, n: int) -> None:
    """:func:`keep_in_range` for a choice among range(n): an index kept past the end becomes the last one
    (a shorter sentence keeps its last word picked), anything else the first."""
    keep_in_range(key, n, lambda kept: min(kept, n - 1) if isinstance(kept, int) else 0)


def _clamp(value: Any, lo: int, hi: int, default: int) -> int:
    """``value`` as an integer in [lo, hi] (``default``, clamped, when it is not a number)."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = default
    return min(max(number, lo), hi)


def int_multiselect(
    label: str, n: int, default: Sequence[int], key: str, max_selections: int = 8
) -> list[int]:
    """Pick integers from range(n); a stored choice outside the range (after n shrank) is dropped.

    ``default`` may depend on the settings (the PE page's wave columns follow the encoding and sizes):
    while the visitor has not changed the pick, it follows the default offered now, so a switch to
    another encoding does not leave columns that are flat lines there.
    """
    fresh = [v for v in default if 0 <= v < n]
    default_key = f"{key}__default"
    offered = st.session_state.get(default_key)

    def fit(kept: Any) -> list[int]:
        if offered is not None and list(kept or ()) == offered:  # untouched: follow the settings
            return fresh
        return [v for v in kept or () if isinstance(v, int) and 0 <= v < n][:max_selections]

    keep_in_range(key, (n, tuple(fresh)), fit)
    if offered != fresh:
        st.session_state[default_key] = fresh
    picked = st.multiselect(
        label,
        list(range(n)),
        key=key,
        max_selections=max_selections,
        persist_state=KEEP,
        **initial(key, default=[v for v in default if 0 <= v < n]),
    )
    return [int(v) for v in picked]


# ---- charts: drawn in place ---------------------------------------------------------------------------
#: Where Streamlit's static serving (``server.enableStaticServing``) finds plotly.js: ``static/`` next to
#: app.py. ``static/plotly.min.js`` is copied there at startup when missing or stale (it is not in git).
STATIC_DIR = APP_PATH.parent / "static"
#: plotly.js's cartesian bundle (npm's plotly.js-cartesian-dist-min, MIT; its traces are in
#: :data:`CARTESIAN_TRACES`): 1.5 MB against the full bundle's 4.8 MB, which took a fresh browser tab
#: about a second longer to parse before the first chart (bench/results/pages.md). Used when it is the
#: same plotly.js version as the installed plotly package's; otherwise the package's full bundle is.
CARTESIAN_JS = Path(__file__).parent / "vendor" / "plotly-cartesian.min.js"
CARTESIAN_TRACES = frozenset(
    {"bar", "box", "contour", "heatmap", "histogram", "histogram2d", "histogram2dcontour", "image", "pie"}
    | {"scatter", "scatterternary", "violin"}
)


def _head_version(content: bytes) -> str | None:
    found = re.search(rb"plotly\.js\b[^\n]*? v(\d+\.\d+\.\d+)", content[:300])
    return found.group(1).decode("ascii") if found is not None else None


def bundle_version(path: Path) -> str | None:
    """The plotly.js version in a bundle's first lines (``plotly.js ... v4.1.1``), or None."""
    with contextlib.suppress(OSError), path.open("rb") as f:
        return _head_version(f.read(300))
    return None


def plotly_js_source() -> Path:
    """The plotly.js the charts load: the cartesian bundle when it matches the installed plotly's
    plotly.js version, else the full bundle that the plotly package ships."""
    full = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    return CARTESIAN_JS if bundle_version(CARTESIAN_JS) == bundle_version(full) else full


#: plotly.js's locales for the app's languages other than English, exactly as npm's plotly.js-locales
#: ships them (CommonJS modules; viz/vendor/README.md says which version and why that one).
LOCALE_JS = {"ko": Path(__file__).parent / "vendor" / "plotly-locale-ko.js"}
#: plotly.js strings (its English text, the dictionary's keys) that the vendored locales lack, being
#: older than the bundle, with the i18n key of the app's own translation.
PLOTLY_EXTRA_STRINGS = {
    "Preparing image - this may take a few seconds": "chart.plotly.preparing",
    "Image download succeeded": "chart.plotly.done",
    "Sorry, there was a problem downloading your image!": "chart.plotly.failed",
    "Click to enter Plot subtitle": "chart.plotly.subtitle",
}


def locale_script(lang: str) -> bytes:
    """``static/plotly-locale-LANG.js``: the vendored locale module with the app's translations of the
    strings it lacks, registering itself with the page's plotly.js (the component loads it after
    plotly.js, only on a page in that language)."""
    module = LOCALE_JS[lang].read_text(encoding="utf-8")
    extra = {english: t(key, lang) for english, key in PLOTLY_EXTRA_STRINGS.items()}
    return (
        "(function () {\n"
        "var module = {};\n"
        f"{module.strip()}\n"
        f"Object.assign(module.exports.dictionary, {json.dumps(extra, ensure_ascii=False)});\n"
        "if (window.Plotly) window.Plotly.register(module.exports);\n"
        "})();\n"
    ).encode()


def served_files() -> dict[str, bytes]:
    """What ``static/`` must hold for the charts to draw: each file's name and exact content."""
    files = {"plotly.min.js": plotly_js_source().read_bytes()}
    files.update({f"plotly-locale-{lang}.js": locale_script(lang) for lang in LOCALE_JS})
    return files


@dataclasses.dataclass(frozen=True)
class ServedFileProblem:
    """A file in ``static/`` that is not what the app ships. ``kind`` is "missing", "stale" (another
    plotly.js version: ``found`` and ``expected`` are the versions), "truncated" (a cut-off copy: they
    are sizes in bytes) or "altered" (anything else)."""

    name: str
    kind: Literal["missing", "stale", "truncated", "altered"]
    found: str = ""
    expected: str = ""


def check_served_file(path: Path, expected: bytes) -> ServedFileProblem | None:
    """None when ``path`` holds exactly ``expected``, else what is wrong with it."""
    try:
        content = path.read_bytes()
    except OSError:  # absent, a folder, unreadable: the browser gets nothing usable either way
        return ServedFileProblem(path.name, "missing")
    if content == expected:
        return None
    if len(content) < len(expected) and expected.startswith(content):
        return ServedFileProblem(path.name, "truncated", f"{len(content):,}", f"{len(expected):,}")
    found, wanted = _head_version(content), _head_version(expected)
    if found != wanted:
        return ServedFileProblem(path.name, "stale", found or "?", wanted or "?")
    return ServedFileProblem(path.name, "altered")


def _write_atomically(target: Path, content: bytes) -> None:
    # a name of its own, so two processes starting at once (a server and a test) do not collide
    target.parent.mkdir(exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=target.parent, suffix=".tmp", delete=False) as partial:
        try:
            partial.write(content)
        except BaseException:
            partial.close()
            Path(partial.name).unlink(missing_ok=True)
            raise
    try:
        Path(partial.name).replace(target)
    except BaseException:
        Path(partial.name).unlink(missing_ok=True)
        raise


def _install_plotly_js(static_dir: Path | None = None) -> list[ServedFileProblem]:
    """Put plotly.js and its locales in ``static_dir`` (default :data:`STATIC_DIR`) where missing or
    different, then check them. What is still wrong (a read-only checkout) is logged and returned:
    with a bad plotly.js every chart stays blank, so the pages say so (:func:`chart_library_notice`)."""
    static_dir = STATIC_DIR if static_dir is None else static_dir
    problems = []
    for name, content in served_files().items():
        target = static_dir / name
        if check_served_file(target, content) is None:
            continue
        try:
            _write_atomically(target, content)
        except OSError as exc:
            logging.getLogger(__name__).warning("could not write %s: %s", target, exc)
        if (problem := check_served_file(target, content)) is not None:
            logging.getLogger(__name__).warning(
                "%s is not the app's copy and could not be replaced (%s %s %s): charts %s",
                target,
                problem.kind,
                problem.found,
                problem.expected,
                "may stay blank" if name == "plotly.min.js" else "keep plotly.js's English toolbar",
            )
            problems.append(problem)
    return problems


#: What was wrong with ``static/`` at start and could not be mended (see :func:`_install_plotly_js`).
PLOTLY_JS_PROBLEMS = _install_plotly_js()


def chart_library_notice(lang: str) -> None:
    """At the top of every page (app.py): an error box when the served plotly.js is not the app's, so
    a class is not left with blank charts and no word. A bad locale only leaves the toolbar in English:
    that is in the log only."""
    for problem in PLOTLY_JS_PROBLEMS:
        if problem.name == "plotly.min.js":
            what = t(f"chart.library.{problem.kind}", lang, found=problem.found, expected=problem.expected)
            st.error(t("chart.library_bad", lang, name=problem.name, problem=what))


def _script(path: Path) -> str:
    """The component's JavaScript without its comments (Streamlit sends it with every chart), with
    :data:`viz.figures.PLOTLY_CONFIG` as the charts' Plotly config, the load-failure message in every
    language and the languages that have a plotly.js locale."""
    constants = {
        "const CONFIG =": json.dumps({"responsive": True, **PLOTLY_CONFIG}),
        "const LOAD_FAILED =": json.dumps({lang: t("chart.load_failed", lang) for lang in LANGS}),
        "const LOCALES =": json.dumps(sorted(LOCALE_JS)),
    }
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    for i, line in enumerate(lines):
        for start, value in constants.items():
            if line.startswith(start):
                lines[i] = f"{start} {value};"
    return "\n".join(line for line in lines if line and not line.startswith("//"))


#: The toolbar (Plotly's mode bar, top right, shown on hover) gets a strip of its own above the chart:
#: inside the chart's top margin it covered the end of long (centred) titles.
MODEBAR_STRIP_PX = 28
_PLOT_CSS = (
    # content-box: the chart's min-height (its figure's height, set by plot.js) then excludes the strip;
    # under the page's border-box the strip took the figure's last 28 px, drawn over the CSV button below
    f".al-plot {{ padding-top: {MODEBAR_STRIP_PX}px; box-sizing: content-box; }}\n"
    f".al-plot .modebar-container {{ top: -{MODEBAR_STRIP_PX}px !important; }}\n"
)

_plot_component = st.components.v2.component(
    "attention_lab_plot",
    js=_script(Path(__file__).parent / "plot.js"),
    css=_PLOT_CSS,
    isolate_styles=False,
)


def _plot(*, data: bytes | None, key: str, lang: str = "en") -> None:
    """The chart component: ``data`` is a figure's Plotly JSON (None only starts loading plotly.js).

    The page's language goes in as the figure's ``config.locale`` (Plotly's own place for it), so the
    toolbar speaks it; the memoized JSON is shared by every language and stays as it is.
    """
    if data is not None:
        if data[:1] != b"{":
            raise ValueError("a chart's data must be a Plotly figure's JSON object")
        rest = memoryview(data)[1:]
        comma = b"," if bytes(rest[:1]) != b"}" else b""
        data = b"".join([b'{"config":{"locale":', json.dumps(lang).encode("ascii"), b"}", comma, rest])
    _plot_component(data=data, key=key)


#: id(figure) -> (a weak reference to it, its JSON). Figures are unhashable, so not a WeakKeyDictionary.
_json_cache: dict[int, tuple[weakref.ref[go.Figure], bytes]] = {}
_json_lock = threading.Lock()
#: Entries whose figure has died, as (id, the dead reference). A weak reference's callback may run in
#: the middle of any allocation, on any thread, even one holding ``_json_lock``: it only appends here
#: (atomic, no lock), and :func:`_figure_bytes` drops the entries under its lock.
_json_dead: list[tuple[int, weakref.ref[go.Figure]]] = []


def _forget(key: int) -> Callable[[weakref.ref[go.Figure]], None]:
    def drop(ref: weakref.ref[go.Figure]) -> None:
        _json_dead.append((key, ref))

    return drop


def _figure_bytes(fig: go.Figure) -> bytes:
    """The figure's Plotly JSON as UTF-8 bytes, kept as long as the (memoized) figure lives.

    Bytes are the cheapest payload a component has: a dict would be walked for dataframes, dumped
    to JSON and dumped again, sorted, for the element's identity on every rerun.
    """
    key = id(fig)
    with _json_lock:
        while _json_dead:
            dead_key, dead_ref = _json_dead.pop()
            if dead_key in _json_cache and _json_cache[dead_key][0] is dead_ref:
                del _json_cache[dead_key]
        entry = _json_cache.get(key)
    if entry is not None and entry[0]() is fig:
        return entry[1]
    # Plotly's encoder writes every "/" as "\/", and base64 arrays are full of them: re-encoding
    # compactly makes a heatmap's payload about a quarter smaller.
    plain = json.loads(pio.to_json(fig, validate=False))
    encoded = json.dumps(plain, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    value = (weakref.ref(fig, _forget(key)), encoded)  # allocated before the lock is taken
    with _json_lock:
        entry = _json_cache.get(key)
        if entry is not None and entry[0]() is fig:  # another session encoded it meanwhile: charged once
            return entry[1]
        _json_cache[key] = value
    STORE.charge(fig, len(encoded))  # a memoized figure's JSON lives as long as it: the budget counts it
    return encoded


def chart(
    fig: go.Figure,
    *,
    key: str,
    lang: str,
    csv: Callable[[], str] | None = None,
    file_name: str | None = None,
) -> None:
    """Show a Plotly figure (its toolbar saves a PNG) with a button that downloads its data as CSV.

    The chart is drawn by a small component (``viz/plot.js``) that updates the same Plotly chart in
    place on every rerun. Every chart gets the button: ``csv`` gives the table when it holds more than
    the chart (a strided heatmap's whole table), otherwise the chart's own data is written
    (:func:`viz.export.figure_csv`). Either is made only when the button is clicked, so it costs nothing
    per rerun. ``file_name`` (ASCII) defaults to the chart's key.
    """
    payload = _figure_bytes(fig)
    _plot(data=payload, key=key, lang=lang)
    st.download_button(
        t("chart.download_csv", lang),
        data=functools.partial(csv_bytes, payload, lang, csv),
        file_name=_ascii_name(file_name or f"{key}.csv"),
        mime="text/csv",
        key=f"{key}_csv",
        on_click="ignore",
        icon=":material/download:",
    )


def csv_bytes(payload: bytes, lang: str, make: Callable[[], str] | None = None) -> bytes:
    """The file a chart's CSV button downloads: the chart's title as a ``#`` line, then ``make()`` or,
    without it, the data of the chart's Plotly JSON ``payload``; UTF-8 with a BOM (Excel needs it to
    read Korean)."""
    figure = json.loads(payload)
    title = (figure.get("layout", {}).get("title") or {}).get("text") or ""
    head = export.comment(export.plain(title)) if title else ""
    if make is not None:
        body = make()
    else:
        body = export.figure_csv(figure, x_name=t("csv.x", lang), value_name=t("chart.value", lang))
    return export.excel_bytes(head + body)


def _ascii_name(name: str) -> str:
    """``name`` with anything but ASCII letters, digits, dot, dash and underscore made an underscore."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name)


@contextlib.contextmanager
def guard(lang: str) -> Iterator[None]:
    """Run one section of a page; if it fails, say so in the page and let the rest of the page run."""
    try:
        yield
    except Exception as exc:  # a failing chart must not take the page down
        st.error(t("error.generic", lang, error=type(exc).__name__ + ": " + str(exc)[:200]))


@cached(max_entries=32)
def layout_difference(max_len: int, d_model: int, base: float) -> float:
    """Cached :func:`viz.encodings.layout_difference`."""
    return encodings.layout_difference(max_len, d_model, base)


def _full_note(matrix: np.ndarray, lang: str) -> str:
    """The CSV's note that it holds the whole of a matrix the chart draws strided."""
    return t("csv.full_table", lang, rows=matrix.shape[0], cols=matrix.shape[1])


def _stride_text(paired: bool, step: int, lang: str) -> str:
    """How strided columns were picked: every step-th sine/cosine pair, or every step-th dimension."""
    return t("chart.cols_pairs" if paired else "chart.cols_every", lang, col_step=step)


def overview_heatmap(
    matrix: np.ndarray, spec: EncodingSpec, lang: str, *, key: str, title: str, file_name: str
) -> None:
    """A position x dimension heatmap, strided when it has more cells than pixels (and saying so)."""
    view = figures.overview(matrix, paired=encodings.uses_pairs(spec))
    fig = figures.heatmap(
        view.values,
        x=view.cols,
        y=view.rows,
        title=title,
        x_title=t("chart.dimension", lang),
        y_title=t("chart.position", lang),
        colorbar_title=t("chart.value", lang),
        hovertemplate=t("pe.heatmap.hover", lang),
    )
    chart(
        fig,
        key=key,
        lang=lang,
        csv=lambda: export.matrix_csv(
            matrix,
            corner=export.corner(t("chart.position", lang), t("chart.dimension", lang)),
            note=_full_note(matrix, lang) if view.aggregated else None,
        ),
        file_name=file_name,
    )
    if view.aggregated:
        if view.col_step == 1:
            col_what = t("chart.rows_only", lang)
        else:
            col_what = _stride_text(view.paired, view.col_step, lang)
        st.caption(
            t(
                "chart.aggregated",
                lang,
                row_step=view.row_step,
                col_what=col_what,
                rows=view.values.shape[0],
                cols=view.values.shape[1],
                max_len=matrix.shape[0],
                d_model=matrix.shape[1],
            )
        )


def _verdict(check: criteria.Check, lang: str) -> str:
    """A cell of the scorecard, highlighted green or red in Markdown (``st.table`` renders cells as
    Markdown); unlike a badge, a highlight wraps, so six encodings fit side by side."""
    if check.passed is None:
        return t("pe.score.na", lang)
    value = "∞" if np.isinf(check.value) else f"{check.value:.4g}"
    text = t("pe.score.pass" if check.passed else "pe.score.fail", lang, value=value)
    return f":green-background[{text}]" if check.passed else f":red-background[**{text}**]"


def _cell(text: str) -> str:
    """Fixed text in a Markdown table cell, shown as written: every ASCII punctuation character is
    backslash-escaped (CommonMark shows an escaped punctuation character as itself)."""
    return "".join("\\" + ch if ch in string.punctuation else ch for ch in text)


@memoized
def scorecard_frame(cards: dict[str, list[criteria.Check]], selected: str, lang: str) -> pd.DataFrame:
    """The scorecard as a table: one row per condition, one column per encoding in ``cards``.

    Built once per (measurements, language) and shared: it was a pandas Styler, whose rendering cost
    about 20 ms on every rerun of the page, more than all of its charts.
    """
    compare = len(cards) > 1
    rows = []
    for i, check in enumerate(next(iter(cards.values()))):
        row = {
            t("pe.score.col.condition", lang): _cell(t(f"pe.crit.{check.name}", lang)),
            t("pe.score.col.measure", lang): _cell(t(f"pe.crit.{check.name}.measure", lang)),
            t("pe.score.col.threshold", lang): _cell(
                t(f"pe.crit.{check.name}.rule", lang, threshold=check.threshold)
            ),
        }
        for kind, card in cards.items():
            label = t(f"pe.kind.{kind}", lang) + (" ◀" if kind == selected and compare else "")
            row[label] = _verdict(card[i], lang)
        rows.append(row)
    return pd.DataFrame(rows)


def scorecard_table(spec: EncodingSpec, lang: str, *, compare: bool) -> None:
    """The measured conditions as a table: one column for ``spec``'s encoding, or one per encoding."""
    cards = all_scorecards(spec) if compare else {spec.kind: scorecard(spec)}
    first = next(iter(cards.values()))
    st.table(scorecard_frame(cards, spec.kind, lang), hide_index=True)

    def csv() -> bytes:
        columns: dict[str, list[object]] = {
            t("pe.score.col.condition", lang): [t(f"pe.crit.{c.name}", lang) for c in first]
        }
        for kind, card in cards.items():
            columns[t(f"pe.kind.{kind}", lang)] = [c.value for c in card]
        return export.excel_bytes(export.columns_csv(columns))

    st.download_button(
        t("chart.download_csv", lang),
        data=csv,
        file_name=f"scorecard_{spec.max_len}x{spec.d_model}.csv",
        mime="text/csv",
        key="scorecard_csv",
        on_click="ignore",
        icon=":material/download:",
    )


WINDOW_LIMIT = 200
CURVE_WINDOW = 256  # positions the curve chart opens on


def index_range(label: str, n: int, span: int, key: str) -> tuple[int, int]:
    """A range slider over range(n), clamped when n shrinks; (0, 0) without a slider when n is 1."""
    if n <= 1:
        return 0, 0

    def fit(kept: Any) -> tuple[int, int]:
        try:
            lo, hi = (_clamp(v, 0, n - 1, 0) for v in kept)
        except (TypeError, ValueError):  # not a pair
            lo, hi = 0, min(span, n) - 1
        return min(lo, hi), max(lo, hi)

    keep_in_range(key, n, fit)
    picked = st.slider(
        label, 0, n - 1, key=key, persist_state=KEEP, **initial(key, value=(0, min(span, n) - 1))
    )
    lo, hi = cast(tuple[int, int], picked)
    return int(lo), int(hi)


def exact_window(matrix: np.ndarray, spec: EncodingSpec, lang: str, *, key: str) -> None:
    """Every cell of a chosen window of ``matrix``, with no striding, and its CSV."""
    c1, c2 = st.columns(2)
    with c1:
        r0, r1 = index_range(t("pe.window.rows", lang), matrix.shape[0], 40, f"{key}_rows")
    with c2:
        c0, c1_ = index_range(t("pe.window.cols", lang), matrix.shape[1], 32, f"{key}_cols")
    if r1 - r0 + 1 > WINDOW_LIMIT or c1_ - c0 + 1 > WINDOW_LIMIT:
        st.caption(t("pe.window.clipped", lang, limit=WINDOW_LIMIT))
        r1, c1_ = min(r1, r0 + WINDOW_LIMIT - 1), min(c1_, c0 + WINDOW_LIMIT - 1)
    window = matrix[r0 : r1 + 1, c0 : c1_ + 1]
    fig = figures.heatmap(
        window,
        x=range(c0, c1_ + 1),
        y=range(r0, r1 + 1),
        title=t("pe.window.title", lang, r0=r0, r1=r1, c0=c0, c1=c1_),
        x_title=t("chart.dimension", lang),
        y_title=t("chart.position", lang),
        colorbar_title=t("chart.value", lang),
        hovertemplate=t("pe.heatmap.hover", lang),
        height=420,
    )
    chart(
        fig,
        key=f"{key}_chart",
        lang=lang,
        csv=lambda: export.matrix_csv(
            window,
            corner=export.corner(t("chart.position", lang), t("chart.dimension", lang)),
            rows=range(r0, r1 + 1),
            cols=range(c0, c1_ + 1),
        ),
        file_name=f"pe_{spec.kind}_window_{spec.max_len}x{spec.d_model}_r{r0}-{r1}_c{c0}-{c1_}.csv",
    )
    st.caption(t("pe.window.explain", lang))


def position_slider(label: str, n: int, default: int, key: str, help: str | None = None) -> int:
    """A slider over range(n), clamped when n shrinks; 0 without a slider when n is 1."""
    return bounded_slider(label, 0, n - 1, default, key, help)


def bounded_slider(label: str, lo: int, hi: int, default: int, key: str, help: str | None = None) -> int:
    """An integer slider from ``lo`` to ``hi`` whose stored value is clamped when the bounds move
    (so a callback may set it too); ``lo`` without a slider when there is nothing to choose."""
    if hi <= lo:
        return lo
    keep_in_range(key, (lo, hi), lambda kept: _clamp(kept, lo, hi, default))
    picked = st.slider(
        label, lo, hi, key=key, help=help, persist_state=KEEP, **initial(key, value=min(max(default, lo), hi))
    )
    return int(cast(int, picked))


def option_slider(label: str, options: Sequence[int], default: int, key: str, help: str | None = None) -> int:
    """A select-slider over ``options``; a stored value that is not an option falls back to ``default``."""
    keep_in_range(key, tuple(options), lambda kept: kept if kept in options else default)
    picked = st.select_slider(
        label, options, key=key, help=help, persist_state=KEEP, **initial(key, value=default)
    )
    return int(cast(int, picked))


def token_panels(
    panels: dict[str, np.ndarray],
    labels: list[str],
    lang: str,
    *,
    paired: bool,
    key: str,
    title: str,
    file_name: str,
    shared_scale: bool = True,
) -> None:
    """Token x dimension heatmaps side by side, on one colour scale (or one each with ``shared_scale=False``),
    columns strided past MAX_COLS."""
    first = next(iter(panels.values()))
    d_model = first.shape[1]
    height = max(320, 130 + 22 * first.shape[0])  # about one line of text per token
    cols, step = figures.overview_indices(d_model, figures.MAX_COLS, paired)
    fig = figures.heatmap_panels(
        {name: m[:, cols] for name, m in panels.items()},
        y_labels=labels,
        x=cols,
        title=title,
        x_title=t("chart.dimension", lang),
        y_title=t("emb.token", lang),
        colorbar_title=t("chart.value", lang),
        hovertemplate=t("emb.panels.hover", lang),
        height=height,
        shared_scale=shared_scale,
    )

    def csv() -> str:
        """Every panel whole (the chart strides the columns past MAX_COLS), one block each."""
        head = export.corner(t("emb.token", lang), t("chart.dimension", lang))
        note = _full_note(first, lang) if step > 1 else None
        blocks = [
            export.comment(name) + export.matrix_csv(m, corner=head, rows=labels, note=note)
            for name, m in panels.items()
        ]
        return "\r\n".join(blocks)

    chart(fig, key=key, lang=lang, csv=csv, file_name=file_name)
    if step > 1:
        what = _stride_text(paired, step, lang)
        st.caption(t("emb.panels.strided", lang, what=what, shown=cols.size, d_model=d_model))


def cost_table(costs: dict[str, embedding.Cost], n_tokens: int, lang: str) -> None:
    """Width, memory and next-layer size of adding versus concatenating, as a table."""
    rows = []
    for name, c in costs.items():
        rows.append(
            {
                t("emb.cost.how", lang): t(f"emb.cost.{name}", lang),
                t("emb.cost.width", lang): f"{c.width:,}",
                t("emb.cost.per_token", lang): f"{c.bytes_per_token:,} B",
                t("emb.cost.total", lang, n=n_tokens): f"{c.bytes_total:,} B",
                t("emb.cost.params", lang): f"{c.next_layer_params:,}",
            }
        )
    st.table(pd.DataFrame(rows).style.hide(axis="index"))


@cached(max_entries=64)
def rotation_error(k: int, max_len: int, d_model: int, base: float) -> encodings.RotationError:
    """Cached :func:`viz.encodings.rotation_error` (a max_len x d_model x d_model product)."""
    return encodings.rotation_error(k, max_len, d_model, base)


def square_overview(
    matrix: np.ndarray,
    lang: str,
    *,
    paired: bool,
    key: str,
    title: str,
    file_name: str,
    axis: str,
    cell_text: str | None = None,
) -> None:
    """A square matrix as a heatmap, the same strided indices on both axes (pairs kept together)."""
    idx, step = figures.overview_indices(matrix.shape[0], figures.MAX_COLS, paired)
    fig = figures.heatmap(
        matrix[np.ix_(idx, idx)],
        x=idx,
        y=idx,
        title=title,
        x_title=t(axis, lang),
        y_title=t(axis, lang),
        colorbar_title=t("chart.value", lang),
        hovertemplate=t("sim.rot.hover", lang),
        height=460,
        cell_text=cell_text,
    )
    chart(
        fig,
        key=key,
        lang=lang,
        csv=lambda: export.matrix_csv(
            matrix,
            corner=export.corner(t(axis, lang), t(axis, lang)),
            note=_full_note(matrix, lang) if step > 1 else None,
        ),
        file_name=file_name,
    )
    if step > 1:
        what = _stride_text(paired, step, lang)
        st.caption(t("sim.rot.strided", lang, what=what, shown=idx.size, d_model=matrix.shape[0]))


def shared_layout(kind: str) -> encodings.Layout:
    """The sinusoidal column layout chosen on the Positional encoding page (interleaved until then)."""
    return "split" if kind == "sinusoidal" and st.session_state.get("pe_layout") == "split" else "interleaved"


@cached(max_entries=32)
def similarity_views(spec: EncodingSpec, measure: similarity.Measure) -> similarity.Views:
    """Cached :func:`viz.similarity.views`: what the similarity page shows that does not depend on p."""
    return similarity.views(encoding_table(spec), spec.kind, measure, spec.d_model, spec.base)


@cached(max_entries=32)
def variance_argument(d_k: int, n: int, seed: int) -> softmax.VarianceArgument:
    """Cached :func:`viz.softmax.variance_argument` (only the bins and the curves are kept)."""
    return softmax.variance_argument(d_k, n, seed)


@cached(max_entries=16)
def variance_sweep(n: int, seed: int) -> softmax.VarianceSweep:
    """Cached :func:`viz.softmax.variance_sweep`: measured once per sample size and seed."""
    return softmax.variance_sweep(n, seed)


def score_rows_by_dk(n_keys: int, seed: int) -> dict[int, np.ndarray]:
    """Raw score rows at every d_k of the sweep grid (the temperature is applied afterwards), from the
    same cache as :func:`score_rows`, so the current d_k's rows are drawn once when it is on the grid."""
    return {d: score_rows(d, n_keys, seed) for d in softmax.DK_GRID}


@memoized
def row_sweep(n_keys: int, seed: int, temperature: float) -> softmax.RowSweep:
    """:func:`viz.softmax.row_sweep` over :func:`score_rows_by_dk`, kept for every session: the softmax
    page asks for it on every rerun, and its inputs are a few numbers."""
    return softmax.row_sweep(score_rows_by_dk(n_keys, seed), temperature)


@cached(max_entries=64)
def score_rows(d_k: int, n_keys: int, seed: int) -> np.ndarray:
    """Cached SWEEP_ROWS rows of raw scores at one d_k (up to 7M draws at d_k = 1024, 16 keys)."""
    return softmax.score_rows(d_k, n_keys, softmax.SWEEP_ROWS, seed)


# ---- the live model (torch is imported on first use, by the attention page only) ---------------------
SENTENCE_SEED = 0  # the toy word vectors are the same on every page


def heads_requested(d_model: int) -> int | None:
    """The head count the user asked for (sidebar or link) when it does not divide ``d_model``."""
    wanted = heads_wanted()
    return wanted if d_model % wanted else None


def heads_warning(s: Settings, lang: str) -> None:
    """On the live-model pages: say so when the head count asked for (a link, or kept from another
    d_model) does not divide d_model, which count is used instead and which counts work."""
    asked = heads_requested(s.d_model)
    if asked is None:
        return
    st.warning(
        t(
            "att.heads_bad",
            lang,
            asked=asked,
            d_model=s.d_model,
            share=heads.share(s.d_model, asked),
            used=s.heads,
            d_k=s.d_k,
            options=", ".join(str(d) for d in settings.divisors(s.d_model)),
        )
    )


def encoding_name(kind: str, lang: str) -> str:
    """The live model's position signal by name: "none", or the PE page's name for the encoding."""
    return t("att.enc.none", lang) if kind == "none" else t(f"pe.kind.{kind}", lang)


def _copy_example(prefix: str, examples: tuple[str, ...], also: dict[str, dict[str, str]] | None) -> None:
    picked = st.session_state.get(f"{prefix}_example") or examples[0]
    st.session_state[f"{prefix}_text"] = picked
    for key, values in (also or {}).items():
        st.session_state[key] = values.get(picked, "")


def chars_cut_note(text: str, lang: str) -> None:
    """Say in the page when a box holds more than the MAX_CHARS characters that are read.

    The boxes have no ``max_chars``: Streamlit drops a whole paste that is over it, without a word.
    """
    cut = len(text) - embedding.MAX_CHARS
    if cut > 0:
        st.warning(t("emb.cut.chars", lang, limit=embedding.MAX_CHARS, cut=cut))


def sentence_box(
    lang: str,
    *,
    prefix: str,
    examples: tuple[str, ...],
    example_help: str,
    sentence_help: str,
    also: dict[str, dict[str, str]] | None = None,
) -> tuple[str, ...]:
    """The examples list and the sentence box of the live-model pages (keys ``<prefix>_example`` and
    ``<prefix>_text``); picking an example copies it into the box, and ``also`` maps other widget keys
    to the text each example puts there. Returns the sentence's tokens, with a warning when it was cut."""
    c1, c2 = st.columns([2, 3])
    c1.selectbox(
        t("att.example", lang),
        examples,
        key=f"{prefix}_example",
        on_change=_copy_example,
        args=(prefix, examples, also),
        help=example_help,
    )
    text = c2.text_input(
        t("att.sentence", lang),
        key=f"{prefix}_text",
        **initial(f"{prefix}_text", value=examples[0]),
        help=sentence_help,
    )
    found = embedding.tokenize(text)
    chars_cut_note(text, lang)
    if found.tokens_cut:
        st.warning(t("att.cut", lang, n=embedding.MAX_TOKENS, chars=embedding.MAX_CHARS))
    return found.tokens


@cached(max_entries=6)  # up to 200 MB each (d_model 1024, 6 layers)
def live_model(config: ModelConfig) -> Encoder:
    """The untrained model for ``config``: built once per server, shared by every session, never changed."""
    from viz import model

    built = model.build(config)
    for p in built.parameters():
        p.requires_grad_(False)
    return built


def _sentence_x(tokens: tuple[str, ...], d_model: int) -> Any:
    from viz import model

    return model.sentence_input(embedding.token_vectors(tokens, d_model, SENTENCE_SEED))


@cached(max_entries=16)  # up to 38 MB each (1024 heads, 48 tokens)
def sentence_maps(config: ModelConfig, tokens: tuple[str, ...]) -> np.ndarray:
    """Every head's weights for a sentence: (layers, heads, T, T)."""
    from viz import probe

    return probe.attention_maps(live_model(config), _sentence_x(tokens, config.d_model))[:, 0]


def stack_through(config: ModelConfig, layer: int) -> ModelConfig:
    """The stack that ends at ``layer`` (0-based, below ``config.n_layers``): where a view of one layer
    comes from.

    A layer does not depend on the layers above it, and a deeper stack starts with the same layers
    (each layer's weights come from its own seed, :func:`viz.model.layer_seed`), so a layer's view
    is one cached result whatever the depth. Taken from each deeper model it came out different in
    the last bit of float32 (the figure's bytes differed), and the depth slider redrew charts that
    looked the same. Showing layer k of a deeper stack builds the (k+1)-layer model once (cached
    like any other, :func:`live_model`).
    """
    if not 0 <= layer < config.n_layers:
        raise ValueError(f"layer {layer + 1} of a stack of {config.n_layers}")
    return dataclasses.replace(config, n_layers=layer + 1)


def layer_maps(config: ModelConfig, tokens: tuple[str, ...], layer: int) -> np.ndarray:
    """Every head's weights for a sentence at ``layer`` (0-based): (heads, T, T), from the stack that
    ends there (:func:`stack_through`)."""
    return sentence_maps(stack_through(config, layer), tokens)[layer]


@cached(max_entries=16)
def padded_maps(
    config: ModelConfig, first: tuple[str, ...], second: tuple[str, ...], mode: str
) -> tuple[np.ndarray, np.ndarray]:
    """Two sentences in one batch, the shorter padded with [PAD]: (weights (layers, 2, heads, T, T),
    what each query may see (2, T, T))."""
    from viz import probe

    t_max = max(len(first), len(second))
    rows = [_sentence_x(heads.padded(s, t_max), config.d_model) for s in (first, second)]
    return probe.batch_maps(live_model(config), rows, (len(first), len(second)), mode)


@cached(max_entries=16)  # up to 0.4 MB (2 x 48 tokens x 1024 dims)
def padded_outputs(
    config: ModelConfig, first: tuple[str, ...], second: tuple[str, ...], mode: str, layer: int
) -> np.ndarray:
    """Every head's output z in ``layer`` (0-based) for the batch of :func:`padded_maps`:
    (2, heads, T, d_k)."""
    from viz import probe

    t_max = max(len(first), len(second))
    rows = [_sentence_x(heads.padded(s, t_max), config.d_model) for s in (first, second)]
    return probe.batch_head_outputs(live_model(config), rows, (len(first), len(second)), mode, layer)


@cached(max_entries=64)
def head_steps(
    config: ModelConfig, tokens: tuple[str, ...], layer: int, head: int, causal: bool
) -> probe.Steps:
    """Cached :func:`viz.probe.head_steps` on a sentence; ``layer`` counts from 0, ``head`` from 1. The
    layer's steps come from the stack that ends there (:func:`stack_through`)."""
    from viz import probe

    x = _sentence_x(tokens, config.d_model)
    return probe.head_steps(live_model(stack_through(config, layer)), x, layer, head - 1, causal)


@cached(max_entries=64)
def order_test(
    config: ModelConfig, tokens: tuple[str, ...], shuffle_seed: int, use_position: bool = True
) -> probe.OrderTest:
    """Cached :func:`viz.probe.order_test` with a seeded shuffle of the sentence."""
    from viz import probe

    perm = probe.shuffle_order(len(tokens), shuffle_seed)
    x = _sentence_x(tokens, config.d_model)
    return probe.order_test(live_model(config), x, perm, use_position)


@cached(max_entries=6)
def live_decoder(config: ModelConfig) -> DecoderLayer:
    """One untrained decoder layer for ``config``'s sizes: shared by every session, never changed."""
    from viz import model

    built = model.build_decoder(config)
    for p in built.parameters():
        p.requires_grad_(False)
    return built


@cached(max_entries=32)  # up to 3.5 MB (6 layers of 48 x 1024)
def encoder_path(config: ModelConfig, tokens: tuple[str, ...], norm: str, residual: bool) -> block.Path:
    """Cached :func:`viz.block.path`: a sentence through every stage of the stack."""
    from viz import block

    return block.path(live_model(config), _sentence_x(tokens, config.d_model), norm, residual)


@cached(max_entries=32)
def stack_norms(config: ModelConfig, tokens: tuple[str, ...]) -> block.StackNorms:
    """Cached :func:`viz.block.stack_norms` on a sentence."""
    from viz import block

    return block.stack_norms(live_model(config), _sentence_x(tokens, config.d_model))


@cached(max_entries=32)
def gradient_steps(config: ModelConfig) -> dict[str, block.GradientStep]:
    """One training step's per-layer gradient norms, for each norm placement (cached: ~1 s when big)."""
    from viz import block, model

    return {norm: block.gradient_step(config, norm) for norm in model.NORMS}


@cached(max_entries=32)
def decoder_maps(
    config: ModelConfig, source: tuple[str, ...], target: tuple[str, ...], norm: str
) -> block.DecoderMaps:
    """Cached :func:`viz.block.decoder_maps`: ``target`` starts with [BOS] (the caller adds it)."""
    from viz import block

    x_src, y_tgt = (_sentence_x(tokens, config.d_model) for tokens in (source, target))
    return block.decoder_maps(live_model(config), live_decoder(config), x_src, y_tgt, norm)


class _TrainedStore:
    """Trained models by :class:`~viz.train.TrainConfig`, shared by every session of the server.

    Training reports progress to the page that started it, so it cannot run inside a cached function
    (Streamlit would record and replay those page updates); this store plays the cache's part, with
    one lock per config so that two sessions asking for the same model train it once. Finished runs
    are kept in the server's shared store (:mod:`viz.budget`): they count against the one memory budget
    with every other cache, but are pinned: a run costs 1-30 s of a core to make, so cheap figures and
    maps never push one out; only a newer run does, past :data:`LIMIT` of them. A trained run is at
    most about 9 MB, so they hold at most about 110 MB of the budget.
    """

    LIMIT = 12

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.done: Cache[TrainConfig, Trained] = Cache("trained", max_entries=self.LIMIT, pinned=True)
        self.training: dict[TrainConfig, threading.Lock] = {}

    def get(self, config: TrainConfig) -> Trained | None:
        return self.done.get(config)  # the store has its own lock, and makes it the most recent

    def train(self, config: TrainConfig, progress: Progress | None) -> Trained:
        """Train ``config`` once; a second caller waits for the first. A rerun raised from ``progress``
        (the user moved a control) abandons the run: nothing half-trained is stored."""
        from viz import train

        with self.lock:
            key_lock = self.training.setdefault(config, threading.Lock())
        try:
            with key_lock:
                found = self.get(config)
                if found is not None:
                    return found
                result = train.train(config, progress)
                self.done[config] = result  # measured once; evicts the least recently used if need be
                return result
        finally:
            with self.lock:
                if not key_lock.locked():
                    self.training.pop(config, None)


@st.cache_resource(show_spinner=False)
def _trained_store() -> _TrainedStore:
    return _TrainedStore()


def trained_model(config: TrainConfig) -> Trained | None:
    """The model trained for ``config`` if some session has trained it (shared, read-only)."""
    return _trained_store().get(config)


def train_model(config: TrainConfig, progress: Progress | None = None) -> Trained:
    """Train (or fetch) the model for ``config``, calling ``progress(step, max_steps, history)``."""
    return _trained_store().train(config, progress)


MAX_GRID = 16  # heads drawn at once; with more, a slider picks which sixteen


def heads_window(n_heads: int, lang: str, key: str) -> range:
    """Which heads to draw (0-based): all of them, or sixteen picked with a slider when there are more."""
    if n_heads <= MAX_GRID:
        return range(n_heads)
    first = bounded_slider(
        t("att.first_head", lang),
        1,
        heads.last_first(n_heads, MAX_GRID),
        1,
        key=key,
        help=t("att.first_head.help", lang),
    )
    st.caption(t("att.grid_cut", lang, shown=MAX_GRID, heads=n_heads))
    return heads.grid(n_heads, first, MAX_GRID)


def layer_choice(n_layers: int, lang: str, key: str) -> int:
    """The layer to show, 0-based (no control when there is only one).

    The control's place is kept even without it, so what follows stays where it was when a second
    layer makes it appear: Streamlit mounts anew, and draws from scratch, a chart in columns that moved.
    """
    slot = st.empty()
    if n_layers == 1:
        return 0
    options = list(range(1, n_layers + 1))
    keep_in_range(key, n_layers, lambda kept: _clamp(kept, 1, n_layers, 1))  # a shallower stack: its top
    picked = slot.segmented_control(
        t("att.layer", lang), options, key=key, required=True, persist_state=KEEP, **initial(key, default=1)
    )
    return int(picked or 1) - 1


def _stage_title(name: str, layer: int, norm: str, d_ff: int, lang: str) -> str:
    if name == "x":
        return t("enc.stage.x.first", lang) if layer == 0 else t("enc.stage.x.later", lang, k=layer)
    if name in ("attn", "mid", "out"):
        return t(f"enc.stage.{name}.{norm}", lang)
    return t(f"enc.stage.{name}", lang, d_ff=d_ff)


def stage_grid(p: block.Path, layer: int, labels: list[str], lang: str, *, key: str) -> None:
    """One block's six stages (0-based ``layer``) as heatmaps on one colour scale, wide ones strided."""
    d_model, d_ff = p.x.shape[-1], p.hidden.shape[-1]
    panels = []
    for name in ("x", "attn", "mid", "hidden", "ffn", "out"):
        m = p.stage(name)[layer]  # (T, width)
        shown = stack.columns(m.shape[1])
        panels.append(
            figures.Panel(_stage_title(name, layer, p.norm, d_ff, lang), m[:, shown.idx], shown.labels)
        )
    fig = figures.panel_grid(
        panels,
        y_labels=labels,
        cols=3,
        title=t("enc.path.chart", lang, layer=layer + 1, layers=p.n_layers),
        x_title=t("enc.dim", lang),
        y_title=t("enc.token", lang),
        colorbar_title=t("enc.value", lang),
        hovertemplate=t("enc.act.hover", lang),
        panel_height=figures.rows_height(len(labels), base=150, per_row=14),
    )

    def csv() -> str:
        """Every stage whole (the chart strides wide ones), one block each."""
        head = export.corner(t("enc.token", lang), t("enc.dim", lang))
        blocks = []
        for panel, name in zip(panels, ("x", "attn", "mid", "hidden", "ffn", "out"), strict=True):
            m = p.stage(name)[layer]
            note = _full_note(m, lang) if m.shape[1] > len(panel.x_labels) else None
            table = export.matrix_csv(m, corner=head, rows=labels, note=note)
            blocks.append(export.comment(export.plain(panel.title)) + table)
        return "\r\n".join(blocks)

    chart(
        fig, key=key, lang=lang, csv=csv, file_name=f"{key}_layer{layer + 1}_{p.norm}_d{d_model}_ff{d_ff}.csv"
    )
    narrow, wide = stack.columns(d_model), stack.columns(d_ff)
    if wide.strided:
        key = "enc.strided" if narrow.strided else "enc.strided.hidden"
        limit = stack.PANEL_COLUMNS
        st.caption(t(key, lang, limit=limit, width=d_model, d_ff=d_ff, step=narrow.step, step_ff=wide.step))


# ---- where the lecture notes differ ----------------------------------------------------------------------
#: Every slip in the lecture notes the app points out. Each key has ``notes.<key>.where`` (note file and
#: section), ``notes.<key>.says`` (what the note says) and ``notes.<key>.right`` (what is right, and why).
NOTE_SLIPS: tuple[str, ...] = (
    "pe_base",
    "pe_index",
    "pe_sincos",
    "pe_freq",
    "shift",
    "cross",
    "llm",
    "scale_dim",
    "normal_shape",
    "saturation",
    "ex_weights",
    "ex_k3",
    "xp",
    "mha_concat",
)
# An emoji, not a :material/…: icon (which would fetch a font from outside), and one from Dingbats, which
# common text fonts draw even where no colour-emoji font is installed (a classroom PC, headless Chromium).
NOTES_ICON = "✏"


def notes_text(keys: str | Sequence[str], lang: str, **values: object) -> str:
    """The Markdown of a :func:`notes_differ` box: the fixed lead, then one short line per slip (which note
    and what it says). What is right, and why, is :func:`notes_why`, folded under the box."""
    says = t("notes.says", lang)
    parts = [f"**{t('notes.lead', lang)}**"]
    for key in _slip_keys(keys):
        where = t(f"notes.{key}.where", lang)
        parts.append(f"**{where}** · {says}: {t(f'notes.{key}.says', lang, **values)}")
    return "\n\n".join(parts)


def notes_why(keys: str | Sequence[str], lang: str, **values: object) -> str:
    """The Markdown inside a :func:`notes_differ` box's expander: per slip, what is right and why."""
    right = t("notes.right", lang)
    return "\n\n".join(
        f"**{t(f'notes.{key}.where', lang)}** · **{right}:** {t(f'notes.{key}.right', lang, **values)}"
        for key in _slip_keys(keys)
    )


def _slip_keys(keys: str | Sequence[str]) -> list[str]:
    return [keys] if isinstance(keys, str) else list(keys)


def notes_differ(keys: str | Sequence[str], lang: str, **values: object) -> None:
    """A marked box, the same everywhere, where the lecture notes say something the paper or the maths
    does not: which note and section and what it says, one line each, with what is right and why in an
    expander under it (kept short so a projected page still shows its chart on the first screen).
    ``keys`` are from :data:`NOTE_SLIPS`; several go into one box. ``values`` fill the strings'
    placeholders."""
    st.warning(notes_text(keys, lang, **values), icon=NOTES_ICON)
    with st.expander(t("notes.why", lang)):
        st.markdown(notes_why(keys, lang, **values))
