"""Where the lecture notes differ: one marked box, the same on every page."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from viz.i18n import t
from viz.ui.layout import folded

# ---- where the lecture notes differ ----------------------------------------------------------------------
#: Every slip in the lecture notes the app points out. Each key has ``notes.<key>.where`` (note file and
#: section), ``notes.<key>.says`` (what the note says) and ``notes.<key>.right`` (what is right, and why).
NOTE_SLIPS: tuple[str, ...] = (
    "pe_base",
    "pe_index",
    "pe_sincos",
    "pe_freq",
    "shift",
    "cross",
    "llm",
    "scale_dim",
    "normal_shape",
    "saturation",
    "ex_weights",
    "ex_k3",
    "xp",
    "mha_concat",
)
# An emoji, not a :material/…: icon (which would fetch a font from outside), and one from Dingbats, which
# common text fonts draw even where no colour-emoji font is installed (a classroom PC, headless Chromium).
NOTES_ICON = "✏"


def notes_text(keys: str | Sequence[str], lang: str, **values: object) -> str:
    """The Markdown of a :func:`notes_differ` box: the fixed lead, then one short line per slip (which note
    and what it says). What is right, and why, is :func:`notes_why`, folded under the box."""
    says = t("notes.says", lang)
    parts = [f"**{t('notes.lead', lang)}**"]
    for key in _slip_keys(keys):
        where = t(f"notes.{key}.where", lang)
        parts.append(f"**{where}** · {says}: {t(f'notes.{key}.says', lang, **values)}")
    return "\n\n".join(parts)


def notes_why(keys: str | Sequence[str], lang: str, **values: object) -> str:
    """The Markdown inside a :func:`notes_differ` box's expander: per slip, what is right and why."""
    right = t("notes.right", lang)
    return "\n\n".join(
        f"**{t(f'notes.{key}.where', lang)}** · **{right}:** {t(f'notes.{key}.right', lang, **values)}"
        for key in _slip_keys(keys)
    )


def _slip_keys(keys: str | Sequence[str]) -> list[str]:
    return [keys] if isinstance(keys, str) else list(keys)


def notes_differ(keys: str | Sequence[str], lang: str, **values: object) -> None:
    """A marked box, the same everywhere, where the lecture notes say something the paper or the maths
    does not: which note and section and what it says, one line each, with what is right and why in an
    expander under it (kept short so a projected page still shows its chart on the first screen).
    ``keys`` are from :data:`NOTE_SLIPS`; several go into one box. ``values`` fill the strings'
    placeholders."""
    st.warning(notes_text(keys, lang, **values), icon=NOTES_ICON)
    folded(t("notes.why", lang), why_key(keys), lambda: st.markdown(notes_why(keys, lang, **values)))


def why_key(keys: str | Sequence[str]) -> str:
    """The state key of the "what is right, and why" box under a notes box (the first one in a run)."""
    return "why_" + "_".join(_slip_keys(keys))
