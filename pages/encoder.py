"""Encoder block: one sentence through attention, add & norm and the feed-forward network; the residual;
post-norm against pre-norm; and the decoder's masked self-attention and cross-attention."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import streamlit as st

from viz import block, embedding, figures, model, stack
from viz.i18n import t
from viz.ui import chart, live, sections, shell, widgets
from viz.ui.notes import notes_differ
from viz.views import encoder as enc_block_views
from viz.views import encoding as enc_views

if TYPE_CHECKING:
    from plotly.graph_objects import Figure

s = shell.page_shell()
lang = s.lang

st.title(t("enc.title", lang))
st.write(t("enc.intro", lang))

EXAMPLES = tuple(stack.TRANSLATIONS)
PATH_PARTS = ("stages", "norms")  # the first section's own tabs
RES_PARTS = ("input", "alike")  # and the second's

shell.heads_warning(s, lang)


def enc_name(kind: str) -> str:
    return enc_views.encoding_name(kind, lang)


c1, c2, c3, c4 = st.columns([2, 2, 2, 1])
with c1:
    n_layers = widgets.bounded_slider(
        t("enc.layers", lang), *model.LAYERS_RANGE, 6, key="enc_layers", help=t("enc.layers.help", lang)
    )
with c2:
    norm = widgets.choice(
        t("enc.norm", lang),
        model.NORMS,
        key="enc_norm",
        lang=lang,
        format_func=lambda k: t(f"enc.norm.{k}", lang),
        radio=True,
    )
    st.caption(t("enc.norm.help", lang))
with c3:
    encoding = widgets.choice(
        t("att.encoding", lang),
        model.MODEL_ENCODINGS,
        key="enc_encoding",
        lang=lang,
        format_func=enc_name,
        default=str(st.session_state.get("pe_kind", "sinusoidal")),
    )
seed = int(c4.number_input(t("att.seed", lang), 0, 9999, value=0, step=1, key="enc_seed"))
config = model.ModelConfig(s.d_model, s.heads, n_layers, encoding, float(s.base), seed)
st.info(t("enc.sizes", lang, d_model=s.d_model, heads=s.heads, d_k=s.d_k, d_ff=config.d_ff, layers=n_layers))
if encoding == "rope" and s.d_k < 2:
    st.warning(t("att.rope_dk1", lang, d_k=s.d_k))


tokens = widgets.sentence_box(
    lang,
    prefix="enc",
    examples=EXAMPLES,
    example_help=t("enc.example.help", lang),
    sentence_help=t("enc.sentence.help", lang, n=embedding.MAX_TOKENS),
    also={"enc_target": stack.TRANSLATIONS},
)
labels = embedding.row_labels(tokens)
root = embedding.paper_scale(s.d_model)  # √d_model: a LayerNorm'd token's length


def short_names() -> dict[str, str]:
    names = {name: t(f"enc.short.{name}", lang) for name in ("x", "attn", "hidden", "ffn")}
    names.update({name: t(f"enc.short.{name}.{norm}", lang) for name in ("mid", "out")})
    return names


# ---- 1. the path through one block and the stack -------------------------------------------------------
@shell.fragment
def path_section() -> None:
    layer = widgets.layer_choice(n_layers, lang, "enc_layer")
    # The block's stages and the stack's lengths in tabs of their own: a slider move redraws one chart.
    part = sections.sections(
        "enc_path_part", {k: t(f"enc.path.part.{k}", lang) for k in PATH_PARTS}, lang=lang
    )
    if part["stages"].open:
        with part["stages"], widgets.guard(lang):
            p = live.encoder_path(config, tokens, norm, True)
            enc_block_views.stage_grid(p, layer, labels, lang, key="enc_stages")
            zeros = stack.zero_share(p.hidden[layer])
            st.markdown(t(f"enc.path.explain.{norm}", lang, root=root, zeros=zeros))
    if part["norms"].open:
        with part["norms"], widgets.guard(lang):
            p = live.encoder_path(config, tokens, norm, True)
            where = p.stages()
            norms = block.flow_norms(p)
            fig = figures.stage_lines(
                stack.flow_labels(where, short_names()),
                {t("enc.mean", lang): stack.column_mean(norms), **stack.token_series(labels, norms)},
                bold=[t("enc.mean", lang)],
                title=t("enc.norms.chart", lang, layer=layer + 1),
                x_title=t("enc.stage", lang),
                y_title=t("enc.norm_axis", lang),
                hovertemplate=t("enc.norms.hover", lang),
                shade=stack.layer_span(where, layer + 1),
                height=440,
            )
            chart.chart(
                fig,
                key="enc_norms",
                lang=lang,
                file_name=f"enc_norms_{norm}_layers{n_layers}_d{s.d_model}.csv",
            )
            explain = "enc.norms.explain" if norm == "post" else "enc.norms.explain.pre"
            st.caption(t(explain, lang, root=root, stages=t("enc.path.part.stages", lang)))


# ---- 2. what the residual keeps -----------------------------------------------------------------------
def on_off_lines(x_labels: list[str], on_off: tuple[Any, Any], *, title: str, x_title: str) -> Figure:
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


def residual_section() -> None:
    # What each stage keeps of its input, and how alike the tokens become, in tabs of their own.
    part = sections.sections("enc_res_part", {k: t(f"enc.res.part.{k}", lang) for k in RES_PARTS}, lang=lang)
    on_name, off_name = t("enc.res.on", lang), t("enc.res.off", lang)
    if part["input"].open:
        with part["input"], widgets.guard(lang):
            on, off = (live.encoder_path(config, tokens, norm, keep) for keep in (True, False))
            where, sim_on = block.similarity_to_input(on)
            _, sim_off = block.similarity_to_input(off)
            x_labels = stack.flow_labels(where, short_names())
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
            chart.chart(fig, key="enc_residual", lang=lang, file_name=f"enc_residual_{norm}_d{s.d_model}.csv")
            fig = on_off_lines(
                x_labels,
                (stack.column_mean(sim_on), stack.column_mean(sim_off)),
                title=t("enc.res.lines", lang),
                x_title=t("enc.stage", lang),
            )
            chart.chart(
                fig,
                key="enc_residual_mean",
                lang=lang,
                file_name=f"enc_residual_mean_{norm}_d{s.d_model}.csv",
            )
            sums, sublayers = ("mid", "out"), ("attn", "ffn")
            kept_on, kept_off = block.stage_mean(where, sim_on, sums), block.stage_mean(where, sim_off, sums)
            st.markdown(
                t(
                    "enc.res.explain",
                    lang,
                    on=kept_on,
                    off=kept_off,
                    sub=block.stage_mean(where, sim_on, sublayers),
                )
            )
    if part["alike"].open:
        with part["alike"], widgets.guard(lang):
            if len(tokens) < 2:
                st.caption(t("enc.res.one_token", lang))
                return
            on, off = (live.encoder_path(config, tokens, norm, keep) for keep in (True, False))
            alike_on, alike_off = block.token_alikeness(on), block.token_alikeness(off)
            left, right = st.columns([3, 2])
            with left:
                fig = on_off_lines(
                    stack.boundary_labels(n_layers, t("enc.pp.input", lang), t("enc.pp.after", lang)),
                    (alike_on, alike_off),
                    title=t("enc.res.alike.chart", lang),
                    x_title=t("enc.pp.stream", lang),
                )
                chart.chart(
                    fig,
                    key="enc_residual_alike",
                    lang=lang,
                    file_name=f"enc_token_alike_{norm}_d{s.d_model}.csv",
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
            if stack.converges(alike_on[-1]):
                notes.append(t("enc.res.collapse.both", lang))
            if norm == "post":
                pre_last = block.token_alikeness(live.encoder_path(config, tokens, "pre", True))[-1]
                if stack.clearly_below(pre_last, alike_on[-1]):
                    notes.append(t("enc.res.collapse.pre", lang, pre=pre_last))
            right.markdown(" ".join(notes))


# ---- 3. post-norm against pre-norm --------------------------------------------------------------------
def norm_section() -> None:
    st.write(t("enc.pp.intro", lang))
    left, right = st.columns(2)
    with left, widgets.guard(lang):
        sn = live.stack_norms(config, tokens)
        fig = figures.stage_lines(
            stack.boundary_labels(n_layers, t("enc.pp.input", lang), t("enc.pp.after", lang)),
            {t("enc.norm.post", lang): sn.post, t("enc.norm.pre", lang): sn.pre},
            bold=[t("enc.norm.post", lang), t("enc.norm.pre", lang)],
            title=t("enc.pp.act.chart", lang),
            x_title=t("enc.pp.stream", lang),
            y_title=t("enc.norm_axis", lang),
            hovertemplate=t("enc.norms.hover", lang),
        )
        chart.chart(
            fig,
            key="enc_pp_act",
            lang=lang,
            file_name=f"enc_post_pre_norms_layers{n_layers}_d{s.d_model}.csv",
        )
        growth = stack.ratio(sn.pre[-1], sn.pre[0])
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
    with right, widgets.guard(lang):
        if not block.gradient_ok(config):
            st.info(
                t(
                    "enc.pp.too_big",
                    lang,
                    params=block.gradient_params(config),
                    limit=block.GRADIENT_PARAM_LIMIT,
                )
            )
        else:
            steps = live.gradient_steps(config)
            fig = figures.grouped_bars(
                stack.layer_labels(n_layers, t("enc.pp.block", lang)),
                {t(f"enc.norm.{k}", lang): steps[k].norms for k in model.NORMS},
                title=t("enc.pp.grad.chart", lang),
                x_title=t("enc.pp.block", lang),
                y_title=t("enc.pp.grad_axis", lang),
                hovertemplate=t("enc.pp.grad.hover", lang),
            )
            chart.chart(
                fig,
                key="enc_pp_grad",
                lang=lang,
                file_name=f"enc_post_pre_gradients_layers{n_layers}_d{s.d_model}.csv",
            )
            if n_layers > 1:
                post, pre = (stack.ratio(steps[k].norms[-1], steps[k].norms[0]) for k in model.NORMS)
                notes = [
                    t(
                        "enc.pp.grad.explain",
                        lang,
                        post=stack.ratio_text(post),
                        pre=stack.ratio_text(pre),
                        loss_post=steps["post"].loss,
                        loss_pre=steps["pre"].loss,
                    )
                ]
                if stack.has_nan(post, pre):
                    notes.append(t("enc.pp.no_first", lang))
                elif stack.clearly_below(pre, post):
                    notes.append(t("enc.pp.grad.agrees", lang))
                else:
                    notes.append(t("enc.pp.grad.differs", lang))
                st.caption(" ".join(notes))
            else:
                st.caption(t("enc.pp.one_layer", lang))


# ---- 4. the decoder -----------------------------------------------------------------------------------
@shell.fragment
def decoder_section() -> None:
    st.write(t("enc.dec.intro", lang))
    notes_differ("llm", lang)
    target_text = st.text_input(
        t("enc.dec.target", lang),
        key="enc_target",
        persist_state=widgets.KEEP,
        **widgets.initial("enc_target", value=stack.TRANSLATIONS[EXAMPLES[0]]),
        help=t("enc.dec.target.help", lang),
    )
    got = embedding.tokenize(target_text, stack.TARGET_TOKENS)  # [BOS] takes the 48th place
    if got.cut:
        st.warning(t("att.cut", lang, n=stack.TARGET_TOKENS, chars=embedding.MAX_CHARS))
    if not got.tokens:
        st.caption(t("enc.dec.empty", lang))
    target = stack.decoder_tokens(block.BOS, got.tokens, embedding.MAX_TOKENS)
    target_labels = embedding.row_labels(target)
    with widgets.guard(lang):
        maps = live.decoder_maps(config, tokens, target, norm)
        shown = widgets.heads_window(s.heads, lang, key="enc_dec_first")
        size = figures.rows_height(len(target), base=120, per_row=14)
        for kind, keys, x_title in (
            ("self", target_labels, t("enc.dec.key_target", lang)),
            ("cross", labels, t("enc.dec.key_source", lang)),
        ):
            per_head = maps.self_weights if kind == "self" else maps.cross_weights
            fig = figures.heads_grid(
                [per_head[h] for h in shown],
                titles=[t("att.head_title", lang, h=h + 1) for h in shown],
                x_labels=keys,
                y_labels=target_labels,
                cols=4,
                title=t(f"enc.dec.{kind}.chart", lang, heads=s.heads),
                x_title=x_title,
                y_title=t("enc.dec.query", lang),
                colorbar_title=t("att.weight", lang),
                hovertemplate=t("att.hover", lang),
                panel_height=size,
            )
            chart.chart(
                fig,
                key=f"enc_dec_{kind}",
                lang=lang,
                file_name=f"enc_decoder_{kind}_d{s.d_model}_heads{shown[0] + 1}-{shown[-1] + 1}.csv",
            )
            if kind == "self":
                first = stack.first_self_weight(maps.self_weights)
                st.markdown(
                    t("enc.dec.self.explain", lang, leak=stack.above_diagonal(maps.self_weights), first=first)
                )
            else:
                notes_differ("cross", lang)
                st.markdown(t("enc.dec.cross.explain", lang, t=len(target), s=len(tokens)))
        st.caption(t("enc.dec.untrained", lang))


if not tokens:
    st.warning(t("att.empty", lang))
else:
    # Sections as tabs: only the open one runs and draws (viz.ui.sections).
    sec = sections.sections(
        "enc_section",
        {k: t(f"enc.{k}.title", lang) for k in ("path", "res", "pp", "dec")},
        lang=lang,
    )
    for name, section in (
        ("path", path_section),
        ("res", residual_section),
        ("pp", norm_section),
        ("dec", decoder_section),
    ):
        if sec[name].open:
            with sec[name]:
                section()
