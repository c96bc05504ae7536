"""The Real models page's sixth tab: SmolLM2 writes on after the visitor's text, one token at a time
(viz.pretrained.generate), with the settings that shape each choice, the tokens written as a strip to
pick a step from, and that step's probabilities and attention."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import streamlit as st

from viz import figures, pretrained
from viz.figures import export
from viz.i18n import t
from viz.pretrained import generate, tokens
from viz.pretrained.generate import MAX_NEW, Settings, Step
from viz.pretrained.tokens import Pieces
from viz.state.params import SEED_MAX
from viz.ui import widgets
from viz.ui.chart import chart

KEY = "smollm2"
#: Tokens written on a first visit: enough to read as a phrase, ~0.6 s of CPU the first time.
DEFAULT_N = 6
#: New tokens a session may ask for in a minute (~0.1 s of CPU each): a class of forty pressing away
#: stays within what two cores can write, and a script looping over links gets a message, not the CPU.
RATE = 120
WINDOW_S = 60.0
#: The progress bar shows only once writing takes longer than this (cached steps take microseconds).
PROGRESS_AFTER_S = 0.25
#: Session State: how many steps the running generation has finished (what Stop keeps).
DONE = "gen_done"
#: Candidates the bars show (the CSV has all of generate.SHOWN): beyond a dozen they are too thin to see.
BARS = 12


def _more() -> None:
    st.session_state["gen_n"] = min(int(st.session_state.get("gen_n", DEFAULT_N)) + 1, MAX_NEW)


def _stop() -> None:
    st.session_state["gen_n"] = int(st.session_state.get(DONE, 0))


def controls(lang: str, container: Any) -> tuple[Settings, int]:
    """The settings and how many tokens to write, drawn in ``container`` (the tab's side column): the
    count first, as it moves most (its buttons are over the text: :func:`buttons`)."""
    with container:
        return _controls(lang)


def _controls(lang: str) -> tuple[Settings, int]:
    n = widgets.bounded_slider(
        t("gen.n", lang), 0, MAX_NEW, DEFAULT_N, key="gen_n", help=t("gen.n.help", lang, max=MAX_NEW)
    )
    mode = widgets.choice(
        t("gen.mode", lang),
        generate.MODES,
        key="gen_mode",
        lang=lang,
        format_func=lambda m: t(f"gen.mode.{m}", lang),
        radio=True,
    )
    sampling = mode == "sample"  # greedy writing reads none of the sampling settings
    temperature = widgets.float_slider(
        t("gen.temperature", lang),
        0.1,
        3.0,
        0.1,
        Settings.temperature,
        "gen_temp",
        t("gen.temperature.help", lang),
        disabled=not sampling,
    )
    top_k = widgets.bounded_slider(
        t("gen.top_k", lang),
        0,
        100,
        Settings.top_k,
        key="gen_topk",
        help=t("gen.top_k.help", lang),
        disabled=not sampling,
    )
    top_p = widgets.float_slider(
        t("gen.top_p", lang),
        0.05,
        1.0,
        0.05,
        Settings.top_p,
        "gen_topp",
        t("gen.top_p.help", lang),
        disabled=not sampling,
    )
    seed = st.number_input(
        t("gen.seed", lang),
        0,
        SEED_MAX,
        step=1,
        key="gen_seed",
        help=t("gen.seed.help", lang),
        disabled=not sampling,
        **widgets.initial("gen_seed", value=Settings.seed),
    )
    settings = Settings(mode, round(temperature, 2), top_k, round(top_p, 2), int(seed or 0))
    if not sampling:  # one generation for every setting it ignores: shared, and cached once
        settings = Settings("top", 1.0, 0, 1.0, 0)
    return settings, n


def _allowed(prompt: tuple[int, ...], settings: Settings, n: int, lang: str) -> int:
    """``n``, or fewer when this session has asked for :data:`RATE` new tokens in the last minute (a
    message says so). Tokens this session was already shown for the same text and settings are free."""
    seen: dict[tuple[object, ...], int] = st.session_state.setdefault("gen_seen", {})
    asked: list[tuple[float, int]] = st.session_state.setdefault("gen_asked", [])
    now = time.monotonic()
    asked[:] = [(when, count) for when, count in asked if now - when < WINDOW_S]
    key = (prompt, settings)
    before = seen.get(key, 0)
    new = max(0, n - before)
    room = RATE - sum(count for _, count in asked)
    if new > room:
        new = max(0, room)
        wait = math.ceil(WINDOW_S - (now - asked[0][0])) if asked else 1
        st.warning(t("gen.rate", lang, rate=RATE, n=before + new, wait=wait))
    if new:
        asked.append((now, new))
    if len(seen) >= 16 and key not in seen:  # the last few texts and settings are enough to remember
        seen.pop(next(iter(seen)))
    seen[key] = max(before, before + new)
    return min(n, before + new)


def written(pieces: Pieces, settings: Settings, n: int, lang: str) -> list[Step]:
    """The first ``n`` steps (fewer past the rate), with a progress bar while they are being written.
    Each step's progress update is where a press of Stop (or any control) ends this run."""
    n = _allowed(pieces.ids, settings, n, lang)
    bar = st.empty()
    shown, start, got = False, time.perf_counter(), list[Step]()
    st.session_state[DONE] = 0
    for step in generate.steps(KEY, pieces.ids, settings, n):
        got.append(step)
        st.session_state[DONE] = len(got)
        if len(got) < n and (shown or time.perf_counter() - start > PROGRESS_AFTER_S):
            shown = True
            bar.progress(len(got) / n, text=t("gen.writing", lang, j=len(got) + 1, n=n))
    if shown:
        bar.empty()
    return got


def _raw(token: int) -> bytes:
    return tokens.piece_bytes(pretrained.load(KEY).tokenizer.id_to_token(token))


def _piece(token: int) -> str:
    return tokens.readable(pretrained.load(KEY).tokenizer.id_to_token(token), wordpiece=False)


def _markdown_text(text: str) -> str:
    """Text shown as itself where Streamlit reads Markdown (a pill's label): every ASCII punctuation mark
    escaped."""
    return "".join("\\" + ch if ch.isascii() and not ch.isalnum() and ch != " " else ch for ch in text)


def strip(pieces: Pieces, got: Sequence[Step], lang: str) -> range:
    """The text so far, and the tokens written as pills grouped into whole characters; returns the steps
    (from 0) of the character picked, the first the step shown. The pick is kept as the step that began
    its character, 0 for the latest (which then follows the writing as it goes on)."""
    full = pretrained.load(KEY).tokenizer.decode([*pieces.ids, *(s.token for s in got)])
    st.caption(t("gen.text", lang))
    st.text(full)  # plain text: the model writes whatever it likes, Markdown included
    carry = tokens.open_tail(b"".join(tokens.piece_bytes(p) for p in pieces.pieces[-4:]))
    groups = generate.characters(carry, [_raw(s.token) for s in got])
    options = [first + 1 for first, _, _ in groups[:-1]] + [0]
    names = dict(zip(options, (tokens.readable_bytes(raw) for _, _, raw in groups), strict=True))

    def fit(kept: object) -> int:
        if not isinstance(kept, int) or isinstance(kept, bool):
            return 0
        if kept in options:
            return kept
        if 1 <= kept <= len(got):
            for option, (first, end, _) in zip(options, groups, strict=True):
                if first < kept <= end:
                    return option
        return 0

    widgets.keep_in_range("gen_step", tuple(options), fit)
    picked = st.pills(
        t("gen.strip", lang),
        options,
        format_func=lambda o: _markdown_text(names[o]),
        key="gen_step",
        required=True,
        help=t("gen.strip.help", lang),
        **widgets.initial("gen_step", default=0),
    )
    chosen = fit(picked)
    first, end, _ = groups[-1] if chosen == 0 else next(g for g in groups if g[0] == chosen - 1)
    return range(first, end)


#: How much of the text before a step the bars' title quotes (its last characters).
TAIL_CHARS = 16


def candidates(before: tuple[int, ...], ids: Sequence[int], carry: bytes) -> list[str]:
    """The candidates' labels after the text ``before`` (its token ids, ending inside the character
    ``carry`` begins, if any): each piece or, where it is only part of a character, the whole characters
    the model's likeliest next tokens make of it, then the pieces (the Next token tab's labels:
    pretrained.completions, cached; it runs the model only when a candidate ends inside a character)."""
    tokenizer = pretrained.load(KEY).tokenizer
    chains = pretrained.completions(KEY, before, tuple(int(i) for i in ids))
    return [tokens.next_label(carry, [tokenizer.id_to_token(j) for j in chain]) for chain in chains]


def text_end(before: Sequence[int]) -> str:
    """The last :data:`TAIL_CHARS` characters of the text ``before`` (token ids) as the bars' title quotes
    them: whole characters only (a window of tokens can begin inside one), after "…"."""
    end = pretrained.load(KEY).tokenizer.decode(list(before[-4 * TAIL_CHARS :]))
    return "…" + end[-TAIL_CHARS:].rsplit("\ufffd", 1)[-1].lstrip()


def step_bars(
    step: Step,
    j: int,
    last: str,
    settings: Settings,
    lang: str,
    before: tuple[int, ...] = (),
    written: Sequence[int] = (),
) -> None:
    """Step ``j``'s likeliest candidates before and after the cuts, the chosen one marked; with the text
    ``before`` the step (its token ids), a candidate that is part of a character is read whole, and the
    title names the text's end and the chosen token as characters: the chosen one with the tokens
    ``written`` with it to finish its character (what the strip shows), not the greedy guess."""
    ids = [int(i) for i in step.ids[:BARS]]
    labels = [_piece(i) for i in ids]
    chosen = _piece(step.token)
    if before:
        carry = tokens.open_tail(b"".join(_raw(i) for i in before[-4:]))
        labels = candidates(before, ids, carry)
        end = text_end(before)
        last = end if end.strip("…").strip() else last
        tokenizer = pretrained.load(KEY).tokenizer
        chosen = tokens.next_label(carry, [tokenizer.id_to_token(i) for i in (written or (step.token,))])
    shown = [
        f"{'▶ ' if i == step.token else ''}{rank + 1}. {label}"
        for rank, (i, label) in enumerate(zip(ids, labels, strict=True))
    ]
    fig = figures.grouped_bars(  # escapes the labels: the text is the visitor's
        shown,
        {
            t("gen.bars.p", lang, temp=f"{settings.temperature:g}"): step.p[:BARS],
            t("gen.bars.q", lang): step.q[:BARS],
        },
        title=t(
            "gen.bars.title",
            lang,
            j=j,
            last=figures.escape_label(last),
            chosen=figures.escape_label(chosen),
            q=step.chosen,
        ),
        x_title=t("gen.bars.x", lang),
        y_title=t("gen.bars.y", lang),
        hovertemplate=t("gen.bars.hover", lang),
        y_range=(0.0, 1.05),
    )
    chart(
        fig, key="gen_bars", lang=lang, csv=lambda: _bars_csv(step, lang), file_name=f"generate_step{j}.csv"
    )
    if settings.mode == "sample":
        st.caption(t("gen.bars.kept", lang, kept=step.kept, u=step.draw))
    else:
        st.caption(t("gen.bars.greedy", lang))
    if any(label != _piece(i) for i, label in zip(ids, labels, strict=True)):
        st.caption(t("gen.bars.whole", lang, more=tokens.MORE))


def _bars_csv(step: Step, lang: str) -> str:
    """The step's likeliest tokens: all :data:`~viz.pretrained.generate.SHOWN` (the chart shows BARS)."""
    return export.columns_csv(
        {
            t("gen.csv.rank", lang): np.arange(1, len(step.ids) + 1),
            t("gen.csv.id", lang): step.ids,
            t("gen.csv.token", lang): [_piece(int(i)) for i in step.ids],
            t("gen.csv.p", lang): step.p,
            t("gen.csv.q", lang): step.q,
            t("gen.csv.chosen", lang): [int(int(i) == step.token) for i in step.ids],
        }
    )


def step_attention(step: Step, j: int, names: Sequence[str], lang: str) -> None:
    """How the text's last token read every token so far at step ``j``: layers x tokens, mean of heads."""
    layers, heads, _ = step.attention.shape
    fig = figures.heatmap(
        step.attention.mean(axis=1),
        title=t("gen.att.title", lang, j=j, last=figures.escape_label(names[-1]), heads=heads),
        x_title=t("gen.att.x", lang),
        y_title=t("gen.att.y", lang),
        colorbar_title=t("gen.att.weight", lang),
        hovertemplate=t("gen.att.hover", lang),
        zmin=0.0,
        zmax=1.0,
        height=620,
        x_labels=names,
        y_labels=[t("gen.att.layer", lang, l=i + 1) for i in range(layers)],
    )
    chart(
        fig,
        key="gen_attention",
        lang=lang,
        csv=lambda: _attention_csv(step, names, lang),
        file_name=f"generate_step{j}_attention.csv",
    )
    st.markdown(t("gen.att.notice", lang))


def _attention_csv(step: Step, names: Sequence[str], lang: str) -> str:
    """Every head's weights, not only the chart's mean: one row per (layer, head, key)."""
    layer, head, key = np.indices(step.attention.shape).reshape(3, -1)
    return export.columns_csv(
        {
            t("gen.csv.layer", lang): layer + 1,
            t("gen.csv.head", lang): head + 1,
            t("gen.csv.key_index", lang): key,
            t("gen.csv.key_token", lang): np.asarray(list(names), dtype=object)[key],
            t("gen.csv.weight", lang): np.ascontiguousarray(step.attention, dtype=np.float32).ravel(),
        }
    )


def buttons(n: int, lang: str) -> None:
    """＋1 token and Stop, over the text they change: on a phone the side column stacks under the
    charts, ~2,000 px down, and Stop must be in reach while the tokens are being written (it is drawn
    before the writing starts)."""
    with st.container(horizontal=True, key="gen_buttons"):
        st.button(t("gen.more", lang), key="gen_more", on_click=_more, disabled=n >= MAX_NEW)
        st.button(t("gen.stop", lang), key="gen_stop", on_click=_stop)


def view(pieces: Pieces, settings: Settings, n: int, lang: str, names: Sequence[str]) -> None:
    """The tab's main column: the buttons, the text so far, the strip, and the picked step's bars and
    attention. ``names`` labels the text's own tokens (the page's "position · piece")."""
    buttons(n, lang)
    got = written(pieces, settings, n, lang)
    if not got:
        st.info(t("gen.none", lang))
        return
    character = strip(pieces, got, lang)
    picked = character.start
    step = got[picked]
    start = len(pieces.ids)
    so_far = [*names, *(f"{start + i} · {_piece(s.token)}" for i, s in enumerate(got[:picked]))]
    before = (*pieces.ids, *(s.token for s in got[:picked]))
    finishing = [got[i].token for i in character]  # this step's token and those that finish its character
    step_bars(step, picked + 1, so_far[-1], settings, lang, before, finishing)
    st.markdown(t("gen.notice", lang))
    step_attention(step, picked + 1, so_far, lang)
