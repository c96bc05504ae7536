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

if sec["zoo"].open:
    with sec["zoo"], widgets.guard(lang):
        views.zoo_section(lang, rows["zoo"])
if sec["state"].open:
    with sec["state"], widgets.guard(lang):
        views.state_section(lang, rows["state"])
if sec["mla"].open:
    with sec["mla"], widgets.guard(lang):
        views.mla_section(lang, rows["mla"])
if sec["diff"].open:
    with sec["diff"], widgets.guard(lang):
        mixers.diff_section(lang, rows["diff"])
if sec["sparse"].open:
    with sec["sparse"], widgets.guard(lang):
        mixers.sparse_section(lang, rows["sparse"])
if sec["layers"].open:
    with sec["layers"], widgets.guard(lang):
        mixers.layers_section(lang, rows["layers"])

with layout.about(lang):
    st.write(t("zoo.intro", lang))
