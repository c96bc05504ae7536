"""The Attention heads page's training section: what stops a model from training or learning, training
with a progress bar, how the run ended, the replay of its recorded steps, the task example's answers,
and the training curve."""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from viz import figures
from viz.encodings import embedding
from viz.i18n import t
from viz.model import encoder, model_cache, probe, train
from viz.state.settings import Settings
from viz.ui import layout, widgets
from viz.ui.chart import chart
from viz.ui.chart import table as chart_table
from viz.views.heads import head_maps


def fraction(step: int, total: int) -> float:
    """How far along a progress bar is, in [0, 1]."""
    return min(max(step / total, 0.0), 1.0) if total > 0 else 1.0


def limits_note(
    tcfg: train.TrainConfig, done: train.Trained | None, place: DeltaGenerator, lang: str
) -> bool:
    """Say in ``place`` why this model cannot be trained, or (not trained yet) cannot learn the tasks;
    return whether it can be trained."""
    can_train = train.trainable(tcfg.model)
    blind = train.unlearnable(tcfg.model)
    if not can_train:
        place.info(
            t(
                "train.too_big",
                lang,
                params=f"{train.param_count(tcfg.model):,}",
                limit=f"{train.TRAIN_PARAM_LIMIT:,}",
            )
        )
    elif blind is not None and done is None:
        place.info(
            t(f"train.unlearnable.{blind}", lang)
            + " "
            + t("train.unlearnable.short", lang, steps=train.UNLEARNABLE_STEPS)
        )
    return can_train


def train_now(tcfg: train.TrainConfig, place: DeltaGenerator, lang: str) -> None:
    """Train the shared model for ``tcfg`` with a progress bar in ``place``, then draw the page again
    with the trained model (and the button as "Trained")."""
    bar = place.progress(0.0, text=t("train.running", lang))

    def report(step: int, total: int, history: train.History) -> None:
        bar.progress(
            fraction(step, total),
            text=t(
                "train.progress",
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
        model_cache.train_model(tcfg, report)
        st.rerun()
    bar.empty()


def outcome(done: train.Trained, place: DeltaGenerator, lang: str) -> None:
    """How the run ended, in ``place``: target reached, out of time, cannot learn, or short of the target
    (and why, for RoPE)."""
    h = done.history
    model_config = done.config.model
    blind = train.unlearnable(model_config)
    if h.stop == "target":
        place.success(
            t(
                "train.reached",
                lang,
                acc=f"{h.final_accuracy:.1%}",
                steps=h.reached_at,
                sec=f"{h.seconds:.1f}",
            )
        )
    elif h.stop == "time":
        place.warning(
            t(
                "train.stopped_time",
                lang,
                sec=f"{h.time_limit:g}",
                steps=h.steps[-1],
                acc=f"{h.final_accuracy:.1%}",
                target=f"{train.TARGET_ACCURACY:.0%}",
            )
        )
    elif h.stop == "unlearnable" and blind is not None:
        place.warning(
            t("train.stopped_unlearnable", lang, steps=h.steps[-1], acc=f"{h.final_accuracy:.1%}")
            + " "
            + t(f"train.unlearnable.{blind}", lang)
        )
    else:
        why = "rope" if model_config.rotary else "other"
        place.warning(
            t(
                "train.not_reached",
                lang,
                acc=f"{h.final_accuracy:.1%}",
                steps=h.steps[-1],
                target=f"{train.TARGET_ACCURACY:.0%}",
            )
            + " "
            + t(f"train.why.{why}", lang)
        )


def which_model(done: train.Trained | None, lang: str) -> tuple[str, int]:
    """Which model this session looks at ("untrained" or "trained", picked once a model is trained) and
    the step of its run: the last one, or the one picked on the replay slider when the run recorded
    several. Untrained: step 0."""
    if done is None:
        return "untrained", 0
    state = widgets.choice(
        t("train.model_state", lang),
        ("untrained", "trained"),
        key="att_model_state",
        lang=lang,
        format_func=lambda k: t(f"train.state.{k}", lang),
        radio=True,
        default="trained",
    )
    if state != "trained":
        return state, 0
    h = done.history
    if len(h.snapshots) <= 1:
        return state, h.steps[-1]
    recorded = [snap.step for snap in h.snapshots]
    if st.session_state.get("att_replay") not in recorded:  # another run's step
        st.session_state["att_replay"] = recorded[-1]
    picked = st.select_slider(
        t("train.replay", lang),
        options=recorded,
        key="att_replay",
        help=t("train.replay.help", lang, n=len(recorded)),
    )
    return state, int(picked)


def shown_example(asked: int, replaying: bool, lang: str) -> int:
    """The example to show: the one asked for, or the first when a replay recorded only the first
    REPLAY_EXAMPLES (saying so)."""
    if replaying and asked >= train.REPLAY_EXAMPLES:
        st.caption(t("train.replay.example", lang, n=train.REPLAY_EXAMPLES, asked=asked))
        return 0
    return asked


def task_maps(
    tcfg: train.TrainConfig,
    done: train.Trained | None,
    ids: np.ndarray,
    example: int,
    step: int,
    final: bool,
    replaying: bool,
) -> tuple[np.ndarray, np.ndarray]:
    """Every layer's maps (layers, heads, T, T) and the answers (T,) for the example ``ids``: recorded at
    ``step`` of the run while replaying, else from the trained model (``final``) or the untrained one."""
    if done is not None and replaying:
        snap = done.history.snapshot_at(step)
        return snap.maps[example], snap.answers[example]
    net = done.model if (done is not None and final) else model_cache.live_model(tcfg.model)
    return probe.token_maps(net, ids)


def answers_table(
    task: train.Task, tokens: tuple[str, ...], answers: np.ndarray, predicted: np.ndarray, lang: str
) -> None:
    """Each position's input, the right answer and the model's, and how many it got right."""
    chart_table.grid(
        pd.DataFrame(
            {
                t("train.col.position", lang): list(range(len(tokens))),
                t("train.col.input", lang): list(tokens),
                t("train.col.answer", lang): train.answer_labels(task, answers),
                t("train.col.model", lang): train.answer_labels(task, predicted),
            }
        )
    )
    st.caption(t("train.right", lang, right=train.correct(predicted, answers), n=len(answers)))


def state_text(state: str, step: int, replaying: bool, lang: str) -> str:
    """Which model the maps come from, for the chart's title."""
    return t("train.state.step", lang, step=step) if replaying else t(f"train.state.{state}", lang)


def curve(h: train.History, task: train.Task, upto: int, d_model: int, lang: str) -> None:
    """Accuracy and loss up to step ``upto`` of the run, with the note on when training stops."""
    steps_, loss_, acc_ = h.upto(upto)
    left, note = st.columns([5, 2])
    with left:
        fig = figures.lines(
            steps_,
            {t("train.curve.acc", lang): acc_},
            y2={t("train.curve.loss", lang): loss_},
            y2_title=t("train.curve.loss", lang),
            title=t("train.curve.chart", lang, task=t(f"train.task.{task}", lang)),
            x_title=t("train.curve.step", lang),
            y_title=t("train.curve.acc", lang),
            mode="lines+markers",
            hovertemplate=t("train.curve.hover", lang),
            height=340,
        )
        chart(fig, key="att_curve", lang=lang, file_name=f"att_training_{task}_d{d_model}.csv")
    note.markdown(
        t(
            "train.curve.explain",
            lang,
            target=f"{train.TARGET_ACCURACY:.0%}",
            every=train.EVAL_EVERY,
            steps=train.MAX_STEPS,
            sec=f"{train.TIME_LIMIT_S:.0f}",
        )
    )


def task_section(config: encoder.ModelConfig, s: Settings, row: layout.Row, lang: str) -> None:
    """The attention page's toy task: the task, the example and the training run beside the maps of the
    model (untrained, trained, or a step of its run), then the answers and the training curve."""
    n_layers = config.n_layers
    main, side = row.main, row.side
    with side:
        task = widgets.choice(
            t("train.task", lang),
            train.TASKS,
            key="att_task",
            lang=lang,
            format_func=lambda k: t(f"train.task.{k}", lang),
        )
        example_seed = int(
            st.number_input(t("train.example_seed", lang), 0, 9999, value=0, step=1, key="att_ex")
        )
        st.caption(t(f"train.task.{task}.about", lang, n=train.SEQ_LEN))
    tcfg = train.TrainConfig(train.task_model_config(task, config), task)
    done = model_cache.trained_model(tcfg)
    b1 = b2 = side
    can_train = limits_note(tcfg, done, b2, lang)
    if b1.button(
        t("train.start", lang) if done is None else t("train.trained_already", lang),
        key="att_train",
        type="primary",
        disabled=done is not None or not can_train,
        icon=":material/model_training:",
    ):
        train_now(tcfg, b2, lang)
    if done is not None:
        outcome(done, b2, lang)
    # Which model this session looks at: its own choice, whoever trained the shared one.
    with side:
        state, step = which_model(done, lang)
    final = done is not None and state == "trained" and step == done.history.steps[-1]
    replaying = done is not None and state == "trained" and not final
    with side:
        example_index = shown_example(example_seed, replaying, lang)
    ids, answers = train.example(task, example_index)
    tokens = tuple(train.symbols(ids))
    labels = embedding.row_labels(tokens)
    with side:
        layer = widgets.layer_choice(n_layers, lang, "att_task_layer")
    with main, widgets.guard(lang):
        maps, predicted = task_maps(tcfg, done, ids, example_index, step, final, replaying)
        title = t(
            "train.task.chart",
            lang,
            layer=layer + 1,
            state=state_text(state, step, replaying, lang),
        )
        head_maps(maps[layer], labels, "att_task_maps", title, s.d_model, lang, s.heads // config.n_kv)
    with side:
        st.markdown(t(f"train.task.{task}.explain", lang))
    with widgets.guard(lang):
        answers_table(task, tokens, answers, predicted, lang)
    if done is not None:
        h = done.history
        curve(h, task, step if state == "trained" else h.steps[-1], s.d_model, lang)
