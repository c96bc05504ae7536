"""Softmax and scaling: why attention divides the scores Q Kᵀ by √d_k, measured."""

from __future__ import annotations

from typing import Any

import streamlit as st

from viz.encodings import embedding
from viz.i18n import t
from viz.scores import softmax, worked
from viz.ui import layout, sections, shell, widgets
from viz.ui.notes import notes_differ
from viz.views import capping as cap_views
from viz.views import code, model_map
from viz.views import online_softmax as os_views
from viz.views import softmax as sm_views
from viz.views import softmax_example as ex_views

s = shell.page_shell()
lang = s.lang

model_map.page_title(t("sm.title", lang), s, lang, "pages/softmax.py")

# Sections as tabs: only the open one runs and draws (viz.ui.sections); each open one's first row holds its
# main chart and, beside it, the controls that move it (viz.ui.layout).
titles = {
    "var": "sm.var.title",
    "row": "sm.tab.row",
    "ex": "ex.title",
    "online": "os.title",
    "cap": "cap.title",
}
sec = sections.sections(
    "sm_section", {k: t(key, lang) for k, key in titles.items()}, lang=lang, own_headings=("row",)
)
#: Sections that are fragments: they make their own first row and, when shown alone, the page's controls
#: (a d_k move reruns only the tab, issue 37). With every section at once the page draws the controls.
ALONE = not st.session_state.get(sections.ALL_SECTIONS)
FRAGMENTS = ("var", "row", "ex") if ALONE else ("row", "ex")
rows = layout.rows(sec, skip=FRAGMENTS)
first = layout.first_open(sec)


def page_controls(box: Any) -> tuple[int, int, int]:
    """d_k, the sample size and the seed, in ``box`` (a section's side column)."""
    with box:
        d_k = widgets.option_slider(
            t("sm.dk", lang), softmax.DK_OPTIONS, softmax.DEFAULT_DK, key="sm_dk", help=t("sm.dk.help", lang)
        )
        n = widgets.option_slider(
            t("sm.n", lang),
            softmax.SAMPLE_OPTIONS,
            softmax.DEFAULT_SAMPLES,
            key="sm_n",
            help=t("sm.n.help", lang),
        )
        seed = int(st.number_input(t("sm.seed", lang), 0, 9999, value=0, step=1, key="sm_seed"))
        st.caption(t("sm.dk.sidebar", lang, d_model=s.d_model, heads=s.heads, d_k=s.d_k))
    return d_k, n, seed


# The page's controls beside the first open section's chart (a fragment shown alone draws its own).
d_k, n, seed = (
    page_controls(layout.page_controls(rows))
    if first not in FRAGMENTS
    else (softmax.DEFAULT_DK, softmax.DEFAULT_SAMPLES, 0)
)


# ---- 1. the variance argument --------------------------------------------------------------------------
def variance(d_k: int, n: int, seed: int) -> None:
    """Section 1: the scores' spread with and without the scaling, and across d_k."""
    row = rows.get("var") or layout.row("var")  # shown alone (a fragment): its own row and controls
    d_k, n, seed = (d_k, n, seed) if "var" in rows else page_controls(row.side)
    (left, mid), note = row.main.columns(2), row.side
    with layout.strips_in(note):
        sm_views.variance_strip(d_k, lang)
    with widgets.guard(lang):
        sm_views.variance_histograms(d_k, n, seed, lang, columns=(left, mid))
    note.markdown(t("sm.var.explain", lang, d_k=d_k, root=softmax.root_text(d_k)))
    notes_differ(("scale_dim", "normal_shape"), lang)

    left, note = st.columns([6, 2])
    with left, widgets.guard(lang):
        sm_views.variance_by_dk(d_k, n, seed, lang)
    note.markdown(t("sm.sweep.explain", lang))


if sec["var"].open:
    with sec["var"]:
        (shell.fragment(variance) if ALONE else variance)(d_k, n, seed)


# Sections 2-4 have controls of their own: a move reruns only its section (a fragment).
@shell.fragment
def scores_and_gradients(d_k: int, seed: int) -> None:
    """Sections 2 and 3: one row of scores through softmax, then its Jacobian."""
    # ---- 2. one row of scores through softmax --------------------------------------------------------------
    if st.session_state.get(sections.ALL_SECTIONS):  # one under the other: the section's own heading
        st.subheader(t("sm.row.title", lang))
    row = layout.row("row")
    if first == "row":
        d_k, _, seed = page_controls(row.side)
    with row.side:
        n_keys = widgets.bounded_slider(
            t("sm.keys", lang), 2, 16, 6, key="sm_keys", help=t("sm.keys.help", lang)
        )
    temperature = float(
        row.side.slider(  # the live strip over the bars sets it too (widgets.initial: no second default)
            t("sm.temp", lang),
            sm_views.TEMPERATURE[0],
            sm_views.TEMPERATURE[1],
            step=sm_views.TEMPERATURE[2],
            key="sm_temp",
            persist_state=widgets.KEEP,
            help=t("sm.temp.help", lang),
            **widgets.initial("sm_temp", value=1.0),
        )
    )
    one = sm_views.one_row(d_k, n_keys, seed, temperature)
    left, note = row.main, row.side
    with left, widgets.guard(lang), layout.strips_in(note):
        sm_views.row_chart(one, d_k, seed, temperature, lang)
    with note:
        sm_views.row_note(one, d_k, lang)

    left, note = st.columns([6, 2])
    with left, widgets.guard(lang):
        sm_views.rows_by_dk(d_k, n_keys, seed, temperature, lang)
    note.markdown(t("sm.stat.explain", lang, uniform=f"{one.uniform_entropy:.3f}"))

    # ---- 3. the gradient argument --------------------------------------------------------------------------
    st.subheader(t("sm.grad.title", lang))
    notes_differ("saturation", lang)
    left, mid, note = st.columns([3, 3, 2])
    with left, widgets.guard(lang):
        sm_views.gradient_by_dk(d_k, n_keys, seed, temperature, lang)
    with mid, widgets.guard(lang):
        sm_views.row_jacobians(one, d_k, lang)
    with note:
        sm_views.gradient_note(one, d_k, lang)


if sec["row"].open:
    with sec["row"]:
        scores_and_gradients(d_k, seed)


def _fit_length() -> None:
    """A new sentence starts with all of its words (up to the limit) in use."""
    typed = embedding.tokenize(str(st.session_state.get("sm_text", "")), worked.MAX_WORDS)
    st.session_state["sm_len"] = max(len(typed.tokens), 1)


@shell.fragment
def worked_example(d_k: int, seed: int) -> None:
    """Section 4: the four steps on a sentence, with random weights or on the notes' own numbers."""
    # ---- 4. the worked example -----------------------------------------------------------------------------
    row = layout.row("ex")
    if first == "ex":
        d_k, _, seed = page_controls(row.side)
    notes = (
        widgets.choice(
            t("ex.notes.source", lang),
            ("random", "notes"),
            key="sm_ex_source",
            lang=lang,
            format_func=lambda v: t(f"ex.notes.source.{v}", lang),
            radio=True,
            container=row.side,
        )
        == "notes"
    )
    if notes:  # note 004's "I am good": its inputs, every later step computed (worked.note_example)
        row.side.caption(t("ex.notes.intro", lang))
        found = embedding.tokenize(" ".join(worked.NOTE_TOKENS), worked.MAX_WORDS)
    else:
        row.side.caption(t("ex.intro", lang, d_model=s.d_model, d_k=d_k))
        c1 = c2 = row.side
        text = c1.text_input(
            t("ex.sentence", lang),
            value="I am good",
            key="sm_text",
            persist_state=widgets.KEEP,
            on_change=_fit_length,
            help=t("ex.sentence.help", lang, n=worked.MAX_WORDS),
        )
        found = embedding.tokenize(text, worked.MAX_WORDS)
        widgets.chars_cut_note(text, lang)
    if found.tokens_cut:
        row.side.warning(t("ex.cut", lang, n=worked.MAX_WORDS, cut=found.tokens_cut))
    if not found.tokens:
        row.main.warning(t("ex.empty", lang))
    else:
        length = len(found.tokens)
        if not notes:
            with c2:
                length = widgets.bounded_slider(
                    t("ex.length", lang),
                    1,
                    len(found.tokens),
                    len(found.tokens),
                    key="sm_len",
                    help=t("ex.length.help", lang),
                )
        tokens = found.tokens[:length]
        with row.main, widgets.guard(lang):
            ex = ex_views.example(tokens, notes=notes, d_model=s.d_model, d_k=d_k, seed=seed)
            # The steps in tabs of their own: a d_k move redraws the one to three charts in view.
            part = sections.sections(
                "sm_ex_part",
                {k: t(f"ex.part.{k}", lang) for k in ("qkv", "steps", "out")},
                lang=lang,
            )
            if part["qkv"].open:
                with part["qkv"]:
                    ex_views.qkv(ex, lang)
            if part["steps"].open:
                with part["steps"]:
                    ex_views.steps(ex, lang)
            if part["out"].open:
                with part["out"]:
                    left, right = st.columns([3, 2])
                    with left:
                        ex_views.output(ex, lang)
                    with right:
                        # the sentence may have got shorter since a later word was picked: keep its last
                        widgets.keep_index("sm_query", length)
                        query = int(
                            st.selectbox(
                                t("ex.pick", lang),
                                list(range(length)),
                                format_func=ex.labels.__getitem__,
                                key="sm_query",
                                persist_state=widgets.KEEP,
                            )
                            or 0
                        )
                        ex_views.weighted_sum(ex, query, lang)
                    ex_views.output_numbers(ex, query, lang)


if sec["ex"].open:
    with sec["ex"]:
        worked_example(d_k, seed)


# ---- 5. online softmax, FlashAttention's idea (controls of its own; the page's seed) ------------------
if sec["online"].open:
    with sec["online"]:
        os_views.section(seed, lang, rows["online"])
if sec["cap"].open:
    with sec["cap"]:
        cap_views.section(seed, lang, rows["cap"])

# ---- what the page is ----------------------------------------------------------------------------------
code.box("softmax", lang)
layout.about(lang, lambda: st.write(t("sm.intro", lang)))
