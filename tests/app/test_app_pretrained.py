"""The Real models page under AppTest: both models in both languages, every section; a text a class
might type (empty, spaces, huge, markup, control characters, emoji, Korean); a model whose files are
missing or changed says so with the command that fixes it while every other page works; the link.

Needs the real models' files (the README's test command fetches them; skipped elsewhere without them).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from bench.harness.apptest import charts, decode, new_app, new_app_with_tabs, ok, warnings
from tests.support.needs import real
from viz import pretrained
from viz.i18n import t
from viz.pretrained import files

pytestmark = pytest.mark.usefixtures("fresh_caches")
PAGE = "pages/pretrained.py"


@pytest.fixture(autouse=True)
def _models() -> None:
    real("minilm")
    real("smollm2")


def open_real(*, tabs: bool = False, **query: str) -> AppTest:
    at = (new_app_with_tabs if tabs else new_app)(**query)
    at.switch_page(PAGE)
    return ok(at.run(timeout=120))


def open_unchecked(**query: str) -> AppTest:
    """The page opened by a link, run once, without :func:`ok` (the caller expects an error box)."""
    at = new_app(**query)
    at.switch_page(PAGE)
    at.run(timeout=120)
    assert not at.exception
    return at


def chart_titles(at: AppTest) -> list[str]:
    return [json.loads(c.proto.spec)["layout"]["title"]["text"] for c in charts(at)]


@pytest.mark.parametrize("model", pretrained.MODELS)
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_section_draws_for_both_models_in_both_languages(model: str, lang: str) -> None:
    at = open_real(model=model, lang=lang)
    info = pretrained.INFO[model]
    titles = chart_titles(at)
    assert t("real.all.chart", lang, layers=info.layers, heads=info.heads) in titles
    assert t("real.pat.map_chart", lang, measure=t("real.pat.previous", lang)) in titles
    if info.causal:
        assert t("real.sink.chart", lang) in titles
        assert t("real.next.chart", lang, last="␣tired", k=10, temp="1") in titles  # the default example
    else:
        assert t("real.next.minilm", lang) in [i.value for i in at.info]
    assert warnings(at) == []


def test_the_overview_holds_every_head_and_rows_that_sum_to_one() -> None:
    at = open_real(model="smollm2", text="The capital of France is")
    spec = json.loads(charts(at)[0].proto.spec)
    z = decode(spec["data"][0]["z"]).astype(np.float64)
    assert z.shape == (30 * 6 - 1, 9 * 6 - 1)  # 5 tokens: 5 x 5 maps with a gap, 30 layers x 9 heads
    block = z[:5, :5]
    np.testing.assert_allclose(np.nansum(block, axis=1), 1.0, atol=1e-3)
    assert np.all(np.triu(block, 1) == 0)  # causal


def test_smollm2_says_paris_and_the_grouped_heads_are_shown_together() -> None:
    at = open_real(model="smollm2", text="The capital of France is", tab="one", layer="3", head="5")
    title = t("real.one.group_chart", "en", layer=3, heads="4, 5, 6", kv=2)
    assert title in chart_titles(at)
    at = open_real(model="smollm2", text="The capital of France is", tab="next")
    (bars,) = [c for c in charts(at) if c.proto.id.endswith("real_next_smollm2")]  # the Next token tab's
    assert json.loads(bars.proto.spec)["data"][0]["x"][0] == "1. ␣Paris"


def test_korean_next_tokens_read_as_syllables_with_their_bytes_beside_them() -> None:
    at = open_real(model="smollm2", text="나는 학생이다. 오늘은", tab="next", lang="ko")
    (bars,) = [c for c in charts(at) if c.proto.id.endswith("real_next_smollm2")]
    labels = json.loads(bars.proto.spec)["data"][0]["x"]
    # Before, the likeliest was a lone lead byte ("1. ␣⟨EC⟩"): now its syllable, then its pieces.
    assert re.fullmatch(r"1\. ␣[가-힣]+ \(␣⟨[0-9A-F]{2}⟩(⟨[0-9A-F ]+⟩)+\)", labels[0]), labels[0]
    assert not [x for x in labels if re.fullmatch(r"\d+\. ␣?⟨[0-9A-F ]+⟩", x)]  # no label is bytes alone
    assert t("real.next.completed", "ko", more=3) in [m.value for m in at.markdown]
    at = open_real(model="smollm2", text="The capital of France is", tab="next")
    assert t("real.next.completed", "en", more=3) not in [m.value for m in at.markdown]  # nothing to finish


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "real.empty"),
        ("     ", "real.empty"),
        ("word " * 2000, "ui.emb.cut.chars"),
        ("<b>bold</b> <script>alert(1)</script> [link](http://example.com)", None),
        ("tab\there\x00\x07 bell \u202e reversed", None),
        ("I ❤️ tea 🍵 and 나는 학생이다", None),
    ],
)
@pytest.mark.parametrize("model", pretrained.MODELS)
def test_any_text_gives_a_message_or_maps_and_never_markup(model: str, text: str, says: str | None) -> None:
    at = open_real(model=model, text=text[:400], tabs=True)  # a link carries at most 400 characters
    if says == "real.empty":
        assert t(says, "en") in [i.value for i in at.info]
        return
    if says == "ui.emb.cut.chars":  # a paste of 10,000 characters, typed rather than linked
        at.text_input(key="real_text").set_value(text).run()
        ok(at)
        assert any("characters" in w for w in warnings(at))
        assert any("tokens" in w for w in warnings(at))  # and the tokens past the page's limit
        return
    for block in at.markdown:
        assert "<b>" not in block.value and "example.com" not in block.value
    shown = [x.value for x in at.text]
    assert any("·" in x for x in shown)  # the pieces, as plain text
    assert len(charts(at)) == 0  # the tokens tab has a table, no chart


def test_a_visitors_text_in_a_chart_title_is_escaped() -> None:
    at = open_real(model="smollm2", tab="next", text="I like <b>")
    (title,) = [
        json.loads(c.proto.spec)["layout"]["title"]["text"]
        for c in charts(at)
        if c.proto.id.endswith("real_next_smollm2")
    ]
    assert "“&gt;”" in title  # the last piece, ">", as text: Plotly would read a raw "<b>" as markup


@pytest.mark.parametrize("read", ["model", "position table"])
def test_a_refused_file_stays_refused_without_hashing_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, read: str
) -> None:
    """Loading the model, or reading only its position table (the PE page's trained encoding)."""
    from viz.pretrained import positions

    calls: list[str] = []
    # A folder without a mapped copy: the model is read from its pinned files, which are checked first.
    monkeypatch.setenv(files.ENV_DIR, str(tmp_path))
    monkeypatch.setattr(pretrained, "_loaded", {})
    monkeypatch.setattr(pretrained, "_refused", {})
    monkeypatch.setattr(positions, "_tables", {})
    load = pretrained.load if read == "model" else positions.table

    def refused(pin: files.Pin, root: Path | None = None, *, check_hash: bool = True) -> files.Status:
        calls.append(pin.key)
        return files.Status(files.State.CHANGED, "config.json")

    monkeypatch.setattr(files, "status", refused)
    for _ in range(3):
        with pytest.raises(pretrained.NotReady):
            load("minilm")
    assert calls == ["minilm"]  # hashed once; then the refusal is remembered
    assert pretrained.ready("minilm").state is files.State.CHANGED


def test_a_missing_model_says_so_with_the_fix_and_the_other_pages_work(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(files.ENV_DIR, str(tmp_path))
    monkeypatch.setattr(pretrained, "_loaded", {})
    monkeypatch.setattr(pretrained, "_refused", {})
    at = open_unchecked(model="smollm2")
    missing = t("real.missing", "en", model="SmolLM2-135M-Instruct", detail=files.SMOLLM2.files[0].name)
    assert [e.value for e in at.error] == [missing]
    assert [c.value for c in at.code] == [files.FETCH_COMMAND]
    ok(at.switch_page("pages/positional_encoding.py").run())
    assert charts(at)


def test_a_changed_model_file_is_refused_by_its_hash(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pin = files.MINILM
    source, copy = files.folder(pin), tmp_path / pin.key
    copy.mkdir()
    for f in pin.files:
        (copy / f.name).symlink_to(source / f.name)
    config = (source / "config.json").read_bytes()
    assert config.endswith(b"\n}\n")
    (copy / "config.json").unlink()
    (copy / "config.json").write_bytes(config[:-3] + b" }\n")  # the same size, another hash
    monkeypatch.setenv(files.ENV_DIR, str(tmp_path))
    monkeypatch.setattr(pretrained, "_loaded", {})
    monkeypatch.setattr(pretrained, "_refused", {})
    at = open_unchecked(model="minilm")
    assert [e.value for e in at.error] == [
        t("real.changed", "en", model="all-MiniLM-L6-v2", detail="config.json")
    ]
