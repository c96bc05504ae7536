"""The home page: what the lab is for, and the path a token takes, each step linking to the pages that
show it. app.py serves it at "/" and at /home."""

from __future__ import annotations

import streamlit as st

from viz.i18n import t
from viz.ui import shell

settings = shell.page_shell()
lang = settings.lang

# The pages a step links to: their file (as app.py's st.navigation registers it) and title.
EMB = ("pages/embedding.py", "nav.emb")
SIM = ("pages/similarity.py", "nav.sim")
PE = ("pages/positional_encoding.py", "nav.pe")
SM = ("pages/softmax.py", "nav.sm")
ATT = ("pages/attention.py", "nav.att")
ENC = ("pages/encoder.py", "nav.enc")

# The path a token takes, each step with the pages that show it (none yet: "coming soon").
PIPELINE: list[tuple[str, list[tuple[str, str]]]] = [
    ("token", [EMB]),
    ("embedding", [EMB]),
    ("pe", [PE, SIM]),
    ("qkv", [ATT, SM]),
    ("scores", [SM]),
    ("softmax", [SM]),
    ("values", [SM]),
    ("heads", [ATT]),
    ("wo", [ATT]),
    ("addnorm", [ENC]),
    ("ffn", [ENC]),
    ("decoder", [ENC]),
]

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
                first, _ = pages[0]
                st.page_link(first, label=title, icon=":material/arrow_forward:")
                st.caption(t(f"step.{step}.desc", lang))
                for path, nav in pages[1:]:
                    st.page_link(path, label=t(nav, lang), icon=":material/arrow_forward:")
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
