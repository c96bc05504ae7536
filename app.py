"""Attention Lab: page config, navigation over pages/ and the shared sidebar."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from viz.i18n import t
from viz.ui import page_style, presenter, runtime, shell, static_files
from viz.ui.live import release

# An emoji, not a ":material/...:" icon: Streamlit fetches a material page icon from fonts.gstatic.com on
# every rerun (the icons in the page itself come from its own bundled font), and the app makes no request
# outside its own server. An emoji becomes an inline SVG.
st.set_page_config(page_title="Attention Lab", page_icon="👁️", layout="wide")

# once per server process: GC tuning, the served files into the static/ Streamlit serves (next to this
# script, wherever viz is installed), the live model's warm-up
runtime.start(Path(__file__).parent / "static")
release.apply_pending()  # a live strip's release its new session's first run could not set (a failover)
settings = shell.sidebar()
page_style.apply(settings.lang)  # every page: the stylesheet, <html lang>
presenter.apply()  # the projector view when it is on (the sidebar's switch, present=1 in the link)
lang = settings.lang

EMB_PAGE = st.Page("pages/embedding.py", title=t("ui.nav.emb", lang), icon=":material/text_fields:")
PE_PAGE = st.Page("pages/positional_encoding.py", title=t("ui.nav.pe", lang), icon=":material/waves:")
SIM_PAGE = st.Page("pages/similarity.py", title=t("ui.nav.sim", lang), icon=":material/compare_arrows:")
SM_PAGE = st.Page("pages/softmax.py", title=t("ui.nav.sm", lang), icon=":material/functions:")
ATT_PAGE = st.Page("pages/attention.py", title=t("ui.nav.att", lang), icon=":material/grid_view:")
ENC_PAGE = st.Page("pages/encoder.py", title=t("ui.nav.enc", lang), icon=":material/stacks:")
REAL_PAGE = st.Page("pages/pretrained.py", title=t("ui.nav.real", lang), icon=":material/psychology:")
ZOO_PAGE = st.Page("pages/zoo.py", title=t("ui.nav.zoo", lang), icon=":material/category:")
LESSON_PAGE = st.Page("pages/lesson.py", title=t("ui.nav.lesson", lang), icon=":material/school:")
JOIN_PAGE = st.Page("pages/join.py", title=t("ui.nav.join", lang), icon=":material/phone_iphone:")
WRITE_PAGE = st.Page("pages/write.py", title=t("ui.nav.write", lang), icon=":material/edit_note:")

# The home page is a page file like the others, so that /home works on a server's very first run too: until
# st.navigation has run once in a process, Streamlit resolves a link among the files in pages/ alone (a
# link to a page it cannot find there opens a "Page not found" dialog). st.navigation serves the default
# page only at "/" (its own url_path is reserved, never matched), so /home is a twin of it that the
# menu does not list.
HOME_PAGE = st.Page(
    "pages/home.py", title=t("ui.nav.home", lang), icon=":material/home:", default=True, url_path="index"
)
HOME_ALIAS = st.Page("pages/home.py", title=t("ui.nav.home", lang), url_path="home", visibility="hidden")
static_files.chart_library_notice(lang)
PAGES = [
    HOME_PAGE,
    HOME_ALIAS,
    EMB_PAGE,
    PE_PAGE,
    SIM_PAGE,
    SM_PAGE,
    ATT_PAGE,
    ENC_PAGE,
    REAL_PAGE,
    ZOO_PAGE,
    LESSON_PAGE,
    WRITE_PAGE,
    JOIN_PAGE,
]
shell.run_page(st.navigation(PAGES), settings)
