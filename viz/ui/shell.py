"""The app shell: the shared settings in the sidebar, the link that opened the session and the address
bar that holds the view, the page shell around every page, and the head-count notes."""

from __future__ import annotations

import contextlib
import functools
import runpy
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, cast

import streamlit as st
from streamlit.navigation.page import StreamlitPage
from streamlit.runtime.scriptrunner import get_script_run_ctx

from viz.i18n import LANGS, t
from viz.state import link as url_link
from viz.state import settings
from viz.state.settings import Settings, UrlProblem
from viz.ui import chart, lesson_draft, presenter, reconnect
from viz.ui.link_notes import url_notes
from viz.ui.sections import ALL_SECTIONS
from viz.ui.session import URL_PAGE_CHECKED, browser_lang, give_back, widgets_in_browser
from viz.ui.widgets import initial

_URL_NOTES = "_url_notes"


# ---- shared settings ---------------------------------------------------------------------------------
def _url_query() -> dict[str, list[str]]:
    """The address the browser sent with this run: each query key with every value it was given."""
    return {key: st.query_params.get_all(key) for key in st.query_params}


def _history_navigation() -> bool:
    """Whether this run is the browser's Back or Forward: the address then says which view to show."""
    ctx = get_script_run_ctx()
    return bool(ctx is not None and getattr(ctx, "is_history_navigation", False))


#: Session State key of each shared setting in the URL (viz.state.settings.URL_KEYS), and its default.
_SHARED_STATE: dict[str, tuple[str, object]] = {
    "d_model": ("d_model", settings.DEFAULT_D_MODEL),
    "max_len": ("max_len", settings.DEFAULT_MAX_LEN),
    "base": ("base", settings.DEFAULT_BASE),
    "heads": ("heads", settings.DEFAULT_HEADS),
    "lang": ("lang", settings.DEFAULT_LANG),
    "all": ("all_sections", False),
    "present": (presenter.KEY, False),
}


def _url_problems() -> list[UrlProblem]:
    """Seed the shared settings from the link that opened this session (or from the address the
    browser's Back/Forward went to) and return the values it refused.

    The app, not Streamlit's ``bind="query-params"``, owns the address: see :mod:`viz.state.link` for why.
    Later runs see the address the app itself keeps in sync (:func:`_write_url`).
    """
    history = _history_navigation()
    first = not st.session_state.get("_url_checked")
    # asked before this run makes any widget: on a reconnect the browser's widgets hold the view, and the
    # link fills in only what is not a widget there (session.widgets_in_browser)
    _shell.kept = widgets_in_browser() if first and not history else set()
    if not first and not history:
        return []
    st.session_state["_url_checked"] = True
    query = _url_query()
    found = settings.read_url(query)
    # Back to an address with no parameters at all is, after a page switch, the bare entry Streamlit's
    # navigation pushes before this app writes the view: it says nothing about the shared settings,
    # and resetting them there dropped a class's language and d_model on one Back press.
    reset_missing = history and bool(query)
    for name, (key, default) in _SHARED_STATE.items():
        if key in _shell.kept:
            continue
        if name in found.values:
            st.session_state[key] = found.values[name]
        elif reset_missing:
            st.session_state[key] = default
    return [] if _shell.kept else found.problems  # a reconnect: the notes were shown before


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
        t("ui.sidebar.heads", lang),
        options,
        key=HEADS_KEY,
        help=t("ui.sidebar.heads.help", lang),
        persist_state="session",
        **initial(HEADS_KEY, index=options.index(wanted)),
    )
    wanted = int(picked) if isinstance(picked, int) else wanted
    heads = settings.closest_heads(wanted, d_model)
    note = t("ui.sidebar.heads_adjusted", lang, old=wanted, d_model=d_model, new=heads)
    return heads, (note if heads != wanted else None)


def _main_script_scope() -> contextlib.AbstractContextManager[None]:
    """Create widgets under the main script's identity, whichever page this run started from: Streamlit
    folds the running page into every widget ID, and in a run that came in through the legacy pages/
    folder (see :func:`page_shell`) that page differs from a normal run's, so the sidebar's widgets
    would lose their values on a page switch."""
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
        t(f"ui.sidebar.{key}", lang),
        *bounds,
        step=1,
        key=key,
        help=t(f"ui.sidebar.{key}.help", lang),
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
            **initial("lang", default=browser_lang()),
        )
        lang = lang if lang in LANGS else settings.DEFAULT_LANG
        st.header(t("ui.sidebar.header", lang))
        d_model = _int_setting("d_model", settings.D_MODEL_RANGE, settings.DEFAULT_D_MODEL, lang)
        max_len = _int_setting("max_len", settings.MAX_LEN_RANGE, settings.DEFAULT_MAX_LEN, lang)
        base = st.select_slider(
            t("ui.sidebar.base", lang),
            settings.BASE_OPTIONS,
            key="base",
            help=t("ui.sidebar.base.help", lang),
            persist_state="session",
            **initial("base", value=settings.DEFAULT_BASE),
        )
        heads, heads_note = _heads(int(d_model), lang)
        current = Settings(
            int(d_model), int(max_len), int(base), heads, settings.as_lang(lang) or settings.DEFAULT_LANG
        )
        st.caption(t("ui.sidebar.d_k", lang, d_model=current.d_model, heads=current.heads, d_k=current.d_k))
        if current.d_model % 2:
            st.caption(t("ui.sidebar.odd", lang))
        if heads_note:
            st.info(heads_note)
        st.caption(t("ui.sidebar.caption", lang))
        st.toggle(
            t("ui.sidebar.all_sections", lang),
            key=ALL_SECTIONS,
            help=t("ui.sidebar.all_sections.help", lang),
            persist_state="session",
        )
        presenter.toggle(lang)
        chart.preload()  # starts fetching plotly.js before the page's charts

    if problems:
        st.session_state[_URL_NOTES] = (problems, current)
    noted = st.session_state.get(_URL_NOTES)
    if noted and noted[1] == current:
        url_notes(noted[0], lang, key="url_notes")
    return current


#: app.py in a checkout; a running app asks Streamlit for its main script (:func:`app_path`), which is
#: elsewhere when viz is installed from a wheel.
APP_PATH = Path(__file__).resolve().parents[2] / "app.py"


def app_path() -> Path:
    """The app's main script (app.py): the one this session's Streamlit runs, else the checkout's."""
    ctx = get_script_run_ctx(suppress_warning=True)
    return Path(ctx.main_script_path) if ctx is not None and ctx.main_script_path else APP_PATH


LESSON_PATH = "lesson"  # pages/lesson.py: it shows other pages' views on settings of its own
_shell = threading.local()  # each session's script runs in its own thread


def run_page(page: StreamlitPage, current: Settings) -> None:
    """Run the page ``st.navigation`` chose with the shared settings ``current`` (:func:`sidebar`'s, which the
    page gets from :func:`page_shell`), then put the view in the address bar (:func:`_write_url`) and
    offer it to a lesson being written. A run cut short (a newer rerun) writes nothing."""
    path = str(page.url_path)
    if path != LESSON_PATH:  # a lesson step's settings stay in the lesson
        give_back()
    st.session_state[_LINK_PAGE] = path
    seeded = _read_page_url(path)
    notes = _page_notes(path, current)
    # Always there: made only on a run that reads a link, it shifted every element under it by one on
    # the next run, and Streamlit mounted them all anew.
    box = st.empty()
    _shell.active = True
    _shell.settings = current
    reconnect.begin()
    try:
        page.run()
    finally:
        _shell.active = False
        _shell.settings = None
    if seeded:
        notes = (notes or []) + _clamped(path, seeded)
        st.session_state[_PAGE_URL] = (path, notes, None) if notes else None
    if notes:
        with box.container():
            url_notes(notes, str(st.session_state.get("lang", settings.DEFAULT_LANG)), key="url_page_notes")
    _write_url(path, current)
    lesson_draft.add_button(path, current)
    reconnect.end()  # a reconnected browser reruns a page that has fragments


_LINK_PAGE = "_link_page"
_PAGE_URL = "_url_page"
_URL_SENT = "_url_sent"  # the address this session last wrote (what the browser ends at): _write_url


def _read_page_url(path: str) -> dict[str, object]:
    """Seed the page's controls from the link that opened the session (or Back/Forward's address), once;
    return the values seeded, by Session State key (empty on every later run)."""
    spec = url_link.page(path)
    history = _history_navigation()
    if st.session_state.get(URL_PAGE_CHECKED) and not history:
        return {}
    st.session_state[URL_PAGE_CHECKED] = True
    kept: set[str] = set() if history else getattr(_shell, "kept", set())
    found = url_link.read(spec, _url_query())
    for param in spec.params:
        if param.key in kept:
            found.values.pop(param.key, None)
        elif param.key in found.values:
            st.session_state[param.key] = found.values[param.key]
        elif history:
            st.session_state.pop(param.key, None)  # Back to a link without it: the page's default
    # The notes stay while the view is the one the link opened (see _write_url).
    st.session_state[_PAGE_URL] = (path, found.problems, None) if found.problems else None
    return found.values


def _page_notes(path: str, current: Settings) -> list[UrlProblem] | None:
    """The page link's refused values while the view is still the one the link opened (else None)."""
    noted = st.session_state.get(_PAGE_URL)
    if not noted or noted[0] != path:
        return None
    spec = url_link.page(path)
    if noted[2] is not None and noted[2] != url_link.url_for(spec, st.session_state.get, current):
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
                UrlProblem(param.name, param.format(asked), "ui.url.rule.page_range", (), param.format(used))
            )
    return found


def _write_url(path: str, current: Settings) -> None:
    """Put the view in the address bar: the shared settings and the page's controls that differ from
    their defaults (:func:`viz.state.link.url_for`). Sent only when it changed, as one message.

    Written at the end of a run, from the values that run used: the address never lags the page (the
    browser's own writes for bound widgets can, when two writers race), and a run cut short by a newer key
    press writes nothing.
    """
    spec = url_link.page(path)
    page_params = url_link.url_for(spec, st.session_state.get, current)
    noted = st.session_state.get(_PAGE_URL)
    if noted and noted[0] == path and noted[2] is None:
        st.session_state[_PAGE_URL] = (path, noted[1], page_params)
    wanted = _shared_url(current) | page_params
    want = {key: [value] for key, value in wanted.items()}
    # The browser applies the app's writes in order, so it ends at the last address written, which the
    # address this run's request carried can predate: a press sent before a write came back carries
    # the older address, and a view equal to it (quick presses back to the default) wrote nothing under
    # a page drawn for it. Write when either differs; a write the browser already holds changes nothing.
    sent = st.session_state.get(_URL_SENT)
    if _url_query() != want or (sent is not None and sent != want):
        st.query_params.from_dict(wanted)
        st.session_state[_URL_SENT] = want


def _shared_url(current: Settings) -> dict[str, str]:
    """The shared settings' URL parameters that differ from their defaults."""
    found: dict[str, str] = {}
    for name in ("d_model", "max_len", "base"):
        if getattr(current, name) != _SHARED_STATE[name][1]:
            found[name] = str(getattr(current, name))
    if current.lang != settings.DEFAULT_LANG:
        found["lang"] = current.lang
    if heads_wanted() != settings.DEFAULT_HEADS:
        found["heads"] = str(heads_wanted())
    if st.session_state.get(ALL_SECTIONS):
        found["all"] = "1"
    if presenter.on():
        found["present"] = "1"
    return found


def fragment(func: Callable[..., None]) -> Callable[..., None]:
    """``st.fragment`` for a page section with controls of its own: a rerun of the section alone also
    puts the view in the address bar (a fragment's rerun does not reach the end of :func:`run_page`),
    with the shared settings of the full run that defined the section (a fragment's rerun cannot change
    them: they are in the sidebar, outside it)."""
    current = _run_settings()
    reconnect.mark()

    @functools.wraps(func)
    def run(*args: Any, **kwargs: Any) -> None:
        func(*args, **kwargs)
        if getattr(_shell, "active", False) is False and st.session_state.get(_LINK_PAGE):
            _write_url(str(st.session_state[_LINK_PAGE]), current)

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
        runpy.run_path(str(app_path()), run_name="__main__")
        st.stop()
    return _run_settings()


def _run_settings() -> Settings:
    """The shared settings :func:`run_page` was given in this run (this thread's; defaults outside one)."""
    current = getattr(_shell, "settings", None)
    return current if isinstance(current, Settings) else Settings()


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
            "ui.att.heads_bad",
            lang,
            asked=asked,
            d_model=s.d_model,
            share=settings.share(s.d_model, asked),
            used=s.heads,
            d_k=s.d_k,
            options=", ".join(str(d) for d in settings.divisors(s.d_model)),
        )
    )
