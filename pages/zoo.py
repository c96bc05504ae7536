"""Attention variants: what a 2025-26 course adds to the 2017 layer, each a switch of the live model
(ModelConfig.attention), trained side by side on one recall task; a fixed-size state against a cache;
multi-head latent attention's cache."""

from __future__ import annotations

import streamlit as st

from viz.i18n import t
from viz.state import link as url_link
from viz.ui import layout, sections, shell, widgets
from viz.views import mixers, model_map
from viz.views import zoo as views

s = shell.page_shell()
lang = s.lang

model_map.page_title(t("zoo.title", lang), s, lang, "pages/zoo.py")

# Sections as tabs: only the open one runs and draws (viz.ui.sections); each open one's first row holds its
# main chart and, beside it, the controls that move it (viz.ui.layout).
sec = sections.sections(
    "zoo_section", {k: t(f"zoo.section.{k}", lang) for k in url_link.ZOO_SECTIONS}, lang=lang
)
rows = layout.rows(sec)

# each tab's whole view, drawn only when it is open
VIEWS = {
    "zoo": views.zoo_section,
    "state": views.state_section,
    "mla": views.mla_section,
    "diff": mixers.diff_section,
    "sparse": mixers.sparse_section,
    "layers": mixers.layers_section,
}
for name, view in VIEWS.items():
    if sec[name].open:
        with sec[name], widgets.guard(lang):
            view(lang, rows[name])

layout.about(lang, lambda: st.write(t("zoo.intro", lang)))
