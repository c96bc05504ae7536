"""The home page: what the lab is for, and the path a token takes, each step linking to the pages that
show it. app.py serves it at "/" and at /home."""

from __future__ import annotations

import streamlit as st

from viz.i18n import t
from viz.ui import shell, widgets
from viz.views import code, model_map
from viz.views import home as home_views

settings = shell.page_shell()
lang = settings.lang

# The pages a step links to: their file (as app.py's st.navigation registers it) and title.
EMB = ("pages/embedding.py", "ui.nav.emb")
SIM = ("pages/similarity.py", "ui.nav.sim")
PE = ("pages/positional_encoding.py", "ui.nav.pe")
SM = ("pages/softmax.py", "ui.nav.sm")
ATT = ("pages/attention.py", "ui.nav.att")
ENC = ("pages/encoder.py", "ui.nav.enc")
REAL = ("pages/pretrained.py", "ui.nav.real")

# The path a token takes, each step with the pages that show it (none yet: "coming soon").
PIPELINE: list[tuple[str, list[tuple[str, str]]]] = [
    ("token", [EMB, REAL]),
    ("embedding", [EMB]),
    ("pe", [PE, SIM]),
    ("qkv", [ATT, SM]),
    ("scores", [SM]),
    ("softmax", [SM]),
    ("values", [SM]),
    ("heads", [ATT, REAL]),
    ("wo", [ATT]),
    ("addnorm", [ENC]),
    ("ffn", [ENC]),
    ("decoder", [ENC]),
    ("probe", [REAL]),
]
#: Links that open their page on one view (the step's first link): what a head does opens the logit lens.
VIEWS = {"probe": {"model": "smollm2", "ex": "1", "tab": "lens"}}

st.title(t("home.title", lang))
st.markdown(t("home.tagline", lang))
# the whole model on one screen first: the live model's path, each box opening its page and tab
with widgets.guard(lang):
    model_map.diagram(settings, lang, here="pages/home.py")
st.write(t("home.audience", lang))
st.subheader(t("home.path", lang))
home_views.pipeline_cards(PIPELINE, lang, VIEWS)
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
code.box("home", lang)
