"""Plotly figure builders: arrays in, ``go.Figure`` out. No Streamlit, no math beyond reshaping.

Arrays go to Plotly as float32, so they travel as compact binary (base64) rather than JSON lists, and
large matrices are strided (:mod:`viz.figures.downsample`) so no chart carries more cells than it has pixels
to show. Every figure carries :data:`~viz.figures.base.TEMPLATE` in its own layout; importing the package
changes no global Plotly setting.

**Built figures are shared and read-only.** Every builder is memoized (:func:`viz.cache.memo.memoized`): the
figure returned is the one every other session showing the same data holds, cached across reruns. Never
mutate one (``update_layout``, ``add_trace``, assigning ``fig.layout``...): build another with other
arguments. ``viz.cache.memo`` fingerprints each figure it stores so a test can prove nothing did
(``tests/app/test_app_shared_figures.py``).

Modules: :mod:`~viz.figures.base` (template, colours, layout helpers), :mod:`~viz.figures.grid`
(the one heatmap-grid builder), :mod:`~viz.figures.heatmaps` (the heatmaps the pages ask for, each an
adapter over it), :mod:`~viz.figures.lines` (curves, markers, scatter), :mod:`~viz.figures.flow`
(attention as lines between words), :mod:`~viz.figures.bars` (bar charts). Every public name is
re-exported here: ``viz.figures.<name>``.
"""

from __future__ import annotations

from viz.figures.bars import LEGEND_ROW_PX, answer_bars, density_histogram, grouped_bars
from viz.figures.base import (
    DIVERGING,
    MASKED_GREY,
    MAX_COLS,
    MAX_ROWS,
    MEASURED_COLORS,
    PLOTLY_CONFIG,
    REFERENCE_COLORS,
    SEQUENTIAL,
    TEMPLATE,
    escape_label,
    new_figure,
    rows_height,
)
from viz.figures.flow import attention_lines, model_lines
from viz.figures.grid import heatmap_grid
from viz.figures.heatmaps import (
    Panel,
    heads_grid,
    heatmap,
    heatmap_panels,
    matrix,
    number_text,
    panel_grid,
)
from viz.figures.lines import lines, log_markers, measured_curves, offset_scatter, orbit, stage_lines

__all__ = [
    "DIVERGING",
    "LEGEND_ROW_PX",
    "MASKED_GREY",
    "MAX_COLS",
    "MAX_ROWS",
    "MEASURED_COLORS",
    "PLOTLY_CONFIG",
    "REFERENCE_COLORS",
    "SEQUENTIAL",
    "TEMPLATE",
    "Panel",
    "answer_bars",
    "attention_lines",
    "density_histogram",
    "escape_label",
    "grouped_bars",
    "heads_grid",
    "heatmap",
    "heatmap_grid",
    "heatmap_panels",
    "lines",
    "log_markers",
    "matrix",
    "measured_curves",
    "model_lines",
    "new_figure",
    "number_text",
    "offset_scatter",
    "orbit",
    "panel_grid",
    "rows_height",
    "stage_lines",
]
