"""The home page's view: the path a token takes, as cards that link to the pages showing each step."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from viz.i18n import t

#: Cards per row: the twelve steps fit three rows on a projector.
PER_ROW = 5


def pipeline_cards(pipeline: Sequence[tuple[str, Sequence[tuple[str, str]]]], lang: str) -> None:
    """One card per step (numbered from 1), PER_ROW to a row: the step's name linking to the first page
    that shows it, its description, and links to the other pages; a step no page shows yet says so."""
    for start in range(0, len(pipeline), PER_ROW):
        row = pipeline[start : start + PER_ROW]
        for col, (number, (step, pages)) in zip(
            st.columns(PER_ROW), enumerate(row, start=start + 1), strict=False
        ):
            with col.container(border=True, height="stretch"):
                title = f"{number}. {t(f'step.{step}', lang)}"
                if not pages:
                    st.markdown(f"**{title}**")
                    st.caption(f"{t(f'step.{step}.desc', lang)} · _{t('home.coming', lang)}_")
                else:
                    first, _ = pages[0]
                    st.page_link(first, label=title, icon=":material/arrow_forward:")
                    st.caption(t(f"step.{step}.desc", lang))
                    for path, nav in pages[1:]:
                        st.page_link(path, label=t(nav, lang), icon=":material/arrow_forward:")
