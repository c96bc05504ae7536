"""Every page's sections and nested tabs (their state keys and labels), and opening one under AppTest:
shared by the AppTest, CSV and browser modules."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from bench.harness.apptest import ok
from viz.ui import widgets

#: Each page's sections (viz.ui.sections): the key that keeps the open tab, and the tabs' labels (i18n
#: keys) in order; a tab with tabs of its own names them in NESTED.
SECTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "positional_encoding.py": (
        "pe_section",
        ("pe.tab.table", "pe.curves.title", "pe.wave.title", "pe.score.title", "rs.title"),
    ),
    "embedding.py": ("emb_section", ("emb.sum.title", "emb.add.title", "emb.seg.title", "emb.order.title")),
    "similarity.py": (
        "sim_section",
        (
            "sim.tab.row",
            "sim.matrix.title",
            "sim.offset.title",
            "sim.steps.title",
            "sim.rot.title",
            "rel.title",
        ),
    ),
    "softmax.py": ("sm_section", ("sm.var.title", "sm.tab.row", "ex.title", "os.title", "cap.title")),
    "attention.py": (
        "att_section",
        ("att.maps.title", "att.mask.title", "steps.title", "att.order.title", "win.title", "ind.title"),
    ),
    "encoder.py": ("enc_section", ("enc.path.title", "enc.res.title", "enc.pp.title", "enc.dec.title")),
    "pretrained.py": (
        "real_section",
        tuple(f"real.section.{k}" for k in ("tokens", "all", "one", "patterns", "next")),
    ),
    "zoo.py": (
        "zoo_section",
        tuple(f"zoo.section.{k}" for k in ("zoo", "state", "mla", "diff", "sparse", "layers")),
    ),
}
NESTED: dict[str, tuple[str, tuple[str, ...]]] = {
    "enc.path.title": ("enc_path_part", ("enc.path.part.stages", "enc.path.part.norms")),
    "enc.res.title": ("enc_res_part", ("enc.res.part.input", "enc.res.part.alike")),
    "steps.title": (
        "att_step_part",
        ("steps.part.qkv", "steps.part.scores", "steps.part.out"),
    ),
    "ex.title": ("sm_ex_part", ("ex.part.qkv", "ex.part.steps", "ex.part.out")),
}


def open_tab(at: AppTest, key: str, label: str) -> AppTest:
    """Click the tab ``label`` (as the browser does: the tabs widget's value) and rerun."""
    at.session_state[widgets.choice_key(key, at.session_state["lang"])] = label
    return ok(at.run())
