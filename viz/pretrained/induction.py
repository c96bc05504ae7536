"""SmolLM2's induction heads: every head scored on repeated random tokens, as the toy model's are
(viz.model.induction), and the model's loss on the repeat against the first time through.

The text: ``n`` ordinary tokens drawn at random (a seeded generator) and the same ``n`` again. Nothing in
the first half can be predicted from what came before; the second half can, by copying. A model with
induction heads predicts the repeat almost perfectly (in-context learning in its simplest form).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import numpy as np

#: Random tokens per half: 2 x 24 = 48 tokens, within the page's 64.
HALF = 24
#: Token ids drawn from: ordinary pieces (SmolLM2's first ids are special and single bytes).
LOW, HIGH = 1000, 20000


@dataclass(frozen=True)
class Scores:
    ids: np.ndarray  # (2 * HALF,) the repeated random tokens
    prefix: np.ndarray  # (layers, heads) prefix-matching scores on them
    copy: np.ndarray  # (layers, heads) each head's copying score (its OV circuit's eigenvalues)
    loss: np.ndarray  # (2 * HALF - 1,) the loss of each next token, in nats


def random_repeat(seed: int, half: int = HALF) -> list[int]:
    """``half`` ordinary token ids drawn at random, then the same again."""
    tokens = np.random.default_rng(seed).integers(LOW, HIGH, size=half).tolist()
    return [*tokens, *tokens]


def scores(model: object, seed: int = 0, half: int = HALF) -> Scores:
    """Every head's prefix-matching and copying scores and the loss on one repeated random text."""
    import torch

    from viz.pretrained import llama
    from viz.pretrained.patterns import prefix_matching

    assert isinstance(model, llama.Llama)
    ids = random_repeat(seed, half)
    run = llama.run(model, ids)
    # the repeat starts at position ``half``: tokens 0 .. half - 1 come again right after them
    prefix = prefix_matching(run.attention, half, first=0)
    with torch.inference_mode():
        logp = torch.log_softmax(llama.unembed(model, torch.from_numpy(run.hidden[-1])), dim=-1)
        loss = -logp[:-1].gather(1, torch.tensor(ids[1:]).unsqueeze(1)).squeeze(1).numpy()
    return Scores(np.array(ids), prefix, _copies(model), loss)


#: The last model's copying scores (its weights', whatever the text), with a weak reference to it: one
#: model at a time (SmolLM2's, loaded once per process). Not keyed by id(): a freed model's id is reused.
_copied: list[tuple[weakref.ref[object], np.ndarray]] = []


def _copies(model: object) -> np.ndarray:
    if not _copied or _copied[0][0]() is not model:
        _copied[:] = [(weakref.ref(model), copy_scores(model))]
    return _copied[0][1]


def copy_scores(model: object) -> np.ndarray:
    """(layers, heads): each head's copying score, its circuit read through the embedding, its layer's
    norm scale, its value head (shared by its group), its slice of the output projection, the final norm
    scale and the tied output layer. The embedding's Gram matrix is made once: the circuit's nonzero
    eigenvalues are those of a d_head x d_head matrix (viz.pretrained.patterns.copying)."""
    from viz.pretrained import llama
    from viz.pretrained.patterns import copying

    assert isinstance(model, llama.Llama)
    c = model.config
    table = model.embedding
    gram = np.zeros((c.d_model, c.d_model))  # (d, d): w_u @ w_e with the tied table, a chunk at a time
    for i in range(0, table.shape[0], 8192):
        chunk = table[i : i + 8192].float().numpy().astype(np.float64)
        gram += chunk.T @ chunk
    final = model.w("model.norm.weight").numpy()
    out = np.zeros((c.layers, c.heads))
    eye = np.eye(c.d_model)
    for layer in range(c.layers):
        p = f"model.layers.{layer}"
        scale = model.w(f"{p}.input_layernorm.weight").numpy()
        v = model.w(f"{p}.self_attn.v_proj.weight").numpy()  # (kv_heads * d_head, d)
        o = model.w(f"{p}.self_attn.o_proj.weight").numpy()  # (d, heads * d_head)
        for head in range(c.heads):
            kv = c.kv_of(head)
            w_v = (v[kv * c.d_head : (kv + 1) * c.d_head] * scale).T  # (d, d_head)
            w_o = o[:, head * c.d_head : (head + 1) * c.d_head].T * final  # (d_head, d)
            # copying(eye, w_v, w_o, gram) is the score of eye @ w_v @ w_o @ gram, whose nonzero
            # eigenvalues are those of table @ w_v @ w_o @ table.T (the V x V circuit): AB and BA share them
            out[layer, head] = copying(eye, w_v, w_o, gram)
    return out
