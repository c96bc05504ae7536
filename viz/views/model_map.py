"""The model at a glance (Home): the path a token takes through the live model, as one diagram of boxes
(viz.figures.diagram), each with the shape of what that step computes and one of its numbers, drawn from
the Attention heads page's model on its sentence at the sidebar's settings (Home: its first example; the
small map on the Attention heads page: the sentence it reads); hovering (or tapping) a box
shows its arithmetic, and a box opens the page and tab that show that step.

The numbers are the pages' own: the same cached computations (viz.model.model_cache) on the same model
the Attention heads page builds at its defaults (one layer, the sinusoidal table, seed 0) and on its
first example sentence.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import streamlit as st

from viz.encodings import embedding
from viz.figures import export
from viz.figures.diagram import Box, model_map
from viz.i18n import t
from viz.state import link as url_link
from viz.state.settings import Settings
from viz.ui import presenter, session, widgets
from viz.ui.chart import chart

#: The model the diagram's numbers come from: the Attention heads page's defaults (pages/attention.py).
SENTENCE = url_link.ATT_EXAMPLES[0]
LAYERS, SEED = 1, 0
#: The text box of the page whose live model the diagram draws: its small map reads that page's sentence.
SENTENCE_KEYS = {"pages/attention.py": "att_text"}


@dataclass(frozen=True)
class Link:
    """Where a box leads: a page file (as app.py registers it) and the link that opens its tab."""

    file: str
    query: tuple[tuple[str, str], ...] = ()


#: Each step of the path, in order, with the page and tab that show it.
STEPS: dict[str, Link] = {
    "tokens": Link("pages/attention.py", (("tab", "maps"),)),
    "embedding": Link("pages/embedding.py", (("tab", "sum"),)),
    "position": Link("pages/positional_encoding.py", (("tab", "table"),)),
    "qkv": Link("pages/attention.py", (("tab", "steps"), ("part", "qkv"))),
    "scores": Link("pages/attention.py", (("tab", "steps"), ("part", "scores"))),
    "softmax": Link("pages/softmax.py", (("tab", "row"),)),
    "heads": Link("pages/attention.py", (("tab", "maps"),)),
    "concat": Link("pages/attention.py", (("tab", "steps"), ("part", "out"))),
    "addnorm": Link("pages/encoder.py", (("tab", "res"),)),
    "ffn": Link("pages/encoder.py", (("tab", "path"),)),
    "layers": Link("pages/encoder.py", (("tab", "path"), ("part", "norms"))),
    "next": Link("pages/pretrained.py", (("model", "smollm2"), ("tab", "next"))),
}


@dataclass(frozen=True)
class Numbers:
    """What the boxes show, computed once per (settings, sentence): float, from the pages' computations."""

    tokens: tuple[str, ...]
    d_model: int
    heads: int
    d_k: int
    d_ff: int
    e00: float  # the first token's embedding (√d_model-scaled), first dimension
    pe10: float  # position 1's encoding, first dimension: sin(1)
    x00: float  # the layer's input E + PE, first token, first dimension
    pe00: float
    q00: float  # head 1's query of the first token, first dimension
    dot01: float  # q_0 · k_1 of head 1
    scaled01: float  # that over √d_k
    weights0: tuple[float, ...]  # head 1's softmax row of the first token
    out00: float  # the attention sub-layer's output, first token, first dimension
    mid_mean: float  # add & norm's first row: mean and standard deviation
    mid_std: float
    ffn00: float


def numbers(s: Settings, tokens: tuple[str, ...] | None = None) -> Numbers:
    """The diagram's numbers at settings ``s`` on ``tokens`` (default: the Attention page's first example)."""
    from viz.model import encoder, model_cache

    words = tokens or embedding.tokenize(SENTENCE).tokens
    config = encoder.ModelConfig(s.d_model, s.heads, LAYERS, "sinusoidal", float(s.base), SEED)
    steps = model_cache.head_steps(config, words, 0, 1, False)
    path = model_cache.encoder_path(config, words, "post", True)
    e = np.asarray(model_cache.sentence_x(words, s.d_model))[0]
    pe = steps.x - e  # what the model added: its sinusoidal table
    mid = path.mid[0, 0].astype(np.float64)
    return Numbers(
        tokens=words,
        d_model=s.d_model,
        heads=s.heads,
        d_k=s.d_model // s.heads,
        d_ff=path.hidden.shape[-1],
        e00=float(e[0, 0]),
        pe10=float(pe[1, 0]) if len(words) > 1 else 0.0,
        x00=float(steps.x[0, 0]),
        pe00=float(pe[0, 0]),
        q00=float(steps.q[0, 0]),
        dot01=float(steps.scores[0, min(1, len(words) - 1)]),
        scaled01=float(steps.scaled[0, min(1, len(words) - 1)]),
        weights0=tuple(float(w) for w in steps.weights[0]),
        out00=float(steps.out[0, 0]),
        mid_mean=float(mid.mean()) if abs(mid.mean()) >= 5e-4 else 0.0,  # a rounding error, not "-0.00"
        mid_std=float(mid.std()),
        ffn00=float(path.ffn[0, 0, 0]),
    )


def boxes(n: Numbers, lang: str, here: str | None = None) -> tuple[Box, ...]:
    """The twelve boxes, in the path's order; the steps of page ``here`` (a file of :data:`STEPS`) marked."""
    tt, d, h, dk, dff = len(n.tokens), n.d_model, n.heads, n.d_k, n.d_ff
    first = n.tokens[0]
    second = n.tokens[min(1, tt - 1)]
    best = int(np.argmax(n.weights0))
    values: dict[str, dict[str, object]] = {
        "tokens": dict(t=tt, first=first, words=" ".join(n.tokens)),
        "embedding": dict(t=tt, d=d, e=n.e00, first=first),
        "position": dict(t=tt, d=d, pe=n.pe10, x=n.x00, e=n.e00, pe0=n.pe00),
        "qkv": dict(t=tt, dk=dk, h=h, q=n.q00, first=first),
        "scores": dict(t=tt, h=h, dot=n.dot01, dk=dk, root=math.sqrt(dk), s=n.scaled01, a=first, b=second),
        "softmax": dict(
            w=n.weights0[best], a=first, b=n.tokens[best], total=sum(n.weights0), t=tt, s=n.scaled01
        ),
        "heads": dict(h=h, t=tt, dk=dk, d=d),
        "concat": dict(t=tt, d=d, h=h, dk=dk, o=n.out00),
        "addnorm": dict(t=tt, d=d, mean=n.mid_mean, sd=n.mid_std),
        "ffn": dict(t=tt, d=d, dff=dff, f=n.ffn00),
        "layers": dict(n=LAYERS, t=tt, d=d),
        "next": dict(vocab=49152),
    }
    shown = []
    for i, (step, link) in enumerate(STEPS.items(), start=1):
        v = values[step]
        shown.append(
            Box(
                id=step,
                title=f"{i}. {t(f'map.{step}', lang)}",
                lines=(t(f"map.{step}.shape", lang, **v), t(f"map.{step}.number", lang, **v)),
                hover=t(f"map.{step}.zoom", lang, **v),
                here=link.file == here,
            )
        )
    return tuple(shown)


def _csv(n: Numbers, lang: str, here: str | None) -> str:
    """The boxes as a table: each step's name, shape, number and arithmetic (the hover's text)."""
    drawn = boxes(n, lang, here)
    return export.columns_csv(
        {
            t("map.csv.step", lang): [box.title for box in drawn],
            t("map.csv.shape", lang): [box.lines[0] for box in drawn],
            t("map.csv.number", lang): [box.lines[1] for box in drawn],
            t("map.csv.arithmetic", lang): [box.hover.replace("\n", " ") for box in drawn],
        }
    )


def page_title(title: str, s: Settings, lang: str, here: str) -> None:
    """A page's title with, beside it, the small map: a folded popover holding the diagram with the
    page's own steps marked (drawn only while it is open, so a page pays nothing for it). The presenter
    view keeps the bare title: there the chart must start in the window's top fifth (Home's diagram is
    the projector's map)."""
    if presenter.on():
        st.title(title)
        return
    with st.container(horizontal=True, vertical_alignment="center", key="page_title_row"):
        st.title(title, width="stretch")
        small = st.popover(
            t("map.small", lang), key="page_map", on_change="rerun", icon=":material/account_tree:"
        )
    if small.open:
        with small, widgets.guard(lang):
            diagram(
                s, lang, here, key="page_map_chart", title=t("map.title.small", lang), tokens=_words(here)
            )


def _words(here: str) -> tuple[str, ...] | None:
    """The sentence the page's own model reads, where it has one (the Attention heads page's, as its link
    or its text box left it), so the small map's numbers are that page's; None for the default."""
    key = SENTENCE_KEYS.get(here)
    text = st.session_state.get(key) if key else None
    words = embedding.tokenize(text).tokens if isinstance(text, str) else ()
    return words or None


def diagram(
    s: Settings,
    lang: str,
    here: str | None = None,
    key: str = "home_map",
    title: str | None = None,
    tokens: tuple[str, ...] | None = None,
) -> None:
    """The diagram on ``tokens`` (default: the Attention page's first example), then a button per box that
    opens its page and tab (the keyboard's and the screen reader's way in; a click on a box in the chart
    presses its button)."""
    n = numbers(s, tokens)
    if title is None:
        title = t("map.title", lang, sentence=" ".join(n.tokens))  # escaped by the figure
    fig = model_map(boxes(n, lang, here), title=title)
    chart(fig, key=key, lang=lang, csv=lambda: _csv(n, lang, here), file_name="model_map.csv")
    st.caption(t("map.notice", lang))
    with st.container(horizontal=True, gap="small", key="map_links"):
        for i, (step, link) in enumerate(STEPS.items(), start=1):
            pressed = st.button(
                f"{i}. {t(f'map.{step}', lang)}",
                key=f"map_link_{step}",
                help=t("map.open", lang, page=t(f"map.{step}.page", lang)),
                type="tertiary",
                icon=":material/arrow_forward:",
            )
            if pressed:
                # a button, not st.page_link: a session reads a page's link only once (session.open_link)
                session.open_link(link.file, dict(link.query))
