"""What every figure builder shares: the look (:data:`TEMPLATE`, colours), label escaping and the
plain-dict layout helpers the builders assemble figures with.

Every builder puts :data:`TEMPLATE` in its own figure's layout, so importing this package changes no
global Plotly setting (``plotly.io.templates.default`` stays whatever Streamlit or the caller chose).
"""

from __future__ import annotations

import copy
import html
from collections.abc import Mapping, Sequence

import numpy as np
import plotly.graph_objects as go
from plotly.colors import qualitative

#: The look of every chart: plotly.js's own defaults (white, light grid) in the app's font, Hangul
#: falling back to a CJK font. Plotly.py's named templates are about 7 KB of JSON in every chart; this
#: one is a few dozen bytes. Builders set it explicitly (``layout["template"]``), never as the default.
TEMPLATE = go.layout.Template(
    layout={
        "font": {"family": '"Source Sans Pro", "Source Sans", "Noto Sans CJK KR", sans-serif'},
        # Margins grow to fit rotated tick labels and axis titles (plotly.js's default is fixed margins).
        "xaxis": {"automargin": True},
        "yaxis": {"automargin": True},
    }
)


def new_figure(data: object = None, layout: Mapping[str, object] | None = None) -> go.Figure:
    """A figure with :data:`TEMPLATE` in its layout (and not Plotly's default template)."""
    fig = go.Figure(data=data, layout={**(layout or {}), "template": TEMPLATE})
    _template_last(fig)
    return fig


def _template_last(fig: go.Figure) -> None:
    """Move the template to the end of the layout's JSON, where Plotly puts a default template.

    So the bytes a chart sends are the ones a global default template would give, and a browser
    benchmark compares like with like. The value is the same dict:
    only its place among the layout's keys moves.
    """
    props = fig.layout._props
    props["template"] = props.pop("template")


#: Plotly's config for every chart: the toolbar's camera button saves a PNG at twice the size.
PLOTLY_CONFIG: dict[str, object] = {
    "displaylogo": False,
    # plotly.js 4 shows a "Share chart..." button that uploads the figure to Plotly Cloud: useless
    # offline, and a class's data should not leave the room.
    "showSendToCloud": False,
    "toImageButtonOptions": {"format": "png", "scale": 2},
}

#: Largest overview heatmap, in cells per axis (about the pixels a chart has).
MAX_ROWS = 320
MAX_COLS = 256

DIVERGING = "RdBu_r"
MASKED_GREY = "#d0d0d0"
SEQUENTIAL = "Viridis"


def escape_label(text: str) -> str:
    """Text safe to place in a Plotly title, label or hover: Plotly renders tags such as <b> or <a>."""
    return html.escape(text, quote=False)


def _named(hovertemplate: str | None, name: str) -> str | None:
    """``hovertemplate`` with the trace's name in the hover box's side label."""
    if hovertemplate is None or "<extra>" in hovertemplate:  # a template that names its own side label
        return hovertemplate
    return hovertemplate + f"<extra>{name}</extra>"


def _merge(base: dict[str, object], props: Mapping[str, object]) -> dict[str, object]:
    """``base`` with ``props`` merged in, nested dicts key by key (as ``update_layout`` merges)."""
    out = dict(base)
    for key, value in props.items():
        old = out.get(key)
        if isinstance(value, Mapping) and isinstance(old, dict):
            out[key] = _merge(old, value)
        else:
            out[key] = value
    return out


def _relayout(fig: go.Figure, **props: object) -> None:
    """``fig.update_layout(**props)``, about three times faster.

    Plotly's ``update_layout`` walks every key through its property-path machinery and change
    callbacks (about 4 ms for a chart's usual dozen keys, and most of a page's server time once the
    charts are many); merging plain dicts and assigning the layout once validates it in one pass.
    Unlike ``update_layout`` it does not understand underscore paths (``xaxis_title_text``) or merge
    Plotly objects given as values; nothing here passes either.
    """
    # Everything but the template, which is :data:`TEMPLATE` in every figure here (built by
    # :func:`new_figure`): copied, it would be validated again; without it Plotly would put back its
    # default template.
    current = copy.deepcopy({k: v for k, v in fig.layout._props.items() if k != "template"})
    fig.layout = {**_merge(current, props), "template": TEMPLATE}
    _template_last(fig)


def _frame(
    fig: go.Figure,
    *,
    title: str,
    height: int,
    x_title: str,
    y_title: str,
    xaxis: Mapping[str, object] | None = None,
    yaxis: Mapping[str, object] | None = None,
    margin: Mapping[str, int] | None = None,
    legend: Mapping[str, object] | None = None,
    **props: object,
) -> None:
    """What every line and bar chart sets: its title, height, margins (60/20/50/50 unless ``margin``
    says otherwise), axis titles (with the ``xaxis`` / ``yaxis`` properties) and a horizontal legend
    under the plot (``legend`` replaces it); ``props`` go to the layout as they are."""
    _relayout(
        fig,
        title={"text": title},
        height=height,
        margin={"l": 60, "r": 20, "t": 50, "b": 50, **(margin or {})},
        xaxis={"title": {"text": x_title}, **(xaxis or {})},
        yaxis={"title": {"text": y_title}, **(yaxis or {})},
        legend=dict(legend) if legend is not None else {"orientation": "h", "y": -0.25},
        **props,
    )


def _right_axis(fig: go.Figure, title: str, *, log: bool) -> None:
    """The second y-axis (``yaxis="y2"`` traces) on the right: log with powers of ten, or from 0."""
    _relayout(
        fig,
        yaxis2={
            "title": {"text": title},
            "overlaying": "y",
            "side": "right",
            "type": "log" if log else "linear",
            "showgrid": False,
            "tickmode": "auto",  # Streamlit's theme syncs the ticks to the left axis: odd values like 0.019
            **({"dtick": 1, "exponentformat": "power"} if log else {"rangemode": "tozero"}),
        },
    )


def _nth(colors: Sequence[str] | None, i: int) -> str | None:
    """The i-th colour of ``colors`` (cycling), or None to let Plotly choose."""
    return colors[i % len(colors)] if colors else None


#: Measured series and theory lines in :func:`measured_curves`.
MEASURED_COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c")
REFERENCE_COLORS = ("#555555", "#999999")


def log_axis(decades: bool) -> dict[str, object]:
    """A log axis; with ``decades`` labelled at powers of ten only (plotly.js otherwise labels 2 and 5
    between them in a smaller type, 9 px on a phone, when the axis spans only a few decades)."""
    return {"type": "log", "dtick": 1, "exponentformat": "power"} if decades else {"type": "log"}


def rows_height(rows: int, *, base: int = 150, per_row: int = 34) -> int:
    """A chart height that gives each of ``rows`` labelled rows about one line of text."""
    return base + per_row * rows


def _mark(fig: go.Figure, x: float, label: str, *, dash: str) -> None:
    """A vertical line at ``x`` across the whole plot, named ``label``.

    A trace on a hidden axis, not add_vline: on a log x-axis a shape's x would be read as log10(x).
    """
    fig.add_trace(
        go.Scatter(
            x=[x, x],
            y=[0, 1],
            yaxis="y3",
            mode="lines",
            line={"dash": dash, "color": "#444"},
            name=label,
            hoverinfo="name",
        )
    )
    _relayout(fig, yaxis3={"overlaying": "y", "range": [0, 1], "visible": False, "fixedrange": True})


def _labels(idx: np.ndarray) -> list[str]:
    # Category labels keep every drawn cell the same size even when the indices skip.
    return [str(int(i)) for i in idx]


#: plotly.js's default colours (D3's category10), in the order it gives traces without one of their own.
COLORWAY: tuple[str, ...] = tuple(color.lower() for color in qualitative.D3)
#: The dashes of :func:`lines`' named vertical marks, one each (two marks drawn alike read as one).
MARK_DASHES = ("dot", "dashdot", "longdash", "longdashdot")
#: A curve this close to an earlier one (as a share of the axis's span) is drawn on the same pixels.
COINCIDE = 0.01


def _cycle_dash(i: int) -> str:
    """The dash of the ``i``-th trace: solid through the first colour cycle, then another each cycle."""
    return ("solid", "dash", "dot", "dashdot")[(i // len(COLORWAY)) % 4]


def _drawn(values: np.ndarray, log: bool) -> np.ndarray:
    """Values as the axis places them (log10 on a log axis; NaN where nothing is drawn)."""
    v = np.asarray(values, dtype=np.float64)
    if log:
        with np.errstate(divide="ignore", invalid="ignore"):
            v = np.where(v > 0, np.log10(np.where(v > 0, v, 1.0)), np.nan)
    return v


def coinciding(a: np.ndarray, b: np.ndarray, *, log: bool = False) -> bool:
    """Whether curves ``a`` and ``b`` (over the same x) fall on the same pixels: within
    :data:`COINCIDE` of their span at 80% of the points or more. A flat curve (a live chart's placeholder)
    never counts."""
    da, db = _drawn(a, log), _drawn(b, log)
    if da.shape != db.shape:
        return False
    both = np.isfinite(da) & np.isfinite(db)
    if both.sum() < 2:
        return False
    span = float(max(da[both].max(), db[both].max()) - min(da[both].min(), db[both].min()))
    if span == 0 or np.ptp(da[both]) == 0 or np.ptp(db[both]) == 0:
        return False
    return bool(np.mean(np.abs(da[both] - db[both]) <= COINCIDE * span) >= 0.8)


def _halo_coinciding(fig: go.Figure, *, log: bool) -> None:
    """A curve drawn over an earlier one with the same values hides it: the earlier one is drawn wider,
    a halo around the later one, so both stay visible (e.g. cos(E, E+P) and the concatenated cosine,
    equal when P is orthogonal to E)."""
    traces = [tr for tr in fig.data if isinstance(tr, go.Scatter) and tr.yaxis in (None, "y")]
    for lo, below in enumerate(traces):
        for above in traces[lo + 1 :]:
            if coinciding(np.asarray(below.y), np.asarray(above.y), log=log):
                top = float(above.line.width or 2)
                below.line.width = max(float(below.line.width or 2), top + 3)
                break
