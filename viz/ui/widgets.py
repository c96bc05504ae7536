"""Widgets every page uses: translated choices, range-dependent sliders that keep their values, the
sentence box, the head and layer pickers, and the section guard."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any, Literal, TypeVar, cast

import streamlit as st

from viz.encodings import ENCODING_KINDS, EncodingKind, embedding
from viz.i18n import LANGS, t


def initial(key: str, **defaults: Any) -> dict[str, Any]:
    """Keyword arguments giving widget ``key`` its default, left out once Session State holds a value
    (a callback may set it; Streamlit warns when a widget gets both)."""
    return {} if key in st.session_state else defaults


# ---- widgets and charts ------------------------------------------------------------------------------
def choice_key(key: str, lang: str) -> str:
    """The widget key :func:`choice` uses for ``key`` in ``lang``."""
    return f"{key}__{lang}"


def choice_state_keys(key: str) -> tuple[str, ...]:
    """Every Session State key a translated choice keeps for ``key``: its value, its widget in each
    language and the language it was last drawn in (to drop or restore them together)."""
    return (key, *(choice_key(key, lang) for lang in LANGS), f"{key}__lang")


def language_widget(key: str, lang: str, value: Any, *, first_run: bool = False) -> str:
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


#: A closed set of option ids (an EncodingKind, a Norm, ...): a choice returns the caller's own type.
S = TypeVar("S", bound=str)


def current_choice(key: str, options: Sequence[S], lang: str) -> S:
    """What :func:`choice` under ``key`` will return in this run, before it is drawn: the widget's value
    as the browser sent it (a page whose sections depend on a choice drawn beside them reads it first)."""
    for value in (st.session_state.get(choice_key(key, lang)), st.session_state.get(key)):
        if value in options:
            return cast(S, value)
    return options[0]


def choice(
    label: str,
    options: Sequence[S],
    *,
    key: str,
    lang: str,
    format_func: Callable[[S], str],
    radio: bool = False,
    container: Any = st,
    default: str | None = None,
) -> S:
    """A selectbox (or horizontal radio) whose option labels are translated.

    The browser matches a selection by its label, so after a language switch a widget would show the
    old language's label (or nothing). So the widget is keyed per language, and the choice itself is
    kept in Session State under ``key``, which survives the switch.
    """
    remembered = st.session_state.get(key)
    first = default if default is not None and default in options else options[0]
    stored = str(remembered) if remembered in options else first
    widget_key = language_widget(key, lang, stored)
    index = list[str](options).index(stored)
    if radio:
        picked = container.radio(
            label, options, index=index, format_func=format_func, key=widget_key, horizontal=True
        )
    else:
        picked = container.selectbox(label, options, index=index, format_func=format_func, key=widget_key)
    st.session_state[key] = picked
    return options[list[str](options).index(str(picked))]  # the caller's own option, typed


def encoding_choice(
    label: str, *, lang: str, key: str = "pe_kind", container: Any = st, default: str | None = None
) -> EncodingKind:
    """A selectbox over the encodings, named in ``lang``. Under the default key the choice is the one
    the Positional encoding page made, and is shared by every page that shows an encoding."""
    return choice(
        label,
        ENCODING_KINDS,
        key=key,
        lang=lang,
        format_func=lambda k: t(f"encodings.kind.{k}", lang),
        container=container,
        default=default,
    )


#: How long a page's own widgets keep their values when not drawn: while the visitor stays on the page,
#: so a control in a closed tab (viz.ui.sections) is as it was left when the tab is opened again.
KEEP: Literal["page"] = "page"


def keep_in_range(key: str, domain: Hashable, fit: Callable[[Any], Any]) -> None:
    """Call just before drawing the widget ``key`` whose range (bounds, or options) depends on other
    settings: the widget shows ``fit(the value it kept)``, which must lie in ``domain`` (a hashable
    description of that range). Every range-dependent control of the app goes through here.

    Streamlit makes a slider a new widget when its bounds change, and the new one did not take the
    value the old one showed but the one Streamlit had put aside under the key when the bounds last
    changed: after a second change that older value came back, or, outside the new range, stopped
    the page with StreamlitValueAboveMaxError (d_model 64 -> 16 -> 15 with the pair slider moved in
    between). A select widget keeps its identity, but its kept value may no longer be an
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


@contextlib.contextmanager
def guard(lang: str) -> Iterator[None]:
    """Run one section of a page; if it fails, say so in the page and let the rest of the page run."""
    try:
        yield
    except Exception as exc:  # a failing chart must not take the page down
        st.error(t("ui.error.generic", lang, error=type(exc).__name__ + ": " + str(exc)[:200]))


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


def position_slider(label: str, n: int, default: int, key: str, help: str | None = None) -> int:
    """A slider over range(n), clamped when n shrinks; 0 without a slider when n is 1."""
    return bounded_slider(label, 0, n - 1, default, key, help)


def bounded_slider(
    label: str, lo: int, hi: int, default: int, key: str, help: str | None = None, *, disabled: bool = False
) -> int:
    """An integer slider from ``lo`` to ``hi`` whose stored value is clamped when the bounds move
    (so a callback may set it too); ``lo`` without a slider when there is nothing to choose."""
    if hi <= lo:
        return lo
    keep_in_range(key, (lo, hi), lambda kept: _clamp(kept, lo, hi, default))
    picked = st.slider(
        label,
        lo,
        hi,
        key=key,
        help=help,
        disabled=disabled,
        persist_state=KEEP,
        **initial(key, value=min(max(default, lo), hi)),
    )
    return int(cast(int, picked))


def float_slider(
    label: str,
    lo: float,
    hi: float,
    step: float,
    default: float,
    key: str,
    help: str | None = None,
    *,
    disabled: bool = False,
) -> float:
    """A slider of decimals (a temperature, a top-p) that a callback or a link may set through ``key``."""
    picked = st.slider(
        label, lo, hi, step=step, key=key, help=help, disabled=disabled, **initial(key, value=default)
    )
    return float(cast(float, picked))


def option_slider(label: str, options: Sequence[int], default: int, key: str, help: str | None = None) -> int:
    """A select-slider over ``options``; a stored value that is not an option falls back to ``default``."""
    keep_in_range(key, tuple(options), lambda kept: kept if kept in options else default)
    picked = st.select_slider(
        label, options, key=key, help=help, persist_state=KEEP, **initial(key, value=default)
    )
    return int(cast(int, picked))


#: The examples list's entry while the box holds a sentence of the visitor's own (no example's text): the
#: list never names an example that is not the sentence the maps use.
OWN_SENTENCE = ""


def _copy_example(prefix: str, examples: tuple[str, ...], also: dict[str, dict[str, str]] | None) -> None:
    picked = st.session_state.get(f"{prefix}_example")
    if picked == OWN_SENTENCE:  # "your own sentence" picked: the box keeps what it holds
        return
    picked = picked or examples[0]
    st.session_state[f"{prefix}_text"] = picked
    for key, values in (also or {}).items():
        st.session_state[key] = values.get(picked, "")


def _name_held(prefix: str, examples: tuple[str, ...], also: dict[str, dict[str, str]] | None) -> None:
    """Before the list is drawn: it names the example the box holds, else "your own sentence" (a typed
    sentence, one from a link), so the screen never shows two sentences."""
    held = st.session_state.get(f"{prefix}_text")
    if held is None:  # the first run: a link's example (ex, without a text of its own) fills the box
        picked = st.session_state.get(f"{prefix}_example")
        if picked in examples and picked != examples[0]:
            _copy_example(prefix, examples, also)
        return
    st.session_state[f"{prefix}_example"] = held if held in examples else OWN_SENTENCE


def chars_cut_note(text: str, lang: str) -> None:
    """Say in the page when a box holds more than the MAX_CHARS characters that are read.

    The boxes have no ``max_chars``: Streamlit drops a whole paste that is over it, without a word.
    """
    cut = len(text) - embedding.MAX_CHARS
    if cut > 0:
        st.warning(t("ui.emb.cut.chars", lang, limit=embedding.MAX_CHARS, cut=cut))


def sentence_box(
    lang: str,
    *,
    prefix: str,
    examples: tuple[str, ...],
    example_help: str,
    sentence_help: str,
    also: dict[str, dict[str, str]] | None = None,
) -> tuple[str, ...]:
    """The examples list and the sentence box of the live-model pages (:func:`text_box`). Returns the
    sentence's tokens, with a warning when it was cut."""
    text = text_box(
        lang,
        prefix=prefix,
        examples=examples,
        label=t("ui.att.sentence", lang),
        help=sentence_help,
        example_help=example_help,
        also=also,
    )
    found = embedding.tokenize(text)
    if found.tokens_cut:
        st.warning(t("ui.att.cut", lang, n=embedding.MAX_TOKENS, chars=embedding.MAX_CHARS))
    return found.tokens


def text_box(
    lang: str,
    *,
    prefix: str,
    examples: tuple[str, ...],
    label: str,
    help: str,
    example_help: str | None = None,
    also: dict[str, dict[str, str]] | None = None,
) -> str:
    """An examples list and a text box (keys ``<prefix>_example`` and ``<prefix>_text``); picking an
    example copies it into the box, and ``also`` maps other widget keys to the text each example puts
    there. Returns the first MAX_CHARS characters of the box, with a warning when it holds more."""
    # one above the other: they sit in the narrow column beside a chart (viz.ui.layout)
    c1 = c2 = st.container()
    _name_held(prefix, examples, also)
    c1.selectbox(
        t("ui.att.example", lang),
        (*examples, OWN_SENTENCE),
        key=f"{prefix}_example",
        on_change=_copy_example,
        args=(prefix, examples, also),
        format_func=lambda e: e if e != OWN_SENTENCE else t("ui.att.example.own", lang),
        help=example_help,
    )
    text = c2.text_input(
        label, key=f"{prefix}_text", **initial(f"{prefix}_text", value=examples[0]), help=help
    )
    chars_cut_note(text, lang)
    return text[: embedding.MAX_CHARS]


MAX_GRID = 16  # heads drawn at once; with more, a slider picks which sixteen


def window_heads(n_heads: int, first: int, limit: int) -> range:
    """Heads to draw (0-based): all when they fit in ``limit``, else ``limit`` from ``first`` (1-based)."""
    if n_heads <= limit:
        return range(n_heads)
    start = min(max(first, 1), n_heads - limit + 1) - 1
    return range(start, start + limit)


def last_first_head(n_heads: int, limit: int) -> int:
    """The largest 1-based first head a window of ``limit`` heads can start at."""
    return max(n_heads - limit + 1, 1)


def heads_window(n_heads: int, lang: str, key: str) -> range:
    """Which heads to draw (0-based): all of them, or sixteen picked with a slider when there are more."""
    if n_heads <= MAX_GRID:
        return range(n_heads)
    first = bounded_slider(
        t("ui.att.first_head", lang),
        1,
        last_first_head(n_heads, MAX_GRID),
        1,
        key=key,
        help=t("ui.att.first_head.help", lang),
    )
    st.caption(t("ui.att.grid_cut", lang, shown=MAX_GRID, heads=n_heads))
    return window_heads(n_heads, first, MAX_GRID)


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
        t("ui.att.layer", lang),
        options,
        key=key,
        required=True,
        persist_state=KEEP,
        **initial(key, default=1),
    )
    return int(picked or 1) - 1
