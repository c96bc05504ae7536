"""The Positional encoding page's views: the scorecard, the layouts' difference and the exact window."""

from __future__ import annotations

import string

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from viz import encodings, figures, pretrained
from viz.cache.budget import cached
from viz.cache.memo import memoized
from viz.encodings import ENCODING_KINDS, EncodingKind, EncodingSpec, criteria
from viz.figures import export
from viz.i18n import t
from viz.pretrained import files
from viz.state.settings import Settings
from viz.ui import live
from viz.ui.chart import chart
from viz.ui.widgets import index_range
from viz.views.encoding import CURVE_WINDOW


@cached(max_entries=64)
def scorecard(spec: EncodingSpec) -> list[criteria.Check]:
    """The measured conditions for ``spec`` (see :mod:`viz.encodings.criteria`)."""
    return criteria.scorecard(spec)


def comparable(spec: EncodingSpec) -> tuple[EncodingKind, ...]:
    """The encodings that have a table at the sizes in ``spec``: every one built at any size, and a
    trained table when ``spec`` is its width and at most its rows (MiniLM's: d_model 384)."""
    at = {kind: EncodingSpec(kind, spec.max_len, spec.d_model) for kind in ENCODING_KINDS}
    return tuple(kind for kind, asked in at.items() if encodings.fit(asked) == asked)


def all_scorecards(spec: EncodingSpec) -> dict[EncodingKind, list[criteria.Check]]:
    """Scorecards of every encoding that has a table at the sizes in ``spec`` (:func:`comparable`; a
    trained table whose files are missing is left out: the page says why when it is chosen)."""
    cards: dict[EncodingKind, list[criteria.Check]] = {}
    for kind in comparable(spec):
        try:
            cards[kind] = scorecard(EncodingSpec(kind, spec.max_len, spec.d_model, spec.base))
        except pretrained.NotReady:
            continue
    return cards


def comparison_is_cheap(spec: EncodingSpec) -> bool:
    """Whether all six scorecards fit in a fraction of a second (the closest-pair search is L^2 * d)."""
    return spec.max_len * spec.max_len * spec.d_model <= 2**28


WINDOW_LIMIT = 200


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
def scorecard_frame(
    cards: dict[EncodingKind, list[criteria.Check]], selected: str, lang: str
) -> pd.DataFrame:
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
            label = t(f"encodings.kind.{kind}", lang) + (" ◀" if kind == selected and compare else "")
            row[label] = _verdict(card[i], lang)
        rows.append(row)
    return pd.DataFrame(rows)


def scorecard_table(spec: EncodingSpec, lang: str, *, compare: bool) -> None:
    """The measured conditions as a table: one column for ``spec``'s encoding, or one per encoding."""
    cards = all_scorecards(spec) if compare else {spec.kind: scorecard(spec)}
    first = next(iter(cards.values()))
    with st.container(key="pe_scorecard"):  # the presenter view sets this table in smaller type
        st.table(scorecard_frame(cards, spec.kind, lang), hide_index=True)
    left_out = [kind for kind in ENCODING_KINDS if compare and kind not in cards]
    for kind in left_out:  # a trained table at another width than the one chosen, or its files missing
        size = encodings.info(kind).size or (0, 0)
        which = "pe.score.trained_missing" if kind in comparable(spec) else "pe.score.trained_out"
        name = t(f"encodings.kind.{kind}", lang)
        st.caption(t(which, lang, name=name, rows=size[0], cols=size[1], command=files.FETCH_COMMAND))

    def csv() -> bytes:
        columns: dict[str, list[object]] = {
            t("pe.score.col.condition", lang): [t(f"pe.crit.{c.name}", lang) for c in first]
        }
        for kind, card in cards.items():
            columns[t(f"encodings.kind.{kind}", lang)] = [c.value for c in card]
        return export.excel_bytes(export.columns_csv(columns))

    st.download_button(
        t("ui.chart.download_csv", lang),
        data=csv,
        file_name=f"scorecard_{spec.max_len}x{spec.d_model}.csv",
        mime="text/csv",
        key="scorecard_csv",
        on_click="ignore",
        icon=":material/download:",
    )


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
        x_title=t("ui.chart.dimension", lang),
        y_title=t("ui.chart.position", lang),
        colorbar_title=t("ui.chart.value", lang),
        hovertemplate=t("ui.pe.heatmap.hover", lang),
        height=420,
    )
    chart(
        fig,
        key=f"{key}_chart",
        lang=lang,
        csv=lambda: export.matrix_csv(
            window,
            corner=export.corner(t("ui.chart.position", lang), t("ui.chart.dimension", lang)),
            rows=range(r0, r1 + 1),
            cols=range(c0, c1_ + 1),
        ),
        file_name=f"pe_{spec.kind}_window_{spec.max_len}x{spec.d_model}_r{r0}-{r1}_c{c0}-{c1_}.csv",
    )
    st.caption(t("pe.window.explain", lang))


def curves(pe: np.ndarray, spec: EncodingSpec, dims: list[int], current: Settings, lang: str) -> None:
    """The chosen columns over position; for a formula's table drawn by the browser from its parameters,
    under a live strip (d_model, max_len, base) it follows while a slider moves (viz.ui.live)."""
    max_len, d_model = pe.shape
    name = f"pe_{spec.kind}_curves_{max_len}x{d_model}_dims{'-'.join(map(str, dims))}.csv"
    in_browser = encodings.info(spec.kind).closed_form

    def figure(table: np.ndarray | None) -> go.Figure:
        # None: a live chart's placeholder, two points per curve (its first and last position, so the
        # window and its range slider are set as for the whole curve); the browser computes the rest
        return figures.lines(
            [0, max_len - 1] if table is None else list(range(max_len)),
            {t("pe.curves.legend", lang, dim=d): np.zeros(2) if table is None else table[:, d] for d in dims},
            title=t("pe.curves.title", lang),
            x_title=t("ui.chart.position", lang),
            y_title=t("ui.chart.value", lang),
            hovertemplate=t("pe.curves.hover", lang),
            x_window=CURVE_WINDOW,
        )

    if not in_browser:
        chart(figure(pe), key="pe_curves", lang=lang, file_name=name)
        return
    live.live_strip("pe_curves_group", live.table_sliders(current, lang), key="pe_curves_live", lang=lang)
    live.live_chart(
        figure(None),
        recipe="pe_curves",
        params={**live.spec_params(spec), "dims": dims},
        texts={},
        group="pe_curves_group",
        key="pe_curves",
        lang=lang,
        truth=lambda: figure(pe),
        file_name=name,
    )
