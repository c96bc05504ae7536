"""SmolLM2 writing on (viz.pretrained.generate) against independent implementations.

- The cuts (temperature, then top-k, then top-p) against ``transformers``' own logits warpers.
- The choice: inverse-CDF sampling against the cumulative sums, a cut token never drawn, the draws of many
  seeds distributed as the probabilities say.
- With the real weights: 20 tokens from a seed written twice from nothing give the same text; each step's
  probabilities and attention equal a plain forward on the text so far, ours and ``transformers``' (which
  reads the same GGUF file), and a step after the keys and values of the text so far equals one without.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch
from transformers.generation.logits_process import (
    TemperatureLogitsWarper,
    TopKLogitsWarper,
    TopPLogitsWarper,
)

from tests.support.needs import real
from viz import pretrained
from viz.cache import budget
from viz.pretrained import files, generate, llama, tokens


def transformers_cut(logits: np.ndarray, temperature: float, top_k: int, top_p: float) -> np.ndarray:
    """The distribution ``transformers`` samples from with these settings (its warpers, in its order)."""
    scores = torch.tensor(logits, dtype=torch.float64)[None]
    ids = torch.zeros((1, 1), dtype=torch.long)
    scores = TemperatureLogitsWarper(temperature)(ids, scores)
    if top_k > 0:
        scores = TopKLogitsWarper(top_k)(ids, scores)
    if top_p < 1.0:
        scores = TopPLogitsWarper(top_p)(ids, scores)
    return torch.softmax(scores, -1)[0].numpy()


@pytest.mark.parametrize(
    ("temperature", "top_k", "top_p"),
    [(1.0, 0, 1.0), (0.7, 40, 1.0), (1.3, 0, 0.9), (0.8, 40, 0.9), (2.5, 5, 0.5), (0.2, 100, 0.05)],
)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_cuts_are_transformers_warpers(seed: int, temperature: float, top_k: int, top_p: float) -> None:
    logits = np.random.default_rng(seed).normal(0, 3, 500).astype(np.float32)
    p, q = generate.filtered(logits, temperature, top_k, top_p)
    z = logits.astype(np.float64) / temperature
    np.testing.assert_allclose(p, np.exp(z - z.max()) / np.exp(z - z.max()).sum(), rtol=1e-12)
    want = transformers_cut(logits, temperature, top_k, top_p)
    np.testing.assert_array_equal(q > 0, want > 0)  # the same tokens left in the running
    np.testing.assert_allclose(q, want, rtol=1e-9, atol=1e-15)
    if top_k:
        assert np.count_nonzero(q) <= top_k


def test_the_likeliest_token_survives_any_top_p() -> None:
    logits = np.array([5.0, 1.0, 0.5, 0.0], dtype=np.float32)  # the first holds ~97 %
    _, q = generate.filtered(logits, 1.0, 0, 0.05)
    assert q.tolist() == [1.0, 0.0, 0.0, 0.0]


def test_a_draw_picks_where_the_running_total_passes_it() -> None:
    logits = np.array([1.0, 3.0, 2.0, 0.0])  # likeliest first: 1, 2, 0, 3
    q = np.array([0.2, 0.5, 0.3, 0.0])  # token 3 cut
    for u, want in [(0.0, 1), (0.49, 1), (0.5, 2), (0.79, 2), (0.8, 0), (0.999999, 0)]:
        assert generate.choose(logits, q, "sample", u) == want, u
    assert generate.choose(logits, q, "top", 0.9) == 1
    # rounding in the running total never reaches a token the cuts removed
    assert generate.choose(logits, np.array([0.2, 0.5, 0.3 - 1e-12, 0.0]), "sample", 1.0 - 1e-16) == 0


def test_draws_are_one_per_seed_and_step_and_follow_the_probabilities() -> None:
    assert generate.draw(5, 3) == generate.draw(5, 3)
    assert len({generate.draw(seed, step) for seed in range(20) for step in range(1, 21)}) == 400
    logits = np.array([2.0, 1.0, 0.0, -1.0])
    _, q = generate.filtered(logits, 1.0, 3, 1.0)
    picks = np.bincount(
        [generate.choose(logits, q, "sample", generate.draw(s, 1)) for s in range(4000)], minlength=4
    )
    assert picks[3] == 0
    np.testing.assert_allclose(picks / 4000, q, atol=0.03)


def test_tokens_are_grouped_into_whole_characters() -> None:
    hak = "학".encode()  # three bytes
    raws = [b" I", hak[:1], hak[1:2], hak[2:], b"!", hak[:2]]
    assert generate.characters(b"", raws) == [
        (0, 1, b" I"),
        (1, 4, hak),
        (4, 5, b"!"),
        (5, 6, hak[:2]),  # unfinished at the end: its own group, still open
    ]
    # the text's own unfinished character is finished by the first group
    assert generate.characters(hak[:1], [hak[1:], b"x"]) == [(0, 1, hak), (1, 2, b"x")]
    # lone continuation bytes are groups of their own; lead bytes that never finish are cut after `most`
    assert [g[:2] for g in generate.characters(b"", [b"\x80"] * 2)] == [(0, 1), (1, 2)]
    assert [g[:2] for g in generate.characters(b"", [b"\xe1"] * 5, most=2)] == [(0, 2), (2, 4), (4, 5)]


# ---- the real model ---------------------------------------------------------------------------------
PROMPT = "The cat sat on the mat because"
SETTINGS = generate.Settings(mode="sample", temperature=0.9, top_k=40, top_p=0.95, seed=17)


def forget() -> None:
    generate.step.clear()  # type: ignore[attr-defined]
    generate._states.clear()


def test_twenty_tokens_from_a_seed_are_written_again_the_same_and_each_step_is_a_plain_forward() -> None:
    real("smollm2")
    ids = pretrained.tokenize("smollm2", PROMPT).ids
    forget()
    first = list(generate.steps("smollm2", ids, SETTINGS, 20))
    forget()
    again = list(generate.steps("smollm2", ids, SETTINGS, 20))
    assert [s.token for s in again] == [s.token for s in first] and len(first) == 20
    # another seed writes another text from the same probabilities
    other = list(generate.steps("smollm2", ids, generate.Settings(**{**SETTINGS.__dict__, "seed": 18}), 20))
    assert [s.token for s in other] != [s.token for s in first]
    # asking for fewer is the same beginning
    assert [s.token for s in generate.steps("smollm2", ids, SETTINGS, 7)] == [s.token for s in first[:7]]

    model = pretrained.load("smollm2").model
    written = [s.token for s in first]
    for j, step in enumerate(first):
        plain = llama.run(model, [*ids, *written[:j]])
        p, q = generate.filtered(plain.logits, SETTINGS.temperature, SETTINGS.top_k, SETTINGS.top_p)
        np.testing.assert_array_equal(step.ids, np.argsort(-plain.logits, kind="stable")[: generate.SHOWN])
        np.testing.assert_allclose(step.p, p[step.ids], atol=1e-5)
        np.testing.assert_allclose(step.q, q[step.ids], atol=1e-5)
        np.testing.assert_allclose(step.attention, plain.attention[:, :, -1], atol=1e-5)
        assert step.token in step.ids[: step.kept] and q[step.token] > 0
        assert step.draw == generate.draw(SETTINGS.seed, j + 1)


def test_greedy_writing_takes_the_likeliest_token_whatever_the_seed() -> None:
    real("smollm2")
    ids = pretrained.tokenize("smollm2", "The capital of France is").ids
    greedy = generate.Settings(mode="top")
    written = [s.token for s in generate.steps("smollm2", ids, greedy, 5)]
    model = pretrained.load("smollm2").model
    for j, token in enumerate(written):
        assert token == int(np.argmax(llama.run(model, [*ids, *written[:j]]).logits))
    tokenizer = pretrained.load("smollm2").tokenizer
    assert tokenizer.decode(written).startswith(" Paris")


def test_each_step_is_what_transformers_computes_on_the_text_so_far() -> None:
    """The app's steps (its float16 copy of the weights, one token at a time after the text's keys and
    values) against ``transformers`` running the whole text so far from the same GGUF file in float32."""
    real("smollm2")
    from transformers import LlamaForCausalLM

    pin = files.SMOLLM2
    hf = LlamaForCausalLM.from_pretrained(
        str(files.folder(pin)), gguf_file=pin.files[0].name, attn_implementation="eager"
    ).eval()
    ids = pretrained.tokenize("smollm2", "나는 학생이다. 오늘은").ids
    steps = list(generate.steps("smollm2", ids, SETTINGS, 20))
    written = [s.token for s in steps]
    for j, step in enumerate(steps):
        with torch.no_grad():
            out = hf(torch.tensor([[*ids, *written[:j]]]), output_attentions=True)
        logits = out.logits[0, -1].numpy()
        p, _ = generate.filtered(logits, SETTINGS.temperature, SETTINGS.top_k, SETTINGS.top_p)
        # within what the app's float16 copy of the weights moves them (an off-by-one position, a wrong
        # cache or a wrong cut moves them by far more); the test above holds the steps to our own float
        # forward at 1e-5, and test_pretrained holds that to transformers at 1e-4
        np.testing.assert_allclose(step.p, p[step.ids], rtol=2e-2, atol=2e-4)
        rows = torch.stack(out.attentions)[:, 0, :, -1].numpy()
        np.testing.assert_allclose(step.attention, rows, atol=1e-2)
    # what it wrote, grouped into whole characters: every group but an unfinished last one decodes alone
    tokenizer = pretrained.load("smollm2").tokenizer
    groups = generate.characters(b"", [tokens.piece_bytes(tokenizer.id_to_token(t)) for t in written])
    whole = [raw.decode("utf-8") for _, _, raw in groups[:-1]]
    assert any("가" <= ch <= "힣" for text in whole for ch in text), whole  # it writes on in Korean


def test_the_models_state_after_a_text_counts_against_the_servers_budget() -> None:
    real("smollm2")
    ids = pretrained.tokenize("smollm2", PROMPT).ids
    forget()
    list(generate.steps("smollm2", ids, SETTINGS, 3))
    sizes = budget.STORE.sizes(generate._states.namespace)
    assert len(sizes) == 3  # the text, then each token read after it but the last written
    assert all(size > 100_000 for size in sizes.values())  # 30 layers' keys and values at least
