"""The home page's view: the path a token takes, as cards that link to the pages showing each step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import streamlit as st

from viz.i18n import t

#: A card's width in pixels: its longest link ("3. + Positional encoding", "소프트맥스와 스케일링") fits
#: whole. The cards wrap, so a row holds as many as the page is wide: three at 1400 px, two on a
#: 1024 x 768 projector with the sidebar open (five to a row cut those links short).
CARD_PX = 272


def pipeline_cards(
    pipeline: Sequence[tuple[str, Sequence[tuple[str, str]]]],
    lang: str,
    views: Mapping[str, Mapping[str, str]] | None = None,
) -> None:
    """One card per step (numbered from 1), as many to a row as fit: the step's name linking to the
    first page that shows it (on the view ``views`` gives the step, if any: that page's link
    parameters), its description, and links to the other pages; a step no page shows yet says so (and
    the caption above the cards explains that mark only when a step carries it)."""
    waiting = any(not pages for _, pages in pipeline)
    st.caption(t("home.path.caption.coming" if waiting else "home.path.caption", lang))
    with st.container(horizontal=True, gap="small", key="home_path"):  # the presenter view folds no card
        for number, (step, pages) in enumerate(pipeline, start=1):
            with st.container(border=True, width=CARD_PX, height="stretch"):
                title = f"{number}. {t(f'home.step.{step}', lang)}"
                if not pages:
                    st.markdown(f"**{title}**")
                    st.caption(f"{t(f'home.step.{step}.desc', lang)} · _{t('home.coming', lang)}_")
                else:
                    first, _ = pages[0]
                    view = dict((views or {}).get(step, {}))
                    st.page_link(
                        first, label=title, icon=":material/arrow_forward:", query_params=view or None
                    )
                    st.caption(t(f"home.step.{step}.desc", lang))
                    for path, nav in pages[1:]:
                        st.page_link(path, label=t(nav, lang), icon=":material/arrow_forward:")
