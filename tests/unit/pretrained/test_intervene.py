"""The logit lens, head ablation and activation patching (viz.pretrained.intervene) against
``transformers``' LlamaForCausalLM changed by forward hooks on its own modules: a pre-hook on a layer's
``o_proj`` sees every head's output side by side (what ablation and head patching change), a pre-hook on
a decoder layer sees the residual stream entering it (what stream patching changes), and the lens is its
own final norm and ``lm_head`` on its hidden states.

Tiny random-weight models at 1e-5 (no download), then the real SmolLM2 where it is installed (always
under CI): " Paris" read by the lens and restored by patching the right layer and position.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest
import torch
from transformers import LlamaForCausalLM

from tests.support.needs import real
from tests.unit.pretrained.test_pretrained import our_llama_config, tiny_llama
from viz.pretrained import intervene, llama

ATOL = 1e-5
IDS = [1, 5, 9, 33, 12, 40, 7]
CORRUPT = [1, 5, 9, 21, 12, 40, 7]  # one token changed


def ours(hf: LlamaForCausalLM) -> llama.Llama:
    return llama.from_state_dict(our_llama_config(hf), hf.state_dict())


@contextmanager
def hooked(module: torch.nn.Module, fn: Callable[..., Any], *, kwargs: bool = False) -> Iterator[None]:
    handle = module.register_forward_pre_hook(fn, with_kwargs=kwargs)
    try:
        yield
    finally:
        handle.remove()


def hf_logp(hf: LlamaForCausalLM, ids: list[int]) -> torch.Tensor:
    with torch.no_grad():
        return torch.log_softmax(hf(torch.tensor([ids])).logits[0, -1], -1)


def set_heads(hf: LlamaForCausalLM, layer: int, values: dict[int, torch.Tensor]) -> Any:
    """A pre-hook on layer ``layer``'s output projection: head h's slice of its input set to values[h]."""
    d_head = hf.config.hidden_size // hf.config.num_attention_heads

    def hook(_: torch.nn.Module, args: tuple[torch.Tensor, ...]) -> tuple[torch.Tensor, ...]:
        x = args[0].clone()
        for h, v in values.items():
            x[0, :, h * d_head : (h + 1) * d_head] = v
        return (x,)

    return hooked(hf.model.layers[layer].self_attn.o_proj, hook)


def hf_heads(hf: LlamaForCausalLM, ids: list[int]) -> list[torch.Tensor]:
    """Every layer's heads' outputs (T, heads, d_head), read by pre-hooks on the output projections."""
    seen: list[torch.Tensor] = []
    handles = [
        layer.self_attn.o_proj.register_forward_pre_hook(lambda _, a: seen.append(a[0][0].clone()))
        for layer in hf.model.layers
    ]
    try:
        hf_logp(hf, ids)
    finally:
        for handle in handles:
            handle.remove()
    return [s.view(len(ids), hf.config.num_attention_heads, -1) for s in seen]


def test_the_trace_is_transformers_streams_and_heads() -> None:
    hf = tiny_llama(0)
    run = intervene.trace(ours(hf), IDS)
    with torch.no_grad():
        want = hf(torch.tensor([IDS]), output_hidden_states=True)
    np.testing.assert_allclose(run.hidden[:-1], torch.stack(want.hidden_states)[:-1, 0], atol=ATOL)
    np.testing.assert_allclose(run.heads, torch.stack(hf_heads(hf, IDS)), atol=ATOL)
    np.testing.assert_allclose(run.logits, want.logits[0, -1], atol=ATOL)


@pytest.mark.parametrize("seed", [0, 1])
def test_the_lens_is_the_final_norm_and_output_layer_on_each_layers_stream(seed: int) -> None:
    hf = tiny_llama(seed)
    model = ours(hf)
    found = intervene.lens(model, intervene.trace(model, IDS), k=4)
    with torch.no_grad():
        want = hf(torch.tensor([IDS]), output_hidden_states=True)
        # transformers' last hidden state is already normed; the others are raw streams
        streams = [hf.model.norm(h[0]) for h in want.hidden_states[:-1]] + [want.hidden_states[-1][0]]
        p = torch.softmax(hf.lm_head(torch.stack(streams)), -1)
    top_p, top = p.topk(4, dim=-1)
    np.testing.assert_array_equal(found.top, top)
    np.testing.assert_allclose(found.top_p, top_p, atol=ATOL)
    # the last row is the model's own prediction at every position
    np.testing.assert_array_equal(found.answer, want.logits[0].argmax(-1))
    np.testing.assert_allclose(found.answer_p, p[..., found.answer].diagonal(dim1=1, dim2=2), atol=ATOL)
    ranks = (p > p[..., found.answer].diagonal(dim1=1, dim2=2).unsqueeze(-1)).sum(-1)
    np.testing.assert_array_equal(found.answer_rank, ranks)
    assert np.all(found.answer_rank[-1] == 0)


def test_the_lens_from_a_later_position_is_those_columns_of_the_whole_lens() -> None:
    model = ours(tiny_llama(1))
    run = intervene.trace(model, IDS)
    whole, part = intervene.lens(model, run, k=3), intervene.lens(model, run, k=3, start=4)
    for name in ("top", "top_p", "answer_p", "answer_rank"):
        np.testing.assert_allclose(getattr(part, name), getattr(whole, name)[:, 4:], atol=ATOL)
    np.testing.assert_array_equal(part.answer, whole.answer[4:])


@pytest.mark.parametrize("how", intervene.ABLATIONS)
@pytest.mark.parametrize("chosen", [[(0, 1), (0, 4), (1, 2)], [(1, 2)], [(1, 0), (1, 5)]])
def test_ablating_heads_is_transformers_with_those_heads_outputs_replaced(
    how: intervene.Ablation, chosen: list[tuple[int, int]]
) -> None:
    # heads of the last layer alone: the ablated run starts there, from the plain run's stream
    hf = tiny_llama(1, heads=6, kv_heads=3)
    model = ours(hf)
    run = intervene.trace(model, IDS)
    heads = hf_heads(hf, IDS)
    replace: dict[int, dict[int, torch.Tensor]] = {0: {}, 1: {}}
    for layer, head in chosen:
        out = heads[layer][:, head]
        replace[layer][head] = torch.zeros_like(out) if how == "zero" else out.mean(0)
    with set_heads(hf, 0, replace[0]), set_heads(hf, 1, replace[1]):
        want = hf_logp(hf, IDS)
    np.testing.assert_allclose(intervene.ablate(model, run, chosen, how), want, atol=ATOL)


def test_ablating_nothing_gives_back_the_plain_forward_exactly() -> None:
    model = ours(tiny_llama(2))
    run = intervene.trace(model, IDS)
    plain = torch.log_softmax(torch.from_numpy(llama.run(model, IDS).logits), -1)
    np.testing.assert_array_equal(intervene.ablate(model, run, [], "zero"), plain)
    np.testing.assert_array_equal(torch.log_softmax(run.logits, -1), plain)


@pytest.mark.parametrize("how", intervene.ABLATIONS)
def test_the_ablation_grid_is_each_head_ablated_alone_in_transformers(how: intervene.Ablation) -> None:
    hf = tiny_llama(3)
    model = ours(hf)
    run = intervene.trace(model, IDS)
    answer = int(run.logits.argmax())
    grid = intervene.ablation_grid(model, run, answer, how)
    plain = hf_logp(hf, IDS)[answer]
    heads = hf_heads(hf, IDS)
    assert grid.shape == (2, 4)
    for layer in range(2):
        for head in range(4):
            out = heads[layer][:, head]
            with set_heads(hf, layer, {head: torch.zeros_like(out) if how == "zero" else out.mean(0)}):
                want = hf_logp(hf, IDS)[answer] - plain
            assert grid[layer, head] == pytest.approx(float(want), abs=ATOL)
    assert np.abs(grid).max() > 1e-3  # some head matters: the check above could not pass on zeros


def restoring(hf: LlamaForCausalLM, good: int, bad: int) -> Callable[[torch.Tensor], float]:
    """The share of the answer a patched run's log-probabilities restore, from transformers' own plain runs
    of both texts (made here, before any hook is set)."""
    low, high = (float(x[good] - x[bad]) for x in (hf_logp(hf, CORRUPT), hf_logp(hf, IDS)))
    assert abs(high - low) > 1e-3
    return lambda patched: (float(patched[good] - patched[bad]) - low) / (high - low)


def answers(model: llama.Llama) -> tuple[intervene.Trace, intervene.Trace, int, int]:
    clean, corrupt = intervene.trace(model, IDS), intervene.trace(model, CORRUPT)
    good = int(clean.logits.argmax())
    order = torch.argsort(corrupt.logits, descending=True)
    bad = int(order[0]) if int(order[0]) != good else int(order[1])
    return clean, corrupt, good, bad


def test_patching_the_stream_is_transformers_with_one_position_put_back_before_a_layer() -> None:
    hf = tiny_llama(4)
    model = ours(hf)
    clean, corrupt, good, bad = answers(model)
    grid = intervene.patch_grid(model, clean, corrupt, good, bad, "resid")
    assert grid.shape == (2, len(IDS))
    restored = restoring(hf, good, bad)
    with torch.no_grad():
        streams = hf(torch.tensor([IDS]), output_hidden_states=True).hidden_states
    for layer in range(2):
        for p in range(len(IDS)):

            def hook(_: Any, args: Any, kw: dict[str, Any], layer: int = layer, p: int = p) -> Any:
                x = args[0].clone()
                x[0, p] = streams[layer][0, p]
                return (x, *args[1:]), kw

            with hooked(hf.model.layers[layer], hook, kwargs=True):
                want = restored(hf_logp(hf, CORRUPT))
            assert grid[layer, p] == pytest.approx(want, abs=1e-4)
    # positions before the changed token read the same in both texts: putting them back changes nothing
    np.testing.assert_allclose(grid[:, :3], 0.0, atol=1e-4)


def test_patching_heads_is_transformers_with_one_heads_clean_output_put_back() -> None:
    hf = tiny_llama(5)
    model = ours(hf)
    clean, corrupt, good, bad = answers(model)
    grid = intervene.patch_grid(model, clean, corrupt, good, bad, "heads")
    heads = hf_heads(hf, IDS)
    restored = restoring(hf, good, bad)
    for layer in range(2):
        for head in range(4):
            with set_heads(hf, layer, {head: heads[layer][:, head]}):
                want = restored(hf_logp(hf, CORRUPT))
            assert grid[layer, head] == pytest.approx(want, abs=1e-4)


def test_patching_every_position_at_a_layer_gives_back_the_clean_answer() -> None:
    model = ours(tiny_llama(6))
    clean, corrupt, _, _ = answers(model)
    whole = tuple(range(len(IDS)))
    changes = [intervene.Change(layer, whole, clean.hidden[layer]) for layer in range(2)]
    got = intervene.sweep(model, corrupt, changes)
    for logp in got:
        np.testing.assert_allclose(logp, torch.log_softmax(clean.logits, -1), atol=ATOL)
    # and the changes come back in the order asked, whatever order the batch ran them in
    both = intervene.sweep(model, corrupt, [changes[1], intervene.Change(0), changes[0]])
    np.testing.assert_allclose(both[1], torch.log_softmax(corrupt.logits, -1), atol=ATOL)


def test_a_sweep_larger_than_one_batch_is_the_same_as_one_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    model = ours(tiny_llama(7))
    clean, corrupt, good, bad = answers(model)
    whole = intervene.patch_grid(model, clean, corrupt, good, bad, "resid")
    reported: list[float] = []
    monkeypatch.setattr(intervene, "ROWS", len(IDS) * 3)  # three changed runs a batch
    parts = intervene.patch_grid(model, clean, corrupt, good, bad, "resid", reported.append)
    np.testing.assert_allclose(parts, whole, atol=1e-4)  # a batch's size moves float sums a little
    assert reported == sorted(reported) and reported[-1] == 1.0
    assert len(reported) == 5 * 2  # 14 runs by 3: five batches, each reporting after each of 2 layers


def test_texts_of_different_lengths_are_refused() -> None:
    model = ours(tiny_llama(0))
    with pytest.raises(ValueError, match="as many tokens"):
        shorter = intervene.trace(model, IDS[:-1])
        intervene.patch_grid(model, intervene.trace(model, IDS), shorter, 1, 2, "resid")


# ---- the real SmolLM2 -----------------------------------------------------------------------------------
def test_real_smollm2_reads_paris_and_patching_finds_where_france_is_moved() -> None:
    real("smollm2")
    from viz import pretrained

    model = pretrained.load("smollm2").model
    tokenizer = pretrained.load("smollm2").tokenizer
    clean = intervene.trace(model, pretrained.tokenize("smollm2", "The capital of France is").ids)
    corrupt = intervene.trace(model, pretrained.tokenize("smollm2", "The capital of Italy is").ids)
    found = intervene.lens(model, clean)
    assert tokenizer.id_to_token(int(found.top[-1, -1, 0])) == "ĠParis"
    assert found.answer_rank[0, -1] > 100 and found.answer_rank[-1, -1] == 0  # read late, not early
    good, bad = int(clean.logits.argmax()), int(corrupt.logits.argmax())
    assert tokenizer.id_to_token(bad) == "ĠRome"
    grid = intervene.patch_grid(model, clean, corrupt, good, bad, "resid")
    france = 3
    # early on the answer lives at " France": putting that one stream back restores it ...
    assert grid[:20, france].min() > 0.9 and grid[:20, -1].max() < 0.1
    # ... and late it has been moved to the last position, which alone restores it there
    assert grid[-4:, -1].min() > 0.9 and grid[-4:, france].max() < 0.1
    heads = intervene.patch_grid(model, clean, corrupt, good, bad, "heads")
    assert heads.max() > 0.5  # one head carries most of it (layer 24's fifth head here)


def test_real_smollm2_grids_from_the_low_priority_worker_are_the_ones_computed_here() -> None:
    real("smollm2")
    from viz import pretrained
    from viz.pretrained import worker

    model = pretrained.load("smollm2").model
    ids = pretrained.tokenize("smollm2", "The capital of France is").ids
    other = pretrained.tokenize("smollm2", "The capital of Italy is").ids
    clean, corrupt = intervene.trace(model, ids), intervene.trace(model, other)
    good, bad = int(clean.logits.argmax()), int(corrupt.logits.argmax())
    seen: list[float] = []
    got = worker.grid("patch", ids, "heads", good, bad, other, progress=seen.append)
    np.testing.assert_allclose(
        got, intervene.patch_grid(model, clean, corrupt, good, bad, "heads"), atol=1e-5
    )
    got = worker.grid("ablation", ids, "mean", good)
    np.testing.assert_allclose(got, intervene.ablation_grid(model, clean, good, "mean"), atol=1e-5)
    assert seen == sorted(seen) and all(0.0 <= s <= 1.0 for s in seen)
    assert worker.niceness() == worker.NICE  # the class's reruns come first
    pid = worker.pid()
    assert pid is not None and os.sched_getscheduler(pid) == os.SCHED_IDLE  # and have the core back at once


def test_a_worker_that_dies_fails_its_grid_and_the_next_grid_gets_a_new_one() -> None:
    real("smollm2")
    import os
    import signal

    from viz import pretrained
    from viz.pretrained import worker

    ids = pretrained.tokenize("smollm2", "The capital of France is").ids
    worker.niceness()  # a worker is running
    pid = worker.pid()
    assert pid is not None

    def kill_it(share: float) -> None:  # the worker dies in the middle of a grid
        if pid is not None and share > 0.3:
            os.kill(pid, signal.SIGKILL)

    with pytest.raises(worker.GridFailed):
        worker.grid("ablation", ids, "zero", 1, progress=kill_it)
    assert worker.grid("ablation", ids, "zero", 1).shape == (30, 9)


def test_real_smollm2_does_what_the_guided_lesson_says_it_does() -> None:
    """The lesson's four steps beyond the notes (viz/i18n/lesson.py) quote these numbers."""
    real("smollm2")
    from viz import pretrained

    model = pretrained.load("smollm2").model
    clean = intervene.trace(model, pretrained.tokenize("smollm2", "The capital of France is").ids)
    corrupt = intervene.trace(model, pretrained.tokenize("smollm2", "The capital of Italy is").ids)
    rank = intervene.lens(model, clean).answer_rank[:, -1]
    assert np.flatnonzero(rank == 0)[0] == 30  # " Paris" first only after the last layer
    assert 27 <= np.flatnonzero(rank < 10)[0] <= 29  # "among the ten likeliest from about layer 28"
    good, bad = int(clean.logits.argmax()), int(corrupt.logits.argmax())
    stream = intervene.patch_grid(model, clean, corrupt, good, bad, "resid")
    # "up to layer 24 only the country's position restores the answer, from layer 25 on only the last"
    assert stream[:24, 3].min() > 0.9 and np.abs(np.delete(stream[:24], 3, axis=1)).max() < 0.1
    assert stream[24:, 4].min() > 0.9 and np.abs(stream[24:, :4]).max() < 0.1
    heads = intervene.patch_grid(model, clean, corrupt, good, bad, "heads")
    assert tuple(int(i) for i in np.unravel_index(heads.argmax(), heads.shape)) == (23, 4)
    assert heads[23, 4] > 0.9
    # "at the last position it attends most to the country's word"
    assert int(np.argmax(llama.run(model, list(clean.ids)).attention[23, 4, -1])) == 3
    p = torch.softmax(clean.logits, -1)[good]
    ablated = intervene.ablate(model, clean, [(23, 4)], "zero").exp()[good]
    assert 0.72 < p < 0.82 and 0.09 < ablated < 0.19  # "from about 77% to about 14%"
    # "most other heads can go alone with almost no change"
    grid = intervene.ablation_grid(model, clean, good, "zero")
    assert np.mean(np.abs(grid) < 0.1) > 0.8


def test_real_smollm2_tools_are_transformers_with_hooks_on_the_same_file() -> None:
    """The lens, an ablation and a stream patch of SmolLM2, ours (the GGUF read in float32) against
    ``transformers`` loading the same GGUF file, changed by forward hooks, at 1e-4."""
    real("smollm2")
    from viz import pretrained
    from viz.pretrained import files

    pin = files.SMOLLM2
    folder, name = files.folder(pin), pin.files[0].name
    hf = LlamaForCausalLM.from_pretrained(str(folder), gguf_file=name, attn_implementation="eager").eval()
    model, _ = llama.load_gguf(folder / name)
    ids = list(pretrained.tokenize("smollm2", "The capital of France is").ids)
    other = list(pretrained.tokenize("smollm2", "The capital of Italy is").ids)
    clean, corrupt = intervene.trace(model, ids), intervene.trace(model, other)
    with torch.no_grad():
        want = hf(torch.tensor([ids]), output_hidden_states=True)
        streams = [hf.model.norm(h[0]) for h in want.hidden_states[:-1]] + [want.hidden_states[-1][0]]
        p = torch.softmax(hf.lm_head(torch.stack(streams)), -1)
    found = intervene.lens(model, clean, k=3)
    np.testing.assert_allclose(found.top_p, p.topk(3, dim=-1).values, atol=1e-4)
    # zero-ablating layer 24's fifth head, the one that carries the answer
    heads = hf_heads(hf, ids)
    with set_heads(hf, 23, {4: torch.zeros_like(heads[23][:, 4])}):
        ablated = hf_logp(hf, ids)
    np.testing.assert_allclose(intervene.ablate(model, clean, [(23, 4)], "zero"), ablated, atol=1e-4)
    # the stream before layer 24 at " France" put back into the Italy run
    good, bad = int(clean.logits.argmax()), int(corrupt.logits.argmax())
    ours = intervene.sweep(model, corrupt, [intervene.Change(23, (3,), clean.hidden[23, 3:4])])[0]

    def put_back(_: Any, args: Any, kw: dict[str, Any]) -> Any:
        x = args[0].clone()
        x[0, 3] = want.hidden_states[23][0, 3]
        return (x, *args[1:]), kw

    with hooked(hf.model.layers[23], put_back, kwargs=True):
        theirs = hf_logp(hf, other)
    np.testing.assert_allclose(ours, theirs, atol=1e-4)
    assert float(ours[good] - ours[bad]) > 0  # ' Paris' back above ' Rome'


def test_the_layer_an_answer_stays_on_top_from_counts_a_return() -> None:
    from viz.pretrained import patterns

    assert patterns.stays_from(np.array([False, False, True, True])) == 2
    # on top at layer 1, lost at layer 2, back from layer 3: it stays from 3, not 1
    assert patterns.stays_from(np.array([False, True, False, True, True])) == 3
    assert patterns.stays_from(np.array([True, True])) == 0
