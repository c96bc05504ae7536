"""The link registry (viz.state.link): each parameter type reads what it writes and refuses the rest, every
page's names are unique, and the option lists copied from the model modules match their sources."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from viz.state import link, params, settings
from viz.state.link import Flag, Index, Int, IntList, IntPair, Number, Option, Refused, Text

ROOT = Path(__file__).resolve().parents[3]

#: (parameter, a value it keeps, how the link writes it)
ROUND_TRIPS = [
    (Int("seed", "k", 0, 0, 9999), 42, "42"),
    (Number("temp", "k", 1.0, 0.1, 5.0, 0.1), 2.5, "2.5"),
    (Number("temp", "k", 1.0, 0.1, 5.0, 0.1), 0.1, "0.1"),
    (Option("dk", "k", 64, (1, 2, 64, 1024)), 1024, "1024"),
    (Option("sv", "k", 1.0, (0.1, 0.25, 1.0)), 0.25, "0.25"),
    (link.ENCODING, "rope", "rope"),
    (Index("ex", "k", "a b", ("a b", "c d")), "c d", "1"),
    (Flag("on", "k"), True, "1"),
    (Flag("on", "k"), False, "0"),
    (Text("text", "k", ""), "a [b](c) :smile: <i>ü 한국어", "a [b](c) :smile: <i>ü 한국어"),
    (IntList("dims", "k"), [0, 3, 17], "0,3,17"),
    (IntPair("rows", "k"), (4, 9), "4,9"),
]


@pytest.mark.parametrize(("param", "value", "written"), ROUND_TRIPS, ids=lambda v: repr(v)[:30])
def test_each_type_reads_back_what_it_writes(param: link.Param, value: object, written: str) -> None:
    assert param.format(value) == written
    assert param.parse(written) == value
    assert param.accepts(value)


REFUSED = [
    (Int("seed", "k", 0, 0, 9999), ["-1", "10000", "2.5", "abc", "", "1e309", "nan", "9" * 40]),
    (Number("temp", "k", 1.0, 0.1, 5.0, 0.1), ["0", "5.1", "0.15", "inf", "nan", "x"]),
    (Option("dk", "k", 64, (1, 2, 64)), ["3", "64.5", "sixty"]),
    (link.ENCODING, ["Rope", "<script>", "sinusoidal ", ""]),
    (Index("ex", "k", "a", ("a", "b")), ["2", "-1", "a"]),
    (Flag("on", "k"), ["2", "maybe", ""]),
    (Text("text", "k", ""), ["x" * 401]),
    (IntList("dims", "k", hi=10, most=3), ["1,2,x", "1,2,3,4", "11", "-1"]),
    (IntPair("rows", "k", hi=100), ["1", "1,2,3", "5,101", "a,b", "-1,3"]),
]


@pytest.mark.parametrize(("param", "raws"), REFUSED, ids=lambda v: repr(v)[:30])
def test_each_type_refuses_what_it_cannot_use(param: link.Param, raws: list[str]) -> None:
    for raw in raws:
        with pytest.raises(Refused):
            param.parse(raw)


def test_a_sliders_float_off_by_rounding_is_on_the_grid() -> None:
    temp = Number("temp", "k", 1.0, 0.1, 5.0, 0.1)
    assert temp.accepts(0.1 + 0.2)  # 0.30000000000000004, as a browser's slider may send it
    assert temp.format(0.1 + 0.2) == "0.3"
    assert not temp.accepts(0.35)


def test_lenient_readings_are_the_value_they_say() -> None:
    assert Int("n", "k", 0, 0, 9999).parse(" 8.0 ") == 8
    assert Int("n", "k", 0, 0, 9999).parse("1e3") == 1000
    assert IntPair("rows", "k").parse("9,2") == (2, 9)  # a range in either order
    assert IntList("dims", "k").parse("3,3,1") == [3, 1]  # repeats once
    assert IntList("dims", "k").parse("") == []
    assert Flag("on", "k").parse("TRUE") is True


def test_read_reports_what_it_refused_and_keeps_the_rest() -> None:
    spec = link.page("similarity")
    found = link.read(spec, {"p": ["7"], "measure": ["[x](https://e.com)"], "k": ["1", "2"], "other": ["1"]})
    assert found.values == {"sim_p": 7}
    assert {p.key: (p.rule, p.default) for p in found.problems} == {
        "measure": ("ui.url.rule.choice", "dot"),
        "k": ("ui.url.rule.once", "1"),
    }


def test_url_for_leaves_out_defaults_and_what_it_cannot_write() -> None:
    spec = link.page("similarity")
    state = {
        "sim_p": 50,
        "sim_k": 3,
        "sim_measure": "cosine",
        "sim_section": "bogus",
        "pe_kind": "sinusoidal",
    }
    shared = settings.Settings(max_len=100)
    assert link.url_for(spec, state.get, shared) == {"k": "3", "measure": "cosine"}
    # the position's default follows max_len: 50 is not the default at max_len 40
    assert link.url_for(spec, {"sim_p": 20}.get, settings.Settings(max_len=40)) == {}
    assert link.url_for(spec, {"sim_p": 50}.get, settings.Settings(max_len=40)) == {"p": "50"}


def test_a_text_longer_than_a_page_reads_is_linked_as_the_part_it_reads() -> None:
    # A paste over MAX_TEXT characters is kept in the box but only its first MAX_TEXT are read (and the
    # page says so): the link must carry that part, or it reopens on the default sentence (seen in review).
    spec = link.page("embedding")
    long = "word " * 200
    written = link.url_for(spec, {"emb_text": long}.get, settings.Settings())
    assert written == {"text": long[: params.MAX_TEXT]}
    assert link.read(spec, {"text": [written["text"]]}).values == {"emb_text": long[: params.MAX_TEXT]}


@pytest.mark.parametrize("path", sorted(link.PAGES))
def test_names_are_unique_short_and_apart_from_the_sidebars(path: str) -> None:
    params = link.page(path).params
    names = [p.name for p in params]
    assert len(set(names)) == len(names)
    assert len({p.key for p in params}) == len(params)
    assert not set(names) & link.SHARED_NAMES
    assert all(name.isascii() and name.isidentifier() and len(name) <= 8 for name in names)
    for p in params:  # every fixed default is a value the parameter can write
        assert p.default is None or callable(p.default) or p.accepts(p.default), p.name


def test_pages_have_a_registry_each() -> None:
    assert set(link.PAGES) == {p.stem for p in (ROOT / "pages").glob("*.py")}


def test_copied_option_lists_match_their_sources() -> None:
    from viz.encodings import embedding
    from viz.model import encoder, probe, train
    from viz.scores import softmax

    assert link.MODEL_ENCODINGS == encoder.MODEL_ENCODINGS
    assert link.NORMS == encoder.NORMS
    assert link.TASKS == train.TASKS
    assert link.MASK_MODES == probe.MASK_MODES
    assert encoder.LAYERS_RANGE[1] == link.MODEL_LAYERS
    assert train.MAX_STEPS == link.TRAIN_STEPS
    assert params.MAX_TEXT == embedding.MAX_CHARS
    by_name = link.page("softmax").by_name
    assert by_name["dk"].options == softmax.DK_OPTIONS  # type: ignore[attr-defined]
    assert by_name["n"].options == softmax.SAMPLE_OPTIONS  # type: ignore[attr-defined]
    assert link.page("embedding").by_name["sv"].options == embedding.SCALE_OPTIONS  # type: ignore[attr-defined]
    assert link.page("embedding").by_name["scale"].options == embedding.SCALE_MODES  # type: ignore[attr-defined]


def test_the_attention_examples_are_the_pages() -> None:
    tree = ast.parse((ROOT / "pages" / "attention.py").read_text(encoding="utf-8"))
    (examples,) = [
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "EXAMPLES" for t in node.targets)
    ]
    assert examples == link.ATT_EXAMPLES


def test_the_real_models_page_copies_match_their_sources() -> None:
    from viz import pretrained
    from viz.pretrained import patterns

    assert link.REAL_MODELS == pretrained.MODELS
    assert link.REAL_MEASURES == patterns.MEASURES
    layer, head = (link.PAGES["pretrained"].by_name[name] for name in ("layer", "head"))
    assert isinstance(layer, Int) and isinstance(head, Int)
    assert layer.hi == max(i.layers for i in pretrained.INFO.values())
    assert head.hi == max(i.heads for i in pretrained.INFO.values())
    assert link.REAL_TOKENS == pretrained.MAX_TOKENS  # the word whose lines are drawn: any of the text's


def test_the_write_on_tabs_copies_match_their_sources() -> None:
    from viz.pretrained import generate

    assert link.GEN_MODES == generate.MODES
    assert link.GEN_MAX == generate.MAX_NEW
    by_name = link.PAGES["pretrained"].by_name
    defaults = {name: by_name[name].default for name in ("mode", "gtemp", "topk", "topp", "seed")}
    settings = generate.Settings()
    assert defaults == {
        "mode": settings.mode,
        "gtemp": settings.temperature,
        "topk": settings.top_k,
        "topp": settings.top_p,
        "seed": settings.seed,
    }
    from viz.views import generate as view

    assert by_name["n"].default == view.DEFAULT_N


def test_the_head_testing_tabs_copies_match_their_sources() -> None:
    from viz.pretrained import intervene
    from viz.views import intervene as view
    from viz.views import patching

    assert link.ABLATIONS == intervene.ABLATIONS
    assert link.PATCHES == intervene.PATCHES
    assert link.ABL_HEADS == view.HEAD_CHOICES
    by_name = link.PAGES["pretrained"].by_name
    assert by_name["text2"].default == patching.CORRUPTED
    assert by_name["ahead"].default in view.HEAD_CHOICES
