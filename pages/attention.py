"""Attention heads: a small live PyTorch encoder, every head's attention map, masks and live training."""

from __future__ import annotations

import streamlit as st

from viz.encodings import embedding
from viz.i18n import t
from viz.model import encoder, model_cache, probe, train
from viz.ui import sections, shell, widgets
from viz.views import attention as views
from viz.views import attention_steps as steps
from viz.views import encoding as enc_views
from viz.views import training
from viz.views import windows as window_views

s = shell.page_shell()
lang = s.lang

st.title(t("att.title", lang))
st.write(t("att.intro", lang))

EXAMPLES = ("A dog ate the food because it was hungry", "I am good", "The cat chased the mouse")

# ---- the model's settings ------------------------------------------------------------------------------
shell.heads_warning(s, lang)


ATT_LAYERS = (1, 4)  # training time grows with depth; the Encoder block page stacks up to 6
c1, c2, c3, c4 = st.columns([2, 2, 2, 1])
with c1:
    n_layers = widgets.bounded_slider(
        t("att.layers", lang), *ATT_LAYERS, 1, key="att_layers", help=t("att.layers.help", lang)
    )
with c2:
    encoding = enc_views.position_signal_choice(key="att_encoding", lang=lang)
kv = views.kv_choice(s.heads, lang, c3)  # grouped-query attention: None is one KV head per query head
seed = int(c4.number_input(t("ui.att.seed", lang), 0, 9999, value=0, step=1, key="att_seed"))
config = encoder.ModelConfig(s.d_model, s.heads, n_layers, encoding, float(s.base), seed, kv_heads=kv)
st.info(t("att.dk", lang, heads=s.heads, d_model=s.d_model, d_k=s.d_k, layers=n_layers))
if kv is not None:
    st.caption(t("att.gqa.note", lang, heads=s.heads, kv=kv, group=s.heads // kv))
if config.rotary and s.d_k < 2:
    st.warning(t("ui.att.rope_dk1", lang, d_k=s.d_k))

source = widgets.choice(
    t("att.source", lang),
    ("sentence", "task"),
    key="att_source",
    lang=lang,
    format_func=lambda k: t(f"att.source.{k}", lang),
    radio=True,
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
        st.warning(t("ui.att.empty", lang))
    labels = embedding.row_labels(tokens) if tokens else []
    # Sections as tabs: only the open one runs and draws (viz.ui.sections).
    tabs = ("maps", "mask", "steps", "order", "window")
    titles = ("att.maps.title", "att.mask.title", "steps.title", "att.order.title", "win.title")
    sec = sections.sections(
        "att_section", {k: t(key, lang) for k, key in zip(tabs, titles, strict=True)}, lang=lang
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
                title = t("att.maps.chart", lang, layer=layer + 1, heads=s.heads, d_k=s.d_k)
                per_head = list(model_cache.layer_maps(config, tokens, layer))
                views.head_maps(per_head, labels, "att_maps", title, s.d_model, lang, s.heads // config.n_kv)
            st.markdown(t("att.maps.explain", lang))
            views.average_map(config, tokens, layer, lang)
            st.subheader(t("att.kv.heading", lang))
            views.kv_cache_table(config, lang)
        else:
            c1, c2 = st.columns([3, 1])
            with c1:
                task = widgets.choice(
                    t("train.task", lang),
                    train.TASKS,
                    key="att_task",
                    lang=lang,
                    format_func=lambda k: t(f"train.task.{k}", lang),
                )
            example_seed = int(
                c2.number_input(t("train.example_seed", lang), 0, 9999, value=0, step=1, key="att_ex")
            )
            st.caption(t(f"train.task.{task}.about", lang, n=train.SEQ_LEN))
            tcfg = train.TrainConfig(train.task_model_config(task, config), task)
            done = model_cache.trained_model(tcfg)
            b1, b2 = st.columns([1, 3])
            can_train = training.limits_note(tcfg, done, b2, lang)
            if b1.button(
                t("train.start", lang) if done is None else t("train.trained_already", lang),
                key="att_train",
                type="primary",
                disabled=done is not None or not can_train,
                icon=":material/model_training:",
            ):
                training.train_now(tcfg, b2, lang)
            if done is not None:
                training.outcome(done, b2, lang)
            # Which model this session looks at: its own choice, whoever trained the shared one.
            state, step = training.which_model(done, lang)
            final = done is not None and state == "trained" and step == done.history.steps[-1]
            replaying = done is not None and state == "trained" and not final
            shown_example = training.shown_example(example_seed, replaying, lang)
            ids, answers = train.example(task, shown_example)
            tokens = tuple(train.symbols(ids))
            labels = embedding.row_labels(tokens)
            layer = widgets.layer_choice(n_layers, lang, "att_task_layer")
            with widgets.guard(lang):
                maps, predicted = training.task_maps(tcfg, done, ids, shown_example, step, final, replaying)
                training.answers_table(task, tokens, answers, predicted, lang)
                title = t(
                    "train.task.chart",
                    lang,
                    layer=layer + 1,
                    state=training.state_text(state, step, replaying, lang),
                )
                views.head_maps(
                    maps[layer], labels, "att_task_maps", title, s.d_model, lang, s.heads // config.n_kv
                )
                st.markdown(t(f"train.task.{task}.explain", lang))
            if done is not None:
                h = done.history
                training.curve(h, task, step if state == "trained" else h.steps[-1], s.d_model, lang)


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
        maps, allowed = model_cache.padded_maps(config, first, second, mode)
        views.mask_squares(allowed, first, second, mode, lang)
        layer = widgets.layer_choice(n_layers, lang, "att_mask_layer")
        views.padded_heads(config, maps, allowed, first, second, mode, layer, lang)


# ---- 3. one head step by step ----------------------------------------------------------------------------
@shell.fragment
def step_by_step(tokens: tuple[str, ...]) -> None:
    """Q, K, V, Q Kᵀ, ÷ √d_k, + mask, softmax, · V, concat, · W_O for one head of a sentence."""
    if not tokens:
        st.info(t("steps.need", lang))
        return
    c1, c2, c3 = st.columns([2, 2, 2])
    with c1:
        head = widgets.bounded_slider(t("steps.head", lang), 1, s.heads, 1, key="att_step_head")
    with c2:
        layer = widgets.layer_choice(n_layers, lang, "att_step_layer")
    causal = c3.toggle(
        t("steps.causal", lang), value=False, key="att_step_causal", persist_state=widgets.KEEP
    )
    labels = embedding.row_labels(tokens)
    with widgets.guard(lang):
        st_ = model_cache.head_steps(config, tokens, layer, head, causal)
        view = views.step_view(st_.concat, st_.w_o, st_.out, st_.columns, s.d_k)
        st.write(t("steps.intro", lang, h=head, layer=layer + 1, d_k=s.d_k, d_model=s.d_model))
        # The steps in three tabs of their own: a head change redraws the few charts in view.
        part = sections.sections(
            "att_step_part",
            {k: t(f"steps.part.{k}", lang) for k in ("qkv", "scores", "out")},
            lang=lang,
        )
        if part["qkv"].open:
            with part["qkv"]:
                steps.projections(st_, view, labels, layer, head, s, config.rotary, lang)
        if part["scores"].open:
            with part["scores"]:
                steps.score_squares(st_, view, labels, layer, head, s, lang)
        if part["out"].open:
            with part["out"]:
                steps.head_output(st_, view, labels, layer, head, s, lang)


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
        views.word_order(config, tokens, shuffle, lang)


if source == "sentence":
    for name, section in (("mask", masks), ("steps", step_by_step), ("order", word_order)):
        if sec[name].open:
            with sec[name]:
                section(tokens)
    if sec["window"].open:
        with sec["window"]:
            window_views.section(config, tokens, lang)
else:
    st.info(t("att.sentence_only", lang))
