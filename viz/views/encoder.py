"""The Encoder block page's views: one block's six stages, each token's length through the stack, what the
residual keeps, post-norm against pre-norm, and the decoder's two attentions; with the small sums and
labels their captions need."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import streamlit as st

from viz import figures
from viz.encodings import embedding
from viz.figures import downsample, export
from viz.i18n import t
from viz.model import block, model_cache
from viz.model.encoder import NORMS, ModelConfig
from viz.ui import widgets
from viz.ui.chart import chart
from viz.ui.notes import notes_differ
from viz.views.encoding import full_note

if TYPE_CHECKING:
    from plotly.graph_objects import Figure

    from viz.model.encoder import Norm

#: Columns an activation panel shows at most; wider stages show every k-th column (viz.figures.downsample).
PANEL_COLUMNS = 128


# ---- the captions' sums and labels ---------------------------------------------------------------------
def ratio(a: float, b: float) -> float:
    """a / b, or nan when b is 0 or negligible next to a (below 1e-9 of it): no meaningful ratio."""
    a, b = float(a), float(b)
    return a / b if abs(b) > 1e-9 * abs(a) and b != 0 else float("nan")


def ratio_text(value: float) -> str:
    """A ratio for the page: two decimals, or "—" when there is none (nan)."""
    return "—" if np.isnan(value) else f"{value:.2f}"


def has_nan(*values: float) -> bool:
    """Whether any value is nan (a ratio that does not exist)."""
    return any(np.isnan(v) for v in values)


def converges(alikeness: float) -> bool:
    """Whether tokens this alike (mean cosine between different tokens) have nearly become one vector."""
    return bool(alikeness > 0.9)


def clearly_below(a: float, b: float, margin: float = 0.1) -> bool:
    """Whether a is below b by more than ``margin`` (False when either is nan)."""
    return bool(a < b - margin)


def layer_labels(n_layers: int, word: str) -> list[str]:
    """ "word 1", ..., "word n" (one label per layer)."""
    return [f"{word} {i}" for i in range(1, n_layers + 1)]


def boundary_labels(n_layers: int, first: str, after: str) -> list[str]:
    """Labels for the residual stream between layers: ``first``, then ``after`` formatted with k."""
    return [first, *(after.format(k=k) for k in range(1, n_layers + 1))]


def short_names(norm: str, lang: str) -> dict[str, str]:
    """Each stage's short name for the axes; the two add & norm stages are named by ``norm``."""
    names = {name: t(f"enc.short.{name}", lang) for name in ("x", "attn", "hidden", "ffn")}
    names.update({name: t(f"enc.short.{name}.{norm}", lang) for name in ("mid", "out")})
    return names


# ---- 1. the path through one block and the stack -------------------------------------------------------


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
        shown = downsample.stride(m.shape[1], PANEL_COLUMNS)
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
            note = full_note(m, lang) if m.shape[1] > len(panel.x_labels) else None
            table = export.matrix_csv(m, corner=head, rows=labels, note=note)
            blocks.append(export.comment(export.plain(panel.title)) + table)
        return "\r\n".join(blocks)

    chart(
        fig, key=key, lang=lang, csv=csv, file_name=f"{key}_layer{layer + 1}_{p.norm}_d{d_model}_ff{d_ff}.csv"
    )
    narrow, wide = downsample.stride(d_model, PANEL_COLUMNS), downsample.stride(d_ff, PANEL_COLUMNS)
    if wide.strided:
        key = "enc.strided" if narrow.strided else "enc.strided.hidden"
        st.caption(
            t(key, lang, limit=PANEL_COLUMNS, width=d_model, d_ff=d_ff, step=narrow.step, step_ff=wide.step)
        )


def token_lengths(
    config: ModelConfig,
    tokens: tuple[str, ...],
    norm: Norm,
    layer: int,
    labels: list[str],
    root: float,
    lang: str,
) -> None:
    """Each token's length at every stage of the stack, their mean in bold, 0-based ``layer`` shaded."""
    p = model_cache.encoder_path(config, tokens, norm, True)
    where = p.stages()
    norms = block.flow_norms(p)
    fig = figures.stage_lines(
        block.flow_labels(where, short_names(norm, lang)),
        {t("enc.mean", lang): block.column_mean(norms), **block.token_series(labels, norms)},
        bold=[t("enc.mean", lang)],
        title=t("enc.norms.chart", lang, layer=layer + 1),
        x_title=t("enc.stage", lang),
        y_title=t("enc.norm_axis", lang),
        hovertemplate=t("enc.norms.hover", lang),
        shade=block.layer_span(where, layer + 1),
        height=440,
    )
    chart(
        fig,
        key="enc_norms",
        lang=lang,
        file_name=f"enc_norms_{norm}_layers{config.n_layers}_d{config.d_model}.csv",
    )
    explain = "enc.norms.explain" if norm == "post" else "enc.norms.explain.pre"
    st.caption(t(explain, lang, root=root, stages=t("enc.path.part.stages", lang)))


# ---- 2. what the residual keeps -----------------------------------------------------------------------
def on_off_lines(
    x_labels: list[str], on_off: tuple[Any, Any], lang: str, *, title: str, x_title: str
) -> Figure:
    """Cosines with the residual and with it switched off, as two bold lines."""
    on_name, off_name = t("enc.res.on", lang), t("enc.res.off", lang)
    return figures.stage_lines(
        x_labels,
        {on_name: on_off[0], off_name: on_off[1]},
        bold=[on_name, off_name],
        title=title,
        x_title=x_title,
        y_title=t("enc.cos", lang),
        hovertemplate=t("enc.res.lines.hover", lang),
    )


def kept_of_input(
    config: ModelConfig, tokens: tuple[str, ...], norm: Norm, labels: list[str], lang: str
) -> None:
    """How alike each stage's output is to its block's input, per token and on average, with the residual
    and without it."""
    on_name, off_name = t("enc.res.on", lang), t("enc.res.off", lang)
    on, off = (model_cache.encoder_path(config, tokens, norm, keep) for keep in (True, False))
    where, sim_on = block.similarity_to_input(on)
    _, sim_off = block.similarity_to_input(off)
    x_labels = block.flow_labels(where, short_names(norm, lang))
    panels = [
        figures.Panel(on_name, sim_on.T, x_labels),
        figures.Panel(off_name, sim_off.T, x_labels),
    ]
    fig = figures.panel_grid(
        panels,
        y_labels=labels,
        cols=1,
        title=t("enc.res.chart", lang),
        x_title=t("enc.stage", lang),
        y_title=t("enc.token", lang),
        colorbar_title=t("enc.cos", lang),
        hovertemplate=t("enc.res.hover", lang),
        zmax=1.0,
        panel_height=figures.rows_height(len(labels), base=150, per_row=16),
        nticks=64,
        shared_x=True,
    )
    chart(fig, key="enc_residual", lang=lang, file_name=f"enc_residual_{norm}_d{config.d_model}.csv")
    fig = on_off_lines(
        x_labels,
        (block.column_mean(sim_on), block.column_mean(sim_off)),
        lang,
        title=t("enc.res.lines", lang),
        x_title=t("enc.stage", lang),
    )
    chart(
        fig, key="enc_residual_mean", lang=lang, file_name=f"enc_residual_mean_{norm}_d{config.d_model}.csv"
    )
    sums, sublayers = ("mid", "out"), ("attn", "ffn")
    kept_on, kept_off = block.stage_mean(where, sim_on, sums), block.stage_mean(where, sim_off, sums)
    st.markdown(
        t("enc.res.explain", lang, on=kept_on, off=kept_off, sub=block.stage_mean(where, sim_on, sublayers))
    )


def tokens_alike(config: ModelConfig, tokens: tuple[str, ...], norm: Norm, lang: str) -> None:
    """How alike the tokens become block after block, with the residual and without it (two or more
    tokens)."""
    on, off = (model_cache.encoder_path(config, tokens, norm, keep) for keep in (True, False))
    alike_on, alike_off = block.token_alikeness(on), block.token_alikeness(off)
    left, right = st.columns([3, 2])
    with left:
        fig = on_off_lines(
            boundary_labels(config.n_layers, t("enc.pp.input", lang), t("enc.pp.after", lang)),
            (alike_on, alike_off),
            lang,
            title=t("enc.res.alike.chart", lang),
            x_title=t("enc.pp.stream", lang),
        )
        chart(
            fig,
            key="enc_residual_alike",
            lang=lang,
            file_name=f"enc_token_alike_{norm}_d{config.d_model}.csv",
        )
    notes = [
        t(
            "enc.res.collapse",
            lang,
            start=alike_on[0],
            off_first=alike_off[1],
            off_last=alike_off[-1],
            on_first=alike_on[1],
            on_last=alike_on[-1],
        )
    ]
    if converges(alike_on[-1]):
        notes.append(t("enc.res.collapse.both", lang))
    if norm == "post":
        pre_last = block.token_alikeness(model_cache.encoder_path(config, tokens, "pre", True))[-1]
        if clearly_below(pre_last, alike_on[-1]):
            notes.append(t("enc.res.collapse.pre", lang, pre=pre_last))
    right.markdown(" ".join(notes))


# ---- 3. post-norm against pre-norm --------------------------------------------------------------------
def stream_lengths(config: ModelConfig, tokens: tuple[str, ...], root: float, lang: str) -> None:
    """The residual stream's mean token length between blocks, post-norm against pre-norm."""
    n_layers = config.n_layers
    sn = model_cache.stack_norms(config, tokens)
    fig = figures.stage_lines(
        boundary_labels(n_layers, t("enc.pp.input", lang), t("enc.pp.after", lang)),
        {t("enc.norm.post", lang): sn.post, t("enc.norm.pre", lang): sn.pre},
        bold=[t("enc.norm.post", lang), t("enc.norm.pre", lang)],
        title=t("enc.pp.act.chart", lang),
        x_title=t("enc.pp.stream", lang),
        y_title=t("enc.norm_axis", lang),
        hovertemplate=t("enc.norms.hover", lang),
    )
    chart(
        fig,
        key="enc_pp_act",
        lang=lang,
        file_name=f"enc_post_pre_norms_layers{n_layers}_d{config.d_model}.csv",
    )
    growth = ratio(sn.pre[-1], sn.pre[0])
    st.caption(
        t(
            "enc.pp.act.explain",
            lang,
            root=root,
            first=sn.pre[0],
            last=sn.pre[-1],
            layers=n_layers,
            growth=growth,
            final=sn.pre_final,
        )
    )


def gradients(config: ModelConfig, lang: str) -> None:
    """Each block's gradient after one training step, post-norm against pre-norm (or why not)."""
    n_layers = config.n_layers
    if not block.gradient_ok(config):
        st.info(
            t("enc.pp.too_big", lang, params=block.gradient_params(config), limit=block.GRADIENT_PARAM_LIMIT)
        )
        return
    steps = model_cache.gradient_steps(config)
    fig = figures.grouped_bars(
        layer_labels(n_layers, t("enc.pp.block", lang)),
        {t(f"enc.norm.{k}", lang): steps[k].norms for k in NORMS},
        title=t("enc.pp.grad.chart", lang),
        x_title=t("enc.pp.block", lang),
        y_title=t("enc.pp.grad_axis", lang),
        hovertemplate=t("enc.pp.grad.hover", lang),
    )
    chart(
        fig,
        key="enc_pp_grad",
        lang=lang,
        file_name=f"enc_post_pre_gradients_layers{n_layers}_d{config.d_model}.csv",
    )
    if n_layers == 1:
        st.caption(t("enc.pp.one_layer", lang))
        return
    post, pre = (ratio(steps[k].norms[-1], steps[k].norms[0]) for k in NORMS)
    notes = [
        t(
            "enc.pp.grad.explain",
            lang,
            post=ratio_text(post),
            pre=ratio_text(pre),
            loss_post=steps["post"].loss,
            loss_pre=steps["pre"].loss,
        )
    ]
    if has_nan(post, pre):
        notes.append(t("enc.pp.no_first", lang))
    elif clearly_below(pre, post):
        notes.append(t("enc.pp.grad.agrees", lang))
    else:
        notes.append(t("enc.pp.grad.differs", lang))
    st.caption(" ".join(notes))


# ---- 4. the decoder -----------------------------------------------------------------------------------
def decoder_attention(
    config: ModelConfig,
    tokens: tuple[str, ...],
    target: tuple[str, ...],
    norm: Norm,
    labels: list[str],
    lang: str,
) -> None:
    """One decoder layer's masked self-attention over ``target`` and its cross-attention to ``tokens``,
    every head (or a window of sixteen), each with its explanation."""
    target_labels = embedding.row_labels(target)
    maps = model_cache.decoder_maps(config, tokens, target, norm)
    shown = widgets.heads_window(config.n_heads, lang, key="enc_dec_first")
    size = figures.rows_height(len(target), base=120, per_row=14)
    for kind, keys, x_title in (
        ("self", target_labels, t("enc.dec.key_target", lang)),
        ("cross", labels, t("enc.dec.key_source", lang)),
    ):
        per_head = maps.self_weights if kind == "self" else maps.cross_weights
        fig = figures.heads_grid(
            [per_head[h] for h in shown],
            titles=[t("ui.att.head_title", lang, h=h + 1) for h in shown],
            x_labels=keys,
            y_labels=target_labels,
            cols=4,
            title=t(f"enc.dec.{kind}.chart", lang, heads=config.n_heads),
            x_title=x_title,
            y_title=t("enc.dec.query", lang),
            colorbar_title=t("ui.att.weight", lang),
            hovertemplate=t("ui.att.hover", lang),
            panel_height=size,
        )
        chart(
            fig,
            key=f"enc_dec_{kind}",
            lang=lang,
            file_name=f"enc_decoder_{kind}_d{config.d_model}_heads{shown[0] + 1}-{shown[-1] + 1}.csv",
        )
        if kind == "self":
            first = block.first_self_weight(maps.self_weights)
            st.markdown(
                t("enc.dec.self.explain", lang, leak=block.above_diagonal(maps.self_weights), first=first)
            )
        else:
            notes_differ("cross", lang)
            st.markdown(t("enc.dec.cross.explain", lang, t=len(target), s=len(tokens)))
    st.caption(t("enc.dec.untrained", lang))
