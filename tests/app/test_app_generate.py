"""SmolLM2 writing on (the Real models page's sixth tab, viz/views/generate.py) under AppTest: a link writes
the same tokens in any session, as viz.pretrained.generate writes them; the strip picks a step and the
charts show that step's own numbers; +1 token and Stop move the count; greedy ignores the seed; the rate
per session holds; absurd links, MiniLM and a visitor's markup are handled in the page."""

from __future__ import annotations

import json
import re
from typing import Any

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import ButtonGroup

from bench.harness.apptest import charts, decode, ok, open_link
from tests.support.needs import real
from viz import pretrained
from viz.i18n import t
from viz.pretrained import generate, tokens
from viz.views import generate as view

pytestmark = pytest.mark.usefixtures("fresh_caches")

LINK = {"model": "smollm2", "tab": "generate", "seed": "11", "n": "8"}


def figure(at: AppTest, key: str) -> dict[str, Any]:
    found = [json.loads(c.proto.spec) for c in charts(at) if c.proto.id.endswith(key)]
    assert len(found) == 1, [c.proto.id for c in charts(at)]
    return found[0]


def strip(at: AppTest) -> ButtonGroup[Any]:
    return next(b for b in at.button_group if b.key == "gen_step")


def expected(text: str, settings: generate.Settings, n: int) -> tuple[tuple[int, ...], list[generate.Step]]:
    ids = pretrained.tokenize("smollm2", text).ids
    return ids, list(generate.steps("smollm2", ids, settings, n))


def written_text(ids: tuple[int, ...], steps: list[generate.Step]) -> str:
    return pretrained.load("smollm2").tokenizer.decode([*ids, *(s.token for s in steps)])


def shows_step(at: AppTest, step: generate.Step, j: int) -> None:
    """The bars and the attention heatmap are step ``j``'s (from 1) own numbers."""
    bars = figure(at, "gen_bars")
    assert (
        t("gen.bars.title", "en", j=j, last="", chosen="", q=0.0).split(":")[0]
        in bars["layout"]["title"]["text"]
    )
    p, q = (decode(trace["y"]) for trace in bars["data"])
    np.testing.assert_allclose(p, step.p[: view.BARS], rtol=1e-6)
    np.testing.assert_allclose(q, step.q[: view.BARS], rtol=1e-6)
    marked = [x for x in bars["data"][0]["x"] if x.startswith("▶")]
    assert len(marked) == (1 if step.token in step.ids[: view.BARS] else 0)
    heat = figure(at, "gen_attention")["data"][0]
    layers, _, keys = step.attention.shape
    np.testing.assert_allclose(decode(heat["z"]).reshape(layers, keys), step.attention.mean(1), atol=1e-6)
    assert len(heat["x"]) == keys


def test_a_link_writes_the_same_tokens_in_any_session_and_the_strip_picks_a_step() -> None:
    real("smollm2")
    at = open_link("pretrained", **LINK)
    ids, steps = expected(at.session_state["real_text"], generate.Settings(seed=11), 8)
    assert at.text[0].value == written_text(ids, steps)
    assert open_link("pretrained", **LINK).text[0].value == at.text[0].value  # a second visitor, same link
    # the latest step shows first (its pill is 0: it follows the writing)
    pills = strip(at)
    assert pills.value == 0
    groups = generate.characters(
        b"", [tokens.piece_bytes(pretrained.load("smollm2").tokenizer.id_to_token(s.token)) for s in steps]
    )
    assert len(pills.options) == len(groups)
    last = groups[-1][0]
    shows_step(at, steps[last], last + 1)
    # a pick goes in the link and shows that step
    pills.set_value(1)
    at = ok(at.run())
    assert at.query_params["step"] == "1"
    shows_step(at, steps[0], 1)
    assert steps[0].attention.shape[-1] == len(ids)  # step 1 reads the text alone


def test_one_more_token_appends_to_the_same_text_and_stop_keeps_the_steps_finished() -> None:
    real("smollm2")
    at = open_link("pretrained", **LINK)
    before = at.text[0].value
    at = ok(at.button(key="gen_more").click().run())
    assert at.session_state["gen_n"] == 9 and at.query_params["n"] == "9"
    assert at.text[0].value.startswith(before) and len(at.text[0].value) > len(before)
    # Stop sets the count to the steps the running generation had finished (a run cut short at 3)
    at.session_state[view.DONE] = 3
    at = ok(at.button(key="gen_stop").click().run())
    assert at.session_state["gen_n"] == 3 and at.query_params["n"] == "3"
    ids, steps = expected(at.session_state["real_text"], generate.Settings(seed=11), 3)
    assert at.text[0].value == written_text(ids, steps)


def test_greedy_writing_ignores_the_seed_and_greys_out_the_sampling_controls() -> None:
    real("smollm2")
    texts = {
        open_link("pretrained", **{**LINK, "mode": "top", "seed": seed}).text[0].value for seed in ("1", "2")
    }
    assert len(texts) == 1
    at = open_link("pretrained", **{**LINK, "mode": "top"})
    assert at.slider(key="gen_temp").disabled and at.number_input(key="gen_seed").disabled
    ids, steps = expected(at.session_state["real_text"], generate.Settings(mode="top"), 8)
    assert texts == {written_text(ids, steps)}
    assert t("gen.bars.greedy", "en") in [c.value for c in at.caption]


def test_a_session_writes_at_most_the_rate_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    real("smollm2")
    monkeypatch.setattr(view, "RATE", 10)
    at = open_link("pretrained", **{**LINK, "seed": "4242", "n": "6"})
    assert not at.warning
    at.slider(key="gen_n").set_value(20)
    at = ok(at.run())
    assert at.session_state[view.DONE] == 10  # 6 + the 4 the minute had left
    assert any(t("gen.rate", "en", rate=10, n=10, wait=0).split(";")[0] in w.value for w in at.warning)
    # tokens already shown for the same text and settings are free
    at.slider(key="gen_n").set_value(7)
    at = ok(at.run())
    assert not at.warning and at.session_state[view.DONE] == 7


@pytest.mark.parametrize(
    ("query", "n"),
    [
        ({"n": "999", "topp": "7", "mode": "<script>", "step": "-3", "seed": "abc", "gtemp": "nan"}, None),
        ({"n": "2", "step": "31"}, 2),
    ],
)
def test_an_absurd_link_is_refused_with_a_note_and_the_tab_still_writes(
    query: dict[str, str], n: int | None
) -> None:
    real("smollm2")
    at = open_link("pretrained", **{**LINK, **query})
    assert 0 <= at.session_state["gen_n"] <= generate.MAX_NEW
    if n is not None:
        assert at.session_state["gen_n"] == n
        assert strip(at).value == 0  # a step past the tokens written is the latest
    assert at.session_state["gen_mode"] in generate.MODES
    assert figure(at, "gen_bars")["data"]


def test_minilm_writes_nothing_and_says_why() -> None:
    real("minilm")
    at = open_link("pretrained", model="minilm", tab="generate")
    assert t("gen.minilm", "en") in [i.value for i in at.info]
    assert not [b for b in at.button_group if b.key == "gen_step"]


def test_a_visitors_markup_stays_text_in_the_text_and_the_strip() -> None:
    real("smollm2")
    hostile = "**bold** <b>tag</b> [link](javascript:alert(1)) `code`"
    at = open_link("pretrained", **{**LINK, "text": hostile})
    assert at.text[0].value.startswith(hostile)
    for label in strip(at).options:
        bare = re.sub(r"\\.", "", str(label))  # what is left once every escaped mark is taken out
        assert not set(bare) & set("*_[]()<>`#\\"), label


def test_korean_is_written_and_picked_as_whole_syllables() -> None:
    real("smollm2")
    at = open_link(
        "pretrained", **{**LINK, "text": "나는 학생이다. 오늘은", "seed": "3", "n": "12", "lang": "ko"}
    )
    labels = [str(o) for o in strip(at).options]
    assert not any("⟨" in label for label in labels[:-1]), labels  # only an unfinished last one shows bytes
    assert any("가" <= ch <= "힣" for label in labels for ch in label), labels
    assert "단계" in figure(at, "gen_bars")["layout"]["title"]["text"]


def test_a_candidate_that_is_part_of_a_syllable_is_read_whole_in_the_bars() -> None:
    """A byte-level candidate (a Korean syllable is three bytes, often a token each) is labelled with the
    whole syllable the model's likeliest next tokens make of it, each of them checked against a plain
    forward of the model on the text so far; a whole candidate keeps its piece."""
    real("smollm2")
    from viz.pretrained import llama

    text = "나는 학생이다. 오늘은"
    at = open_link("pretrained", model="smollm2", tab="generate", mode="top", n="6", text=text, lang="ko")
    ids, steps = expected(text, generate.Settings(mode="top"), 6)
    tokenizer = pretrained.load("smollm2").tokenizer
    model = pretrained.load("smollm2").model

    def raw(chain: list[int]) -> bytes:
        return b"".join(tokens.piece_bytes(tokenizer.id_to_token(i)) for i in chain)

    # the strip starts on the latest character: the step that began it
    picked = generate.characters(b"", [raw([s.token]) for s in steps])[-1][0]
    before = [*ids, *(s.token for s in steps[:picked])]
    bars = figure(at, "gen_bars")
    labels = [re.sub(r"^(▶ )?\d+\. ", "", x) for x in bars["data"][0]["x"]]
    whole = 0
    for label, first in zip(labels, steps[picked].ids[: view.BARS], strict=True):
        piece = tokens.readable(tokenizer.id_to_token(int(first)), wordpiece=False)
        if label == piece:
            assert tokens.open_tail(raw([int(first)])) == b""
            continue
        # "syllables (pieces)": the pieces are the candidate and the model's likeliest tokens after it
        chain = [int(first)]
        while tokens.open_tail(raw(chain)):
            chain.append(int(np.argmax(llama.run(model, [*before, *chain]).logits)))
            assert len(chain) <= 1 + tokens.MORE
        pieces = "".join(tokens.readable(tokenizer.id_to_token(i), wordpiece=False) for i in chain)
        assert label == f"{tokens.readable_bytes(raw(chain))} ({pieces})"
        assert any("가" <= ch <= "힣" for ch in label.split(" (")[0]), label
        whole += 1
    assert whole >= 1, labels  # the text goes on in Korean: some candidates are a syllable's first byte
    assert_title_reads_characters(bars["layout"]["title"]["text"], before, steps, picked)


def assert_title_reads_characters(
    title: str, before: list[int], steps: list[generate.Step], picked: int
) -> None:
    """The bars' title quotes the text's end as whole characters (a suffix of the text, no broken
    character's mark) and the chosen token as the characters the tokens written from it make."""
    tokenizer = pretrained.load("smollm2").tokenizer
    last, chosen = re.findall(r"“(.*?)”", title)
    assert last.startswith("…") and "\ufffd" not in last, title
    assert tokenizer.decode(before).endswith(last[1:]) and 0 < len(last[1:]) <= view.TAIL_CHARS, title
    raws = [tokens.piece_bytes(tokenizer.id_to_token(s.token)) for s in steps]
    _, end, raw = next(g for g in generate.characters(b"", raws) if g[0] == picked)
    assert chosen.startswith(tokens.readable_bytes(raw)), (title, raw)
    assert "⟨" not in chosen.split(" (")[0] or end == len(steps), title  # whole, unless still being written


@pytest.mark.parametrize("seed", ["3", "5"])
def test_the_bars_title_reads_a_korean_text_and_the_written_syllable_whole(seed: str) -> None:
    """Sampled, so the token written after a syllable's first byte need not be the likeliest: the title
    names what was written. The text's last eight tokens begin inside a syllable: the title quotes whole
    characters only."""
    real("smollm2")
    text = "오늘은 날씨가 좋아서"
    at = open_link("pretrained", model="smollm2", tab="generate", mode="sample", seed=seed, n="7", text=text)
    ids, steps = expected(text, generate.Settings(seed=int(seed)), 7)
    tokenizer = pretrained.load("smollm2").tokenizer
    raws = [tokens.piece_bytes(tokenizer.id_to_token(s.token)) for s in steps]
    groups = generate.characters(b"", raws)
    assert len(groups) >= 2
    for i, (first, _, _) in enumerate(groups):  # each character written, picked on the strip
        at = ok(strip(at).set_value(0 if i == len(groups) - 1 else first + 1).run())
        before = [*ids, *(s.token for s in steps[:first])]
        title = figure(at, "gen_bars")["layout"]["title"]["text"]
        assert_title_reads_characters(title, before, steps, first)
