"""Attention Lab: page config, navigation over pages/, the shared sidebar and the home page."""

from __future__ import annotations

import streamlit as st

from viz import ui
from viz.i18n import t

# An emoji, not a ":material/...:" icon: Streamlit fetches a material page icon from fonts.gstatic.com on
# every rerun (the icons in the page itself come from its own bundled font), and the app makes no request
# outside its own server. An emoji becomes an inline SVG.
st.set_page_config(page_title="Attention Lab", page_icon="👁️", layout="wide")

settings = ui.sidebar()
ui.warm_live_model()
ui.tune_gc()
lang = settings.lang

EMB_PAGE = st.Page("pages/embedding.py", title=t("nav.emb", lang), icon=":material/text_fields:")
PE_PAGE = st.Page("pages/positional_encoding.py", title=t("nav.pe", lang), icon=":material/waves:")
SIM_PAGE = st.Page("pages/similarity.py", title=t("nav.sim", lang), icon=":material/compare_arrows:")
SM_PAGE = st.Page("pages/softmax.py", title=t("nav.sm", lang), icon=":material/functions:")
ATT_PAGE = st.Page("pages/attention.py", title=t("nav.att", lang), icon=":material/grid_view:")
ENC_PAGE = st.Page("pages/encoder.py", title=t("nav.enc", lang), icon=":material/stacks:")

# The path a token takes, each step with the pages that show it (none yet: "coming soon").
PIPELINE: list[tuple[str, list[st.Page]]] = [
    ("token", [EMB_PAGE]),
    ("embedding", [EMB_PAGE]),
    ("pe", [PE_PAGE, SIM_PAGE]),
    ("qkv", [ATT_PAGE, SM_PAGE]),
    ("scores", [SM_PAGE]),
    ("softmax", [SM_PAGE]),
    ("values", [SM_PAGE]),
    ("heads", [ATT_PAGE]),
    ("wo", [ATT_PAGE]),
    ("addnorm", [ENC_PAGE]),
    ("ffn", [ENC_PAGE]),
    ("decoder", [ENC_PAGE]),
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
        for col, (number, (step, pages)) in zip(
            st.columns(per_row), enumerate(row, start=start + 1), strict=False
        ):
            with col.container(border=True, height="stretch"):
                title = f"{number}. {t(f'step.{step}', lang)}"
                if not pages:
                    st.markdown(f"**{title}**")
                    st.caption(f"{t(f'step.{step}.desc', lang)} · _{t('home.coming', lang)}_")
                else:
                    st.page_link(pages[0], label=title, icon=":material/arrow_forward:")
                    st.caption(t(f"step.{step}.desc", lang))
                    for more in pages[1:]:
                        st.page_link(more, label=str(more.title), icon=":material/arrow_forward:")
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


HOME_PAGE = st.Page(home, title=t("nav.home", lang), icon=":material/home:", default=True, url_path="index")
# Streamlit serves the default page only at "/" (its own url_path is reserved but never matched), so
# /home, the name a visitor would guess, gets a twin of it that the menu does not list.
HOME_ALIAS = st.Page(home, title=t("nav.home", lang), url_path="home", visibility="hidden")
ui.chart_library_notice(lang)
ui.run_page(st.navigation([HOME_PAGE, HOME_ALIAS, EMB_PAGE, PE_PAGE, SIM_PAGE, SM_PAGE, ATT_PAGE, ENC_PAGE]))
