"""The Similarity page's views: cached similarity views, the rotation check and square overviews."""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import Any

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from viz import encodings, figures
from viz.cache.budget import cached
from viz.encodings import EncodingKind, EncodingSpec, similarity
from viz.encodings.similarity import MEASURES, Measure
from viz.figures import downsample, export
from viz.i18n import t
from viz.state.settings import Settings
from viz.ui import live, widgets
from viz.ui.chart import chart
from viz.views.encoding import (
    available,
    encoding_table,
    shared_layout,
    size_note,
    stride_text,
    strided_heatmap,
)


@cached(max_entries=64)
def rotation_error(k: int, max_len: int, d_model: int, base: float) -> encodings.RotationError:
    """Cached :func:`viz.encodings.rotation_error` (a max_len x d_model x d_model product)."""
    return encodings.rotation_error(k, max_len, d_model, base)


def rotation_check(k: int, max_len: int, d_model: int, base: float, lang: str) -> None:
    """How far T(k) PE(p) is from PE(p + k) over the table (and the lone column of an odd d_model)."""
    err = rotation_error(k, max_len, d_model, base)
    st.metric(
        t("sim.rot.error", lang, n=err.positions), f"{err.paired:.2e}", help=t("sim.rot.error.help", lang)
    )
    if err.lone is not None:
        st.metric(t("sim.rot.lone", lang, col=similarity.lone_column(d_model)), f"{err.lone:.2e}")
        st.caption(t("sim.rot.odd", lang, col=similarity.lone_column(d_model)))
    st.markdown(t("sim.rot.explain", lang, k=k))


#: Numbers written in a matrix's cells (T(k)'s 12 x 12 corner) at this size, readable on a projector;
#: plotly.js would shrink them to fit the cells (about 6 px there).
CELL_TEXT_PX = 12
#: T(k)'s corner writes its cos and sin values with one decimal ("-0.5"), the only width that fits a cell
#: of a 12 x 12 matrix in a third of the page at :data:`CELL_TEXT_PX`; the page passes it as cell_text.
CORNER_TEXT = "%{z:.1f}"


def cell_labels(matrix: np.ndarray) -> tuple[tuple[str, ...], ...]:
    """Each cell's value with one decimal, and nothing where it is exactly 0 (T(k) is zero off its 2 x 2
    blocks: a row of "0.0" would crowd out the numbers that matter)."""
    return tuple(
        tuple("" if v == 0 else f"{v:.1f}" for v in row) for row in np.asarray(matrix, dtype=np.float64)
    )


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
    shown = downsample.stride(matrix.shape[0], figures.MAX_COLS, paired=paired)
    strided_heatmap(
        matrix,
        shown,
        shown,
        lang,
        key=key,
        title=title,
        file_name=file_name,
        y_title=t(axis, lang),
        x_title=t(axis, lang),
        hovertemplate=t("sim.rot.hover", lang),
        cell_text=cell_text,
        cell_font=CELL_TEXT_PX if cell_text else None,
        cell_labels=cell_labels(matrix[np.ix_(shown.idx, shown.idx)]) if cell_text else None,
    )
    if shown.strided:
        what = stride_text(paired, shown.step, lang)
        st.caption(t("sim.rot.strided", lang, what=what, shown=shown.shown, d_model=matrix.shape[0]))


def compared_specs(
    kinds: list[EncodingKind], max_len: int, d_model: int, base: float, asked_len: int, lang: str
) -> dict[EncodingKind, EncodingSpec]:
    """The compared encodings at one size (``encodings.shared_size``), by kind, saying in the page what
    size a trained table imposes (``kinds`` are the ones whose tables can be read: enc_views.available)."""
    specs = {k: EncodingSpec(k, max_len, d_model, base, shared_layout(k)) for k in kinds}
    trained = [k for k in kinds if encodings.info(k).size is not None]
    for k in trained:
        size_note(k, max_len, d_model, asked_len, lang)
    if trained and len(kinds) > 1:
        st.caption(t("sim.trained.both", lang, d_model=d_model, max_len=max_len))
    return specs


def row_explanation(measure: str, kinds: list[EncodingKind], p: int, d_model: int, lang: str) -> str:
    """What to notice beside one position's row: the measure's sentence, then one for each encoding shown
    (in the charts' order), so the text never describes an encoding that is not on the screen. A trained
    table's sentence comes from :func:`explain`."""
    half = similarity.self_dot_range(d_model)
    parts = [t(f"sim.row.explain.{measure}", lang, p=p, half=half)]
    parts += [
        t(f"sim.row.{measure}.{k}", lang, p=p, half=half) for k in kinds if encodings.info(k).size is None
    ]
    return " ".join(parts)


def explain(column: Any, text: str, kinds: list[EncodingKind], section: str, lang: str) -> None:
    """A section's explanation in ``column``, and under it what a trained table shows there (when one
    of ``kinds`` is)."""
    with column:
        st.markdown(text)
        if any(encodings.info(k).size is not None for k in kinds):
            st.markdown(t(f"sim.trained.{section}", lang))


@cached(max_entries=32)
def similarity_views(spec: EncodingSpec, measure: similarity.Measure) -> similarity.Views:
    """Cached :func:`viz.encodings.similarity.views`: what the similarity page shows that does not depend on
    p."""
    return similarity.views(encoding_table(spec), spec.kind, measure, spec.d_model, spec.base)


def similarity_matrix(
    v: similarity.Views, name: str, measure_name: str, max_len: int, lang: str, *, key: str, file_name: str
) -> None:
    """Every pair's similarity as a heatmap (a strided grid past the cap, said in a caption and the CSV)."""
    fig = figures.heatmap(
        v.matrix,
        x=v.grid,
        y=v.grid,
        title=t("sim.matrix.chart", lang, name=name),
        x_title=t("sim.j", lang),
        y_title=t("sim.p_axis", lang),
        colorbar_title=measure_name,
        hovertemplate=t("sim.matrix.hover", lang),
        height=430,
    )
    chart(
        fig,
        key=key,
        lang=lang,
        # what the chart draws, saying when it is a strided grid (the whole is max_len²)
        csv=partial(
            export.matrix_csv,
            v.matrix,
            corner=export.corner(t("sim.p_axis", lang), t("sim.j", lang)),
            rows=v.grid,
            cols=v.grid,
            note=measure_name
            + (
                f" · {t('sim.strided', lang, shown=v.grid.size, max_len=max_len)}"
                if v.grid.size < max_len
                else ""
            ),
        ),
        file_name=file_name,
    )
    if v.grid.size < max_len:
        st.caption(t("sim.strided", lang, shown=v.grid.size, max_len=max_len))
    if similarity.has_gaps(v.matrix):
        st.caption(t("sim.nan", lang))


def by_offset(
    v: similarity.Views,
    name: str,
    measure: similarity.Measure,
    measure_name: str,
    lang: str,
    *,
    key: str,
    file_name: str,
    spec: EncodingSpec | None = None,
) -> None:
    """The same values against the offset j - p, the theory's curve over them, and how far they spread.
    With the ``spec`` of a formula's table the browser computes them (they follow :func:`offset_strip`)."""
    in_browser = spec is not None and encodings.info(spec.kind).closed_form
    relative = spec is not None and encodings.info(spec.kind).relative

    def scatter(shell: bool) -> go.Figure:
        one = np.zeros(1)  # a live chart's placeholders: its points and curve are computed in the browser
        return figures.offset_scatter(
            *((one, one) if shell else v.drawn_pairs),
            curve_x=(one if relative else None) if shell else (None if v.theory is None else v.theory[0]),
            curve_y=(one if relative else None) if shell else (None if v.theory is None else v.theory[1]),
            points_name=t("sim.offset.points", lang),
            curve_name=t(f"sim.offset.curve.{measure}", lang),
            title=t("sim.offset.chart", lang, name=name),
            x_title=t("sim.offset.x", lang),
            y_title=measure_name,
            hovertemplate=t("sim.offset.hover", lang),
        )

    # every pair, not only the points drawn
    csv = partial(
        export.columns_csv,
        {t("sim.offset.x", lang): v.offsets.offsets, measure_name: v.offsets.values},
        note=t("sim.csv.all_pairs", lang, pairs=v.offsets.values.size, points=v.drawn.size),
    )
    if spec is None or not in_browser:
        chart(scatter(False), key=key, lang=lang, csv=csv, file_name=file_name)
    else:
        live.live_chart(
            scatter(True),
            recipe="sim_offset",
            params={
                **live.spec_params(spec),
                "measure": measure,
                "relative": relative,
                "grid": similarity.OFFSET_GRID,
                "pixel_levels": similarity.PIXEL_LEVELS,
                "marker_levels": similarity.MARKER_LEVELS,
                "max_points": similarity.OFFSET_POINTS,
            },
            texts={},
            group="sim_offset",
            key=key,
            lang=lang,
            truth=lambda: scatter(False),
            csv=csv,
            file_name=file_name,
        )
    st.caption(
        t("sim.offset.spread", lang, spread=f"{v.offsets.relative_spread:.2e}")
        + " "
        + t(
            "sim.offset.drawn",
            lang,
            pairs=f"{v.offsets.values.size:,}",
            points=f"{v.drawn.size:,}",
        )
    )


def pair_orbit(orbit: similarity.PairOrbit, pair: int, k_shift: int, p: int, max_len: int, lang: str) -> None:
    """One pair of dimensions over every position as a circle, p, p moved by T(k) and p + k marked."""
    fig = figures.orbit(
        orbit.cos,
        orbit.sin,
        orbit.positions,
        marks={
            t("sim.orbit.start", lang, p=p): (float(orbit.start[1]), float(orbit.start[0])),
            t("sim.orbit.moved", lang, k=k_shift, p=p): (
                float(orbit.moved[1]),
                float(orbit.moved[0]),
            ),
            t("sim.orbit.target", lang, q=similarity.shifted(p, k_shift)): (
                float(orbit.target[1]),
                float(orbit.target[0]),
            ),
        },
        title=t("sim.orbit.chart", lang, pair=pair),
        x_title=t("sim.orbit.x", lang, col=similarity.pair_columns(pair)[1]),
        y_title=t("sim.orbit.y", lang, col=similarity.pair_columns(pair)[0]),
        hovertemplate=t("sim.orbit.hover", lang),
        colorbar_title=t("ui.chart.position", lang),
        height=460,
    )
    chart(fig, key="sim_orbit", lang=lang, file_name=f"orbit_pair{pair}_k{k_shift}_p{p}_{max_len}.csv")


def offset_strip(kinds: list[EncodingKind], current: Settings, lang: str) -> None:
    """The offsets tab's live strip: d_model and base, when every compared table is a formula."""
    if kinds and all(encodings.info(k).closed_form for k in kinds):
        sliders = [s for s in live.table_sliders(current, lang) if s.name != "max_len"]
        live.live_strip("sim_offset", sliders, key="sim_offset_live", lang=lang)


def row_strip(kinds: list[EncodingKind], p: int, max_len: int, current: Settings, lang: str) -> None:
    """The first tab's live strip: p, and d_model and base when every compared table is a formula (a
    trained table has one size, which the sidebar's d_model does not change)."""
    if max_len < 2 or not any(encodings.info(k).closed_form for k in kinds):
        return
    sliders = [live.LiveSlider("p", "sim_p", t("sim.p", lang), p, 0, max_len - 1)]
    if all(encodings.info(k).closed_form for k in kinds):
        sliders += [s for s in live.table_sliders(current, lang) if s.name != "max_len"]
    live.live_strip("sim_row", sliders, key="sim_row_live", lang=lang)


def row_chart(
    spec: EncodingSpec, table: np.ndarray, p: int, measure: similarity.Measure, name: str, lang: str
) -> None:
    """One position against every other: drawn by the browser from its parameters for a formula's table
    (so it follows the strip of :func:`row_strip`), by the server for a trained one."""
    max_len, d_model = table.shape
    key = f"sim_row_{spec.kind}"
    file_name = f"similarity_{spec.kind}_{measure}_p{p}_{max_len}x{d_model}.csv"
    values = similarity.against_all(table, p, measure)  # its gaps are said under the chart

    def texts(at: object) -> dict[str, str]:
        """The chart's texts that name p, at ``at`` ("{p}": the templates the browser fills)."""
        return {
            "layout.title.text": t("sim.row.chart", lang, name=name, p=at),
            "data.0.hovertemplate": t("sim.row.hover", lang, p=at),
            "data.1.name": t("sim.row.mark", lang, p=at),
        }

    def figure(ys: np.ndarray | None) -> go.Figure:
        # None: a live chart's shell: one point, p's texts as templates and its mark at 0 (the browser fills
        # them), so the shell is the same for every p
        said = texts("{p}" if ys is None else p)
        return figures.lines(
            [0] if ys is None else list(range(max_len)),
            {name: np.zeros(1) if ys is None else ys},
            mode="lines+markers" if max_len <= 200 else "lines",
            title=said["layout.title.text"],
            x_title=t("sim.j", lang),
            y_title=t(f"sim.measure.{measure}", lang),
            hovertemplate=said["data.0.hovertemplate"],
            mark_x=0 if ys is None else p,
            mark_label=said["data.1.name"],
        )

    if not encodings.info(spec.kind).closed_form:
        chart(figure(values), key=key, lang=lang, file_name=file_name)
    else:  # the values are computed in the browser: the figure goes without them
        live.live_chart(
            figure(None),
            recipe="sim_row",
            params={**live.spec_params(spec), "p": p, "measure": measure},
            texts=texts("{p}"),
            group="sim_row",
            key=key,
            lang=lang,
            truth=lambda: figure(values),
            file_name=file_name,
        )
    if similarity.has_gaps(values):
        st.caption(t("sim.nan", lang))


@dataclasses.dataclass(frozen=True)
class Chosen:
    """What the page's controls chose, and the tables it follows from."""

    kinds: list[EncodingKind]
    measure: Measure
    max_len: int
    d_model: int
    p: int
    specs: dict[EncodingKind, EncodingSpec]
    tables: dict[EncodingKind, np.ndarray]
    names: dict[EncodingKind, str]


def choose(controls: Any, s: Settings, lang: str) -> Chosen:
    """The Similarity page's controls in ``controls`` (a section's side column): the encodings compared,
    the measure and the position p; and the tables they choose."""
    kind = widgets.encoding_choice(t("ui.pe.kind", lang), lang=lang, container=controls)
    other = widgets.encoding_choice(
        t("sim.compare", lang), key="sim_compare", default="binary", lang=lang, container=controls
    )
    measure = similarity.as_measure(
        widgets.choice(
            t("sim.measure", lang),
            MEASURES,
            key="sim_measure",
            lang=lang,
            format_func=lambda m: t(f"sim.measure.{m}", lang),
            radio=True,
            container=controls,
        )
    )
    # Side by side at one size: a trained table's when one is shown (MiniLM: 384 columns, at most 512 rows).
    with controls:
        kinds = available([kind] if other == kind else [kind, other], lang)  # files missing: said
    max_len, d_model = encodings.shared_size(kinds, s.max_len, s.d_model)
    with controls:
        p = widgets.position_slider(
            t("sim.p", lang),
            max_len,
            similarity.default_position(max_len),
            key="sim_p",
            help=t("sim.p.help", lang),
        )
        if max_len == 1:
            st.info(t("sim.one_position", lang))
        specs = compared_specs(kinds, max_len, d_model, float(s.base), s.max_len, lang)
        if any(spec.layout == "split" for spec in specs.values()):
            st.caption(t("sim.layout", lang))
    tables = {k: encoding_table(specs[k]) for k in kinds}
    names = {k: t(f"encodings.kind.{k}", lang) for k in kinds}
    return Chosen(kinds, measure, max_len, d_model, p, specs, tables, names)
