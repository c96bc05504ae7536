"""Activation patching, the Real models page's ninth tab (SmolLM2, viz.pretrained.intervene): a corrupted
twin of the page's text, and the share of the clean answer that comes back when one piece of the clean run
(the stream at a layer and position, or one head's output) is put into the corrupted run. The grid is
computed once per pair of texts for the whole server, by the low-priority worker
(viz.views.intervene.shared_grid)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import numpy as np
import streamlit as st

from viz import figures, pretrained
from viz.encodings import embedding
from viz.i18n import t
from viz.pretrained.tokens import Pieces
from viz.state.link import PATCHES, REAL_EXAMPLES
from viz.ui import widgets
from viz.ui.chart import chart
from viz.views.intervene import (
    KEY,
    NAMED,
    ablated,
    axis_title,
    literal,
    plain_logp,
    shared_grid,
    too_long_for_grid,
)

if TYPE_CHECKING:
    from viz.pretrained.intervene import Patch

#: The example pair: the page's France example, and the same with another country (five tokens each).
EXAMPLE = REAL_EXAMPLES[1]
CORRUPTED = "The capital of Italy is"


def patch_controls(lang: str) -> tuple[str, Patch]:
    """The corrupted text and what is put back from the clean run."""
    text = st.text_input(
        t("patch.text", lang),
        key="patch_text",
        help=t("patch.text.help", lang),
        **widgets.initial("patch_text", value=CORRUPTED),
    )
    widgets.chars_cut_note(text, lang)
    what = widgets.choice(
        t("patch.what", lang),
        PATCHES,
        key="patch_what",
        lang=lang,
        format_func=lambda w: t(f"patch.what.{w}", lang),
        radio=True,
    )
    return text[: embedding.MAX_CHARS], cast("Patch", what)


def example_button(lang: str) -> None:
    """Under two texts the tab cannot patch: one press puts in the example pair, France and Italy (the
    page's text box and its examples list, and the corrupted text), so the tab shows its grid."""
    pair = {"real_text": EXAMPLE, "real_example": EXAMPLE, "patch_text": CORRUPTED}
    st.button(
        t("patch.example", lang),
        key="patch_example",
        help=t("patch.example.help", lang),
        on_click=st.session_state.update,
        args=(pair,),
    )


def patching(pieces: Pieces, labels: Sequence[str], corrupted: str, what: Patch, lang: str) -> None:
    other = pretrained.tokenize(KEY, corrupted) if corrupted.strip() else None
    if other is None or len(other.ids) != len(pieces.ids):
        st.info(t("patch.lengths", lang, a=len(pieces.ids), b=0 if other is None else len(other.ids)))
        example_button(lang)
        return
    if too_long_for_grid(pieces, lang):
        return
    good = int(np.argmax(ablated(pieces.ids, (), "zero")))
    bad = int(np.argmax(ablated(other.ids, (), "zero")))
    good_name, bad_name = _answer(pieces.ids, good), _answer(other.ids, bad)
    if good == bad:
        st.info(t("patch.same", lang, answer=literal(good_name)))
        example_button(lang)
        return
    info = pretrained.INFO[KEY]
    runs = info.layers * (len(pieces.ids) if what == "resid" else info.heads)
    job = {"kind": "patch", "ids": pieces.ids, "other": other.ids, "option": what, "good": good, "bad": bad}
    grid = shared_grid(("patch", pieces.ids, other.ids, what), runs, job, lang, auto=True)
    if grid is None:
        return
    changed = [f"{a} → {b}" if a != b else a for a, b in zip(labels, _labels_of(other), strict=True)]
    row = "patch.before_layer" if what == "resid" else "patch.layer_in"  # the stream enters a layer
    layer_names = [t(row, lang, layer=i) for i in range(1, info.layers + 1)]
    fig = figures.heatmap(
        grid[::-1],  # the last layer on top, as in the lens
        title=t(
            f"patch.chart.{what}",
            lang,
            good=figures.escape_label(good_name),
            bad=figures.escape_label(bad_name),
        ),
        x_title=axis_title("position" if what == "resid" else "head", lang),
        y_title=axis_title("layer", lang),
        colorbar_title=t("patch.color", lang),
        hovertemplate=t(f"patch.hover.{what}", lang),
        height=max(420, 20 * info.layers + 140),
        x_labels=changed if what == "resid" else [str(h) for h in range(1, info.heads + 1)],
        y_labels=layer_names[::-1],
    )
    chart(fig, key=f"iv_patch_{what}", lang=lang)
    _say_where(grid, labels, what, lang)
    st.markdown(t("patch.notice", lang, good=literal(good_name), bad=literal(bad_name)))


def _answer(ids: tuple[int, ...], token: int) -> str:
    """The text's answer ``token`` quoted as whole characters (for a page's text, never markup), read
    from the plain run's kept probabilities (the corrupted text is not run again for its page's maps)."""
    return f"'{pretrained.whole_labels(KEY, ids, plain_logp(ids), [token])[token]}'"


def _labels_of(found: Pieces) -> list[str]:
    return [f"{i} · {piece}" for i, piece in enumerate(found.shown)]


def _say_where(grid: np.ndarray, labels: Sequence[str], what: Patch, lang: str) -> None:
    """For the stream, where the answer moves from one position to another, when it does; otherwise the
    cells that restore the most, in words."""
    if what == "resid":
        where = grid.argmax(axis=1)  # the position that restores most, before each layer
        strong = grid.max(axis=1) > 0.5
        moves = [i for i in range(1, len(where)) if strong[i - 1] and strong[i] and where[i] != where[i - 1]]
        if moves:
            first = moves[-1]  # layers from 0: the stream before layer first + 1 is at the new position
            early, late = literal(labels[int(where[first - 1])]), literal(labels[int(where[first])])
            st.write(t("patch.where", lang, last=first, first=first + 1, early=early, late=late))
            return
    cells = []
    for i in np.argsort(-grid, axis=None, kind="stable")[:NAMED]:
        layer, col = (int(v) for v in np.unravel_index(i, grid.shape))
        share = float(grid[layer, col])
        if what == "resid":
            token = literal(labels[col])
            cells.append(t("patch.cell.resid", lang, layer=layer + 1, token=token, share=share))
        else:
            cells.append(t("patch.cell.heads", lang, layer=layer + 1, head=col + 1, share=share))
    st.write(t("patch.best", lang, cells=", ".join(cells)))
