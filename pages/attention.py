"""Attention heads: a small live PyTorch encoder, every head's attention map, masks and live training."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import streamlit as st

from viz import embedding, export, figures, heads, model, probe, train
from viz.i18n import t
from viz.ui import chart, live, sections, shell, widgets
from viz.ui.notes import notes_differ
from viz.views import encoding as enc_views

s = shell.page_shell()
lang = s.lang

st.title(t("att.title", lang))
st.write(t("att.intro", lang))

EXAMPLES = ("A dog ate the food because it was hungry", "I am good", "The cat chased the mouse")
WEIGHT_HOVER = t("att.hover", lang)

# ---- the model's settings ------------------------------------------------------------------------------
shell.heads_warning(s, lang)


def enc_name(kind: str) -> str:
    return enc_views.encoding_name(kind, lang)


ATT_LAYERS = (1, 4)  # training time grows with depth; the Encoder block page stacks up to 6
c1, c2, c3 = st.columns([2, 2, 1])
with c1:
    n_layers = widgets.bounded_slider(
        t("att.layers", lang), *ATT_LAYERS, 1, key="att_layers", help=t("att.layers.help", lang)
    )
with c2:
    encoding = widgets.choice(
        t("att.encoding", lang),
        model.MODEL_ENCODINGS,
        key="att_encoding",
        lang=lang,
        format_func=enc_name,
        default=str(st.session_state.get("pe_kind", "sinusoidal")),
    )
seed = int(c3.number_input(t("att.seed", lang), 0, 9999, value=0, step=1, key="att_seed"))
config = model.ModelConfig(s.d_model, s.heads, n_layers, encoding, float(s.base), seed)
st.info(t("att.dk", lang, heads=s.heads, d_model=s.d_model, d_k=s.d_k, layers=n_layers))
if encoding == "rope" and s.d_k < 2:
    st.warning(t("att.rope_dk1", lang, d_k=s.d_k))

source = widgets.choice(
    t("att.source", lang),
    ("sentence", "task"),
    key="att_source",
    lang=lang,
    format_func=lambda k: t(f"att.source.{k}", lang),
    radio=True,
)


def draw_maps(per_head: Sequence[Any], labels: list[str], key: str, title: str) -> None:
    """One heatmap per head (per_head: heads x (T, T)) in a grid with one colour scale."""
    shown = widgets.heads_window(len(per_head), lang, key=f"{key}_first")
    fig = figures.heads_grid(
        [per_head[h] for h in shown],
        titles=[t("att.head_title", lang, h=h + 1) for h in shown],
        x_labels=labels,
        y_labels=labels,
        cols=4,
        title=title,
        x_title=t("att.key", lang),
        y_title=t("att.query", lang),
        colorbar_title=t("att.weight", lang),
        hovertemplate=WEIGHT_HOVER,
        panel_height=figures.rows_height(len(labels), base=120, per_row=14),
    )
    chart.chart(
        fig,
        key=f"{key}_grid",
        lang=lang,
        file_name=f"{key}_d{s.d_model}_heads{shown[0] + 1}-{shown[-1] + 1}_of{len(per_head)}.csv",
    )


tokens: tuple[str, ...] = ()
labels: list[str] = []
sec: dict[str, sections.Section] = {}
if source == "sentence":
    tokens = widgets.sentence_box(
        lang,
        prefix="att",
        examples=EXAMPLES,
        example_help=t("att.example.help", lang),
        sentence_help=t("att.sentence.help", lang, n=embedding.MAX_TOKENS),
    )
    if not tokens:
        st.warning(t("att.empty", lang))
    labels = embedding.row_labels(tokens) if tokens else []
    # Sections as tabs: only the open one runs and draws (viz.ui.sections).
    sec = sections.sections(
        "att_section",
        {k: t(f"att.{k}.title", lang) for k in ("maps", "mask", "steps", "order")},
        lang=lang,
    )
    first = sec["maps"]
else:
    st.subheader(t("att.maps.title", lang))
    first = sections.Section(st.container(), True)

# ---- 1. every head's map -------------------------------------------------------------------------------
if first.open:
    with first:
        if source == "sentence" and not tokens:
            st.info(t("att.maps.need", lang))
        elif source == "sentence":
            layer = widgets.layer_choice(n_layers, lang, "att_layer")
            with widgets.guard(lang):
                layer_weights = live.layer_maps(config, tokens, layer)
                draw_maps(
                    list(layer_weights),
                    labels,
                    "att_maps",
                    t("att.maps.chart", lang, layer=layer + 1, heads=s.heads, d_k=s.d_k),
                )
            st.markdown(t("att.maps.explain", lang))
            left, note = st.columns([3, 2])
            with left, widgets.guard(lang):
                avg = heads.average(layer_weights)
                fig = figures.matrix(
                    avg,
                    x_labels=labels,
                    y_labels=labels,
                    title=t("att.avg.chart", lang, layer=layer + 1, heads=s.heads),
                    x_title=t("att.key", lang),
                    y_title=t("att.query", lang),
                    hovertemplate=WEIGHT_HOVER,
                    text=figures.number_text(avg) if len(tokens) <= 12 else None,
                    zmin=0.0,
                    zmax=1.0,
                    colorscale="Blues",
                    height=figures.rows_height(len(tokens), base=200),
                )
                chart.chart(
                    fig,
                    key="att_avg",
                    lang=lang,
                    file_name=f"att_average_layer{layer + 1}_d{s.d_model}_h{s.heads}.csv",
                )
            note.markdown(t("att.avg.explain", lang))
        else:
            c1, c2 = st.columns([3, 1])
            with c1:
                task = widgets.choice(
                    t("att.task", lang),
                    train.TASKS,
                    key="att_task",
                    lang=lang,
                    format_func=lambda k: t(f"att.task.{k}", lang),
                )
            example_seed = int(
                c2.number_input(t("att.example_seed", lang), 0, 9999, value=0, step=1, key="att_ex")
            )
            st.caption(t(f"att.task.{task}.about", lang, n=train.SEQ_LEN))
            tcfg = train.TrainConfig(train.task_model_config(task, config), task)
            done = live.trained_model(tcfg)
            can_train = train.trainable(tcfg.model)
            blind = train.unlearnable(tcfg.model)
            b1, b2 = st.columns([1, 3])
            if not can_train:
                b2.info(
                    t(
                        "att.too_big",
                        lang,
                        params=f"{train.param_count(tcfg.model):,}",
                        limit=f"{train.TRAIN_PARAM_LIMIT:,}",
                    )
                )
            elif blind is not None and done is None:
                b2.info(
                    t(f"att.unlearnable.{blind}", lang)
                    + " "
                    + t("att.unlearnable.short", lang, steps=train.UNLEARNABLE_STEPS)
                )
            if b1.button(
                t("att.train", lang) if done is None else t("att.trained_already", lang),
                key="att_train",
                type="primary",
                disabled=done is not None or not can_train,
                icon=":material/model_training:",
            ):
                bar = b2.progress(0.0, text=t("att.training", lang))

                def report(step: int, total: int, history: train.History) -> None:
                    bar.progress(
                        heads.fraction(step, total),
                        text=t(
                            "att.progress",
                            lang,
                            step=step,
                            total=total,
                            loss=f"{history.loss[-1]:.3f}",
                            acc=f"{history.accuracy[-1]:.1%}",
                            sec=f"{history.seconds:.0f}",
                            limit=f"{history.time_limit:.0f}",
                        ),
                    )

                with widgets.guard(lang):
                    live.train_model(tcfg, report)
                    st.rerun()  # draw the page again with the trained model (and the button as "Trained")
                bar.empty()
            if done is not None:
                h = done.history
                if h.stop == "target":
                    b2.success(
                        t(
                            "att.reached",
                            lang,
                            acc=f"{h.final_accuracy:.1%}",
                            steps=h.reached_at,
                            sec=f"{h.seconds:.1f}",
                        )
                    )
                elif h.stop == "time":
                    b2.warning(
                        t(
                            "att.stopped_time",
                            lang,
                            sec=f"{h.time_limit:g}",
                            steps=h.steps[-1],
                            acc=f"{h.final_accuracy:.1%}",
                            target=f"{train.TARGET_ACCURACY:.0%}",
                        )
                    )
                elif h.stop == "unlearnable" and blind is not None:
                    b2.warning(
                        t("att.stopped_unlearnable", lang, steps=h.steps[-1], acc=f"{h.final_accuracy:.1%}")
                        + " "
                        + t(f"att.unlearnable.{blind}", lang)
                    )
                else:
                    why = "rope" if encoding == "rope" else "other"
                    b2.warning(
                        t(
                            "att.not_reached",
                            lang,
                            acc=f"{h.final_accuracy:.1%}",
                            steps=h.steps[-1],
                            target=f"{train.TARGET_ACCURACY:.0%}",
                        )
                        + " "
                        + t(f"att.why.{why}", lang)
                    )
            # Which model this session looks at: its own choice, whoever trained the shared one.
            state = "untrained"
            step = 0
            if done is not None:
                h = done.history
                state = widgets.choice(
                    t("att.model_state", lang),
                    ("untrained", "trained"),
                    key="att_model_state",
                    lang=lang,
                    format_func=lambda k: t(f"att.state.{k}", lang),
                    radio=True,
                    default="trained",
                )
                if state == "trained":
                    step = h.steps[-1]
                    if len(h.snapshots) > 1:
                        recorded = [snap.step for snap in h.snapshots]
                        if st.session_state.get("att_replay") not in recorded:  # another run's step
                            st.session_state["att_replay"] = recorded[-1]
                        step = int(
                            st.select_slider(
                                t("att.replay", lang),
                                options=recorded,
                                key="att_replay",
                                help=t("att.replay.help", lang, n=len(recorded)),
                            )
                        )
            final = done is not None and state == "trained" and step == done.history.steps[-1]
            replaying = done is not None and state == "trained" and not final
            shown_example = example_seed
            if replaying and example_seed >= train.REPLAY_EXAMPLES:
                shown_example = 0
                st.caption(t("att.replay.example", lang, n=train.REPLAY_EXAMPLES, asked=example_seed))
            ids, answers = train.example(task, shown_example)
            tokens = tuple(train.symbols(ids))
            labels = embedding.row_labels(tokens)
            layer = widgets.layer_choice(n_layers, lang, "att_task_layer")
            with widgets.guard(lang):
                if done is not None and replaying:
                    snap = done.history.snapshot_at(step)
                    maps, predicted = snap.maps[shown_example], snap.answers[shown_example]
                else:
                    net = done.model if (done is not None and final) else live.live_model(tcfg.model)
                    maps, predicted = probe.token_maps(net, ids)
                st.dataframe(
                    {
                        t("att.col.position", lang): list(range(len(tokens))),
                        t("att.col.input", lang): list(tokens),
                        t("att.col.answer", lang): train.answer_labels(task, answers),
                        t("att.col.model", lang): train.answer_labels(task, predicted),
                    },
                    hide_index=True,
                    width="stretch",
                )
                st.caption(t("att.right", lang, right=heads.correct(predicted, answers), n=len(answers)))
                state_text = t(f"att.state.{state}", lang)
                if replaying:
                    state_text = t("att.state.step", lang, step=step)
                draw_maps(
                    maps[layer],
                    labels,
                    "att_task_maps",
                    t("att.task.chart", lang, layer=layer + 1, state=state_text),
                )
                st.markdown(t(f"att.task.{task}.explain", lang))
            if done is not None:
                h = done.history
                steps_, loss_, acc_ = h.upto(step if state == "trained" else h.steps[-1])
                left, note = st.columns([5, 2])
                with left:
                    fig = figures.lines(
                        steps_,
                        {t("att.curve.acc", lang): acc_},
                        y2={t("att.curve.loss", lang): loss_},
                        y2_title=t("att.curve.loss", lang),
                        title=t("att.curve.chart", lang, task=t(f"att.task.{task}", lang)),
                        x_title=t("att.curve.step", lang),
                        y_title=t("att.curve.acc", lang),
                        mode="lines+markers",
                        hovertemplate=t("att.curve.hover", lang),
                        height=340,
                    )
                    chart.chart(
                        fig, key="att_curve", lang=lang, file_name=f"att_training_{task}_d{s.d_model}.csv"
                    )
                note.markdown(
                    t(
                        "att.curve.explain",
                        lang,
                        target=f"{train.TARGET_ACCURACY:.0%}",
                        every=train.EVAL_EVERY,
                        steps=train.MAX_STEPS,
                        sec=f"{train.TIME_LIMIT_S:.0f}",
                    )
                )


# ---- 2. masks --------------------------------------------------------------------------------------------
@shell.fragment
def masks(first: tuple[str, ...]) -> None:
    """A batch of two sentences, the shorter padded, under each mask."""
    st.write(t("att.mask.intro", lang))
    c1, c2 = st.columns([3, 2])
    other = c1.text_input(
        t("att.mask.second", lang),
        value=EXAMPLES[1],
        key="att_mask_text",
        persist_state=widgets.KEEP,
        help=t("att.mask.second.help", lang),
    )
    with c2:
        mode = widgets.choice(
            t("att.mask.mode", lang),
            probe.MASK_MODES,
            key="att_mask_mode",
            lang=lang,
            format_func=lambda k: t(f"att.mask.{k}", lang),
            radio=True,
            default="padding",
        )
    second = embedding.tokenize(other).tokens
    widgets.chars_cut_note(other, lang)
    if not first or not second:
        st.warning(t("att.mask.need_two", lang))
        return
    with widgets.guard(lang):
        maps, allowed = live.padded_maps(config, first, second, mode)
        longest = max(len(first), len(second))
        rows = [embedding.row_labels(heads.padded(seq, longest)) for seq in (first, second)]
        panels = st.columns([2, 2, 2])
        for i, seq in enumerate((first, second)):
            with panels[i]:
                fig = figures.matrix(
                    allowed[i],
                    x_labels=rows[i],
                    y_labels=rows[i],
                    title=t("att.mask.row", lang, i=i + 1, n=len(seq), pad=heads.pad_count(seq, longest)),
                    x_title=t("att.key", lang),
                    y_title=t("att.query", lang),
                    hovertemplate=t("att.mask.hover", lang),
                    zmin=0.0,
                    zmax=1.0,
                    colorscale="Greens",
                    height=figures.rows_height(longest, base=200, per_row=22),
                )
                chart.chart(
                    fig,
                    key=f"att_mask_matrix_{i}",
                    lang=lang,
                    file_name=f"att_mask_{mode}_sentence{i + 1}.csv",
                )
        note = panels[2]
        note.markdown(t(f"att.mask.{mode}.explain", lang))
        which = 1 if len(second) <= len(first) else 0  # the padded (shorter) sentence
        layer = widgets.layer_choice(n_layers, lang, "att_mask_layer")
        draw_maps(
            maps[layer][which],
            rows[which],
            "att_mask_maps",
            t(
                "att.mask.maps" if len(first) != len(second) else "att.mask.maps_equal",
                lang,
                i=which + 1,
                layer=layer + 1,
                mode=t(f"att.mask.{mode}", lang),
            ),
        )
        st.markdown(t("att.mask.maps.explain", lang, pad=heads.PAD))
        empty = probe.empty_rows(allowed[which])
        if empty:  # a query with no key to attend to: show that its output is 0, not NaN
            outputs = live.padded_outputs(config, first, second, mode, layer)[which]  # (heads, T, d_k)
            z = outputs[0][:, : heads.SHOWN_COLUMNS]  # head 1, the first columns
            left, note = st.columns([3, 2])
            with left:
                fig = figures.matrix(
                    z,
                    x_labels=[str(j) for j in range(z.shape[1])],
                    y_labels=rows[which],
                    title=t("att.mask.z", lang, i=which + 1, layer=layer + 1, shown=z.shape[1], d_k=s.d_k),
                    x_title=t("chart.dimension", lang),
                    y_title=t("att.query", lang),
                    hovertemplate=t("att.steps.hover", lang),
                    text=figures.number_text(z, digits=2),
                    height=figures.rows_height(longest, base=200, per_row=22),
                )
                chart.chart(fig, key="att_mask_z", lang=lang)
            note.markdown(
                t(
                    "att.mask.empty.explain",
                    lang,
                    rows=", ".join(str(i) for i in empty),
                    largest=f"{float(abs(outputs[:, list(empty)]).max()):g}",  # "nan" if it were NaN
                )
            )


# ---- 3. one head step by step ----------------------------------------------------------------------------
@shell.fragment
def step_by_step(tokens: tuple[str, ...]) -> None:
    """Q, K, V, Q Kᵀ, ÷ √d_k, + mask, softmax, · V, concat, · W_O for one head of a sentence."""
    if not tokens:
        st.info(t("att.steps.need", lang))
        return
    c1, c2, c3 = st.columns([2, 2, 2])
    with c1:
        head = widgets.bounded_slider(t("att.steps.head", lang), 1, s.heads, 1, key="att_step_head")
    with c2:
        layer = widgets.layer_choice(n_layers, lang, "att_step_layer")
    causal = c3.toggle(
        t("att.steps.causal", lang), value=False, key="att_step_causal", persist_state=widgets.KEEP
    )
    labels = embedding.row_labels(tokens)
    with widgets.guard(lang):
        st_ = live.head_steps(config, tokens, layer, head, causal)
        view = heads.step_view(st_.concat, st_.w_o, st_.out, st_.columns, s.d_k)
        st.write(t("att.steps.intro", lang, h=head, layer=layer + 1, d_k=s.d_k, d_model=s.d_model))
        hover = t("att.steps.hover", lang)
        # The steps in three tabs of their own: a head change redraws the few charts in view.
        part = sections.sections(
            "att_step_part",
            {k: t(f"att.steps.part.{k}", lang) for k in ("qkv", "scores", "out")},
            lang=lang,
        )
        if part["qkv"].open:
            with part["qkv"]:
                cells = [*st.columns(2), *st.columns(2)]  # Q, K / V, and the note on what follows
                projections = (("Q = X·W_Q", st_.q), ("K = X·W_K", st_.k), ("V = X·W_V", st_.v))
                for col, (name, values) in zip(cells, projections, strict=False):
                    with col:
                        shown = view.columns(values)
                        fig = figures.matrix(
                            shown,
                            x_labels=view.dims,
                            y_labels=labels,
                            title=t("att.steps.proj", lang, name=name),
                            x_title=t("chart.dimension", lang),
                            hovertemplate=hover,
                            text=figures.number_text(shown, digits=1) if view.annotate else None,
                            height=view.height,
                        )
                        chart.chart(
                            fig,
                            key=f"att_step_{name[0]}",
                            lang=lang,
                            file_name=f"att_step_{name[0]}_layer{layer + 1}_head{head}_dk{s.d_k}.csv",
                        )
                cells[3].markdown(t("att.steps.qkv_note", lang, d_k=s.d_k))
                if encoding == "rope":
                    cells[3].caption(t("att.steps.rope", lang))
                if view.cut:
                    st.caption(t("att.steps.cut", lang, shown=len(view.dims), d_k=s.d_k))
        if part["scores"].open:
            with part["scores"]:
                square_cols = [*st.columns(2), *st.columns(2)]
                pair_corner = export.corner(t("att.query", lang), t("att.key", lang))
                squares = (
                    ("scores", st_.scores, t("att.steps.scores", lang), None),
                    ("scaled", st_.scaled, t("att.steps.scaled", lang, d_k=s.d_k), None),
                    ("masked", st_.masked, t("att.steps.masked", lang), None),
                    ("weights", st_.weights, t("att.steps.weights", lang), "Blues"),
                )
                for col, (key, values, title, scale) in zip(square_cols, squares, strict=True):
                    digits = 1 if key == "scores" else 2  # unscaled scores reach two-digit sizes
                    with col:
                        fig = figures.matrix(
                            values,
                            x_labels=labels,
                            y_labels=labels,
                            title=title,
                            x_title=t("att.key", lang),
                            hovertemplate=t("att.steps.pair_hover", lang),
                            masked_hover=t("att.steps.masked_hover", lang),
                            text=figures.number_text(values, digits=digits) if view.annotate else None,
                            zmin=0.0 if scale else None,
                            zmax=1.0 if scale else None,
                            colorscale=scale,
                            height=view.height,
                        )
                        chart.chart(
                            fig,
                            key=f"att_step_{key}",
                            lang=lang,
                            # the values themselves: the masked square's -inf cells are gaps in the chart
                            csv=partial(
                                export.matrix_csv, values, corner=pair_corner, rows=labels, cols=labels
                            ),
                            file_name=f"att_step_{key}_layer{layer + 1}_head{head}_dk{s.d_k}.csv",
                        )
                st.caption(t("att.steps.squares", lang, d_k=s.d_k, root=view.root))
        if part["out"].open:
            with part["out"]:
                left, right = st.columns([2, 3])
                with left:
                    fig = figures.matrix(
                        view.columns(st_.z),
                        x_labels=view.dims,
                        y_labels=labels,
                        title=t("att.steps.z", lang, h=head),
                        x_title=t("chart.dimension", lang),
                        hovertemplate=hover,
                        text=figures.number_text(view.columns(st_.z), digits=1) if view.annotate else None,
                        height=view.height,
                    )
                    chart.chart(
                        fig,
                        key="att_step_z",
                        lang=lang,
                        file_name=f"att_step_z_layer{layer + 1}_head{head}_d{s.d_model}.csv",
                    )
                with right:
                    fig = figures.matrix(
                        view.concat,
                        x_labels=view.concat_dims,
                        y_labels=labels,
                        title=t("att.steps.concat", lang, heads=s.heads, d_model=s.d_model, h=head),
                        x_title=t("att.steps.concat_x", lang),
                        hovertemplate=hover,
                        height=view.height,
                        highlight=view.head_block,
                    )
                    chart.chart(
                        fig,
                        key="att_step_concat",
                        lang=lang,
                        file_name=f"att_step_concat_layer{layer + 1}_head{head}_d{s.d_model}.csv",
                    )
                notes_differ("mha_concat", lang)  # note 004 says the heads' results are added
                left, right = st.columns([1, 1])
                with left:
                    fig = figures.matrix(
                        view.w_o,
                        x_labels=view.w_o_cols,
                        y_labels=view.w_o_rows,
                        title=t("att.steps.w_o", lang, d_model=s.d_model),
                        x_title=t("att.steps.w_o_x", lang),
                        y_title=t("att.steps.w_o_y", lang),
                        hovertemplate=t("att.steps.w_o_hover", lang),
                        height=420,
                    )
                    chart.chart(
                        fig,
                        key="att_step_wo",
                        lang=lang,
                        file_name=f"att_step_wo_layer{layer + 1}_head{head}_d{s.d_model}.csv",
                    )
                with right:
                    fig = figures.matrix(
                        view.out,
                        x_labels=view.out_dims,
                        y_labels=labels,
                        title=t("att.steps.out", lang),
                        x_title=t("chart.dimension", lang),
                        hovertemplate=hover,
                        height=view.height,
                    )
                    chart.chart(
                        fig,
                        key="att_step_out",
                        lang=lang,
                        file_name=f"att_step_out_layer{layer + 1}_head{head}_d{s.d_model}.csv",
                    )
                if view.strided:
                    st.caption(t("att.steps.strided", lang, d_model=s.d_model, shown=len(view.w_o_cols)))
                st.markdown(t("att.steps.explain", lang))


# ---- 4. word order -------------------------------------------------------------------------------------
@shell.fragment
def word_order(tokens: tuple[str, ...]) -> None:
    """Shuffle the sentence and compare the outputs with and without a position signal."""
    if len(tokens) < 2:
        st.info(t("att.order.need", lang))
        return
    box = st.columns(3)[0]
    shuffle = int(
        box.number_input(
            t("att.order.seed", lang),
            0,
            9999,
            value=0,
            step=1,
            key="att_order_seed",
            persist_state=widgets.KEEP,
        )
    )
    with widgets.guard(lang):
        with_pe = live.order_test(config, tokens, shuffle)
        without = live.order_test(config, tokens, shuffle, use_position=False)  # the same weights
        shuffled = [tokens[i] for i in with_pe.permutation]
        st.text(t("att.order.sentences", lang, a=" ".join(tokens), b=" ".join(shuffled)))
        names = {
            "none": enc_name(model.NO_ENCODING),
            "with": t("att.order.with", lang, enc=enc_name(encoding)),
        }
        if encoding == model.NO_ENCODING:
            st.info(t("att.order.pick", lang))
        left, note = st.columns([3, 2])
        with left:
            fig = figures.grouped_bars(
                embedding.row_labels(shuffled),
                {
                    names["none"]: heads.log_floor(without.difference),
                    names["with"]: heads.log_floor(with_pe.difference),
                },
                title=t("att.order.chart", lang),
                x_title=t("att.order.x", lang),
                y_title=t("att.order.y", lang),
                hovertemplate=t("att.order.hover", lang),
                y_log=True,
                height=400,
            )
            chart.chart(fig, key="att_order", lang=lang, file_name=f"att_word_order_shuffle{shuffle}.csv")
        with note:
            moved = heads.order_moves(with_pe.relative)
            st.markdown(
                t(
                    "att.order.measured" if moved else "att.order.measured_same",
                    lang,
                    none=f"{without.largest:.1e}",
                    none_w=f"{without.weights_difference:.1e}",
                    with_=f"{with_pe.largest:.3g}",
                    with_w=f"{with_pe.weights_difference:.3g}",
                    enc=enc_name(encoding),
                )
            )
            st.markdown(t("att.order.explain", lang))


if source == "sentence":
    for name, section in (("mask", masks), ("steps", step_by_step), ("order", word_order)):
        if sec[name].open:
            with sec[name]:
                section(tokens)
else:
    st.info(t("att.sentence_only", lang))
