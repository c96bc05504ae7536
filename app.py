"""Attention Lab: page config, navigation over pages/, the shared sidebar and the home page."""

from __future__ import annotations

import streamlit as st

from viz import ui
from viz.i18n import t

st.set_page_config(page_title="Attention Lab", page_icon=":material/visibility:", layout="wide")

settings = ui.sidebar()
lang = settings.lang

PE_PAGE = st.Page("pages/positional_encoding.py", title=t("nav.pe", lang), icon=":material/waves:")

# The path a token takes, each step with the page that shows it (None: not built yet).
PIPELINE: list[tuple[str, st.Page | None]] = [
    ("token", None),
    ("embedding", None),
    ("pe", PE_PAGE),
    ("qkv", None),
    ("scores", None),
    ("softmax", None),
    ("values", None),
    ("heads", None),
    ("wo", None),
]


def home() -> None:
    st.title(t("home.title", lang))
    st.markdown(t("home.tagline", lang))
    st.write(t("home.audience", lang))
    st.subheader(t("home.path", lang))
    st.caption(t("home.path.caption", lang))
    per_row = 5
    for start in range(0, len(PIPELINE), per_row):
        row = PIPELINE[start : start + per_row]
        for col, (number, (step, page)) in zip(
            st.columns(per_row), enumerate(row, start=start + 1), strict=False
        ):
            with col.container(border=True, height="stretch"):
                title = f"{number}. {t(f'step.{step}', lang)}"
                if page is None:
                    st.markdown(f"**{title}**")
                    st.caption(f"{t(f'step.{step}.desc', lang)} · _{t('home.coming', lang)}_")
                else:
                    st.page_link(page, label=title, icon=":material/arrow_forward:")
                    st.caption(t(f"step.{step}.desc", lang))
    st.info(
        t(
            "home.settings_now",
            lang,
            d_model=settings.d_model,
            max_len=settings.max_len,
            base=settings.base,
            heads=settings.heads,
        )
    )


HOME_PAGE = st.Page(home, title=t("nav.home", lang), icon=":material/home:", default=True, url_path="home")
ui.run_page(st.navigation([HOME_PAGE, PE_PAGE]))
