"""A Llama-style decoder (SmolLM2-135M-Instruct) written out step by step: RMSNorm, rotary positions,
grouped-query causal attention, SwiGLU, tied output embedding. Every head's weights come back as arrays.

Weights are held by their ``transformers`` names (``model.layers.0.self_attn.q_proj.weight``...): from a
LlamaForCausalLM's state dict (the tests compare this forward with ``transformers``' at 1e-5) or from
the GGUF file, dequantised to float32 with the ``gguf`` package. llama.cpp's converter stores the query
and key rows of each head interleaved for its rotary kernel; :func:`unpermute` puts them back in the
order ``transformers`` (and this forward's rotate-half rotary) expects.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch.nn import functional as F


@dataclass(frozen=True)
class LlamaConfig:
    vocab: int
    d_model: int
    layers: int
    heads: int
    kv_heads: int
    d_ff: int
    base: float
    eps: float
    max_len: int

    @property
    def d_head(self) -> int:
        return self.d_model // self.heads

    @property
    def group(self) -> int:
        """Query heads that share one key/value head."""
        return self.heads // self.kv_heads

    def kv_of(self, head: int) -> int:
        """The key/value head query head ``head`` reads (heads 0..group-1 share the first, and so on)."""
        return head // self.group


@dataclass(frozen=True)
class Llama:
    config: LlamaConfig
    weights: Mapping[str, torch.Tensor]

    def w(self, name: str) -> torch.Tensor:
        """A weight in float32, whatever it is stored in (a float16 copy is made for this use only)."""
        return self.weights[name].float()

    @property
    def embedding(self) -> torch.Tensor:
        return self.weights["model.embed_tokens.weight"]


@dataclass(frozen=True)
class LlamaRun:
    hidden: np.ndarray  # (layers + 1, T, d_model): the embeddings, then each layer's output
    attention: np.ndarray  # (layers, heads, T, T), causal: row i is zero right of column i
    logits: np.ndarray  # (vocab,): the next token after the last one, before softmax


def from_state_dict(
    config: LlamaConfig, state: Mapping[str, torch.Tensor], dtype: torch.dtype = torch.float32
) -> Llama:
    """A :class:`Llama` over a LlamaForCausalLM's ``state_dict()``, its weights stored in ``dtype`` (the
    forward always computes in float32)."""
    weights = {k: v.detach().to(dtype).contiguous() for k, v in state.items() if k != "lm_head.weight"}
    for v in weights.values():
        v.requires_grad_(False)
    return Llama(config, weights)


def unpermute(w: np.ndarray, heads: int) -> np.ndarray:
    """Undo llama.cpp's reordering of a query or key projection (rows: ``heads`` blocks of d_head).

    The converter turns each head's rows [first half | second half] into pairs (r0, r_half, r1, ...);
    this reads them back as halves. ``w`` is (heads * d_head, d_model)."""
    d_head = w.shape[0] // heads
    return w.reshape(heads, d_head // 2, 2, *w.shape[1:]).swapaxes(1, 2).reshape(w.shape)


_GGUF_NAMES = {
    "attn_norm": "input_layernorm",
    "ffn_norm": "post_attention_layernorm",
    "attn_q": "self_attn.q_proj",
    "attn_k": "self_attn.k_proj",
    "attn_v": "self_attn.v_proj",
    "attn_output": "self_attn.o_proj",
    "ffn_gate": "mlp.gate_proj",
    "ffn_up": "mlp.up_proj",
    "ffn_down": "mlp.down_proj",
}


def _field(reader: Any, key: str) -> Any:
    return reader.fields[key].contents()


def gguf_config(reader: Any) -> LlamaConfig:
    return LlamaConfig(
        vocab=len(reader.fields["tokenizer.ggml.tokens"].data),
        d_model=int(_field(reader, "llama.embedding_length")),
        layers=int(_field(reader, "llama.block_count")),
        heads=int(_field(reader, "llama.attention.head_count")),
        kv_heads=int(_field(reader, "llama.attention.head_count_kv")),
        d_ff=int(_field(reader, "llama.feed_forward_length")),
        base=float(_field(reader, "llama.rope.freq_base")),
        eps=float(_field(reader, "llama.attention.layer_norm_rms_epsilon")),
        max_len=int(_field(reader, "llama.context_length")),
    )


def load_gguf(path: Path, dtype: torch.dtype = torch.float32) -> tuple[Llama, Any]:
    """The model in a GGUF file, dequantised and stored in ``dtype``, and the file's reader (its tokenizer
    fields). The app stores float16: half the memory (270 MB instead of 540 for SmolLM2), and the
    rounding is far below the 4-bit quantisation's own (tests/unit/pretrained/test_pretrained.py measures
    both)."""
    from gguf import GGUFReader
    from gguf.quants import dequantize

    reader = GGUFReader(str(path))
    config = gguf_config(reader)
    state: dict[str, torch.Tensor] = {}
    for tensor in reader.tensors:
        # GGML lists a matrix's sizes fastest-first; numpy's (rows, columns) is the reverse, which is
        # torch's (out_features, in_features).
        shape = tuple(int(n) for n in reversed(tensor.shape.tolist()))
        values = np.asarray(dequantize(tensor.data, tensor.tensor_type), dtype=np.float32).reshape(shape)
        name = tensor.name
        if name == "token_embd.weight":
            key = "model.embed_tokens.weight"
        elif name == "output_norm.weight":
            key = "model.norm.weight"
        elif name == "output.weight":
            continue  # the output layer is the embedding (tied), as in SmolLM2
        else:
            _, layer, part, _ = name.split(".")
            key = f"model.layers.{layer}.{_GGUF_NAMES[part]}.weight"
            if part == "attn_q":
                values = unpermute(values, config.heads)
            elif part == "attn_k":
                values = unpermute(values, config.kv_heads)
        state[key] = torch.from_numpy(np.array(values, dtype=np.float32)).to(dtype)
    return from_state_dict(config, state, dtype), reader


def _rms(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * weight


def rotary(config: LlamaConfig, t: int) -> tuple[torch.Tensor, torch.Tensor]:
    """cos and sin (T x d_head) of each position's angles: position p turns pair i by p / base^(2i/d)."""
    inv = 1.0 / (config.base ** (torch.arange(0, config.d_head, 2, dtype=torch.float32) / config.d_head))
    angles = torch.outer(torch.arange(t, dtype=torch.float32), inv)
    angles = torch.cat([angles, angles], dim=-1)
    return angles.cos(), angles.sin()


def _rotate(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    half = x.shape[-1] // 2
    turned = torch.cat([-x[..., half:], x[..., :half]], dim=-1)
    return x * cos + turned * sin


#: What an intervention may do to each head's output in a layer: it gets them (B, T, heads, d_head), before
#: the output projection mixes them, and returns what the layer goes on with (viz.pretrained.intervene).
HeadEdit = Callable[[torch.Tensor], torch.Tensor]


def block(
    model: Llama,
    i: int,
    x: torch.Tensor,
    rope: tuple[torch.Tensor, torch.Tensor],
    future: torch.Tensor,
    edit: HeadEdit | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Layer ``i`` on a batch of residual streams ``x`` (B, T, d_model) with no text before them: the
    stream after it and every head's weights (B, heads, T, T). ``rope`` is :func:`rotary`'s (cos, sin)
    for T positions and ``future`` the causal mask (T, T)."""
    c = model.config
    b, t, _ = x.shape
    p = f"model.layers.{i}"
    h = _rms(x, model.w(f"{p}.input_layernorm.weight"), c.eps)
    q = F.linear(h, model.w(f"{p}.self_attn.q_proj.weight")).view(b, t, c.heads, c.d_head).transpose(1, 2)
    k = F.linear(h, model.w(f"{p}.self_attn.k_proj.weight")).view(b, t, c.kv_heads, c.d_head).transpose(1, 2)
    v = F.linear(h, model.w(f"{p}.self_attn.v_proj.weight")).view(b, t, c.kv_heads, c.d_head).transpose(1, 2)
    q, k = _rotate(q, *rope), _rotate(k, *rope)
    # Grouped-query attention: each key/value head serves `group` query heads in a row.
    k, v = k.repeat_interleave(c.group, dim=1), v.repeat_interleave(c.group, dim=1)
    scores = (q @ k.transpose(-1, -2)) / math.sqrt(c.d_head)  # (B, heads, T, T)
    weights = torch.softmax(scores.masked_fill(future, float("-inf")), dim=-1)
    heads = (weights @ v).transpose(1, 2)  # (B, T, heads, d_head): each head's output
    if edit is not None:
        heads = edit(heads)
    x = x + F.linear(heads.reshape(b, t, c.d_model), model.w(f"{p}.self_attn.o_proj.weight"))
    h = _rms(x, model.w(f"{p}.post_attention_layernorm.weight"), c.eps)
    gate = F.silu(F.linear(h, model.w(f"{p}.mlp.gate_proj.weight")))
    x = x + F.linear(
        gate * F.linear(h, model.w(f"{p}.mlp.up_proj.weight")), model.w(f"{p}.mlp.down_proj.weight")
    )
    return x, weights


def causal(t: int) -> torch.Tensor:
    """The causal mask of ``t`` tokens: True where a query would read a later key."""
    return torch.triu(torch.ones(t, t, dtype=torch.bool), diagonal=1)


@torch.inference_mode()
def run(model: Llama, ids: list[int]) -> LlamaRun:
    """The decoder on one sequence of token ids: every layer's output and heads, and the next token."""
    c = model.config
    if not 0 < len(ids) <= c.max_len:
        raise ValueError(f"{len(ids)} tokens: the model reads 1 to {c.max_len}")
    t = len(ids)
    x = model.embedding[torch.tensor([ids], dtype=torch.long)].float()  # (1, T, d_model)
    rope, future = rotary(c, t), causal(t)
    hidden, maps = [x[0]], []
    for i in range(c.layers):
        x, weights = block(model, i, x, rope, future)
        hidden.append(x[0])
        maps.append(weights[0])
    logits = unembed(model, x[0, -1])
    return LlamaRun(torch.stack(hidden).numpy(), torch.stack(maps).numpy(), logits.numpy())


#: Each layer's keys (rotated) and values of a text, (kv_heads, T, d_head) each: what later tokens read.
Cache = list[tuple[torch.Tensor, torch.Tensor]]


@torch.inference_mode()
def prefix(model: Llama, ids: list[int]) -> Cache:
    """The keys and values every layer makes for ``ids``, so that tokens after them (:func:`extend`) are
    run without running the text again."""
    return _forward(model, torch.tensor([ids], dtype=torch.long), None)[1]


@torch.inference_mode()
def extend(model: Llama, cache: Cache, chains: Sequence[tuple[int, ...]]) -> np.ndarray:
    """The next token's logits (B, vocab) after each of ``chains`` (B chains of one length), each read
    after the text whose ``cache`` is given: the same as :func:`run` on the text followed by the chain."""
    x, _ = _forward(model, torch.tensor(list(chains), dtype=torch.long), cache)
    return unembed(model, x[:, -1]).numpy()


@torch.inference_mode()
def extend_one(model: Llama, cache: Cache | None, ids: list[int]) -> tuple[Cache, np.ndarray, np.ndarray]:
    """``ids`` read after the text whose ``cache`` is given (none: ``ids`` are the whole text): the keys
    and values of all of it, the next token's logits (vocab,) and how the last token read every token
    (layers, heads, T), as :func:`run` on the whole text would give them."""
    rows: list[torch.Tensor] = []
    x, cache = _forward(model, torch.tensor([ids], dtype=torch.long), cache, rows)
    return cache, unembed(model, x[0, -1]).numpy(), torch.stack(rows).numpy()


def unembed(model: Llama, x: torch.Tensor) -> torch.Tensor:
    """The final norm and the output layer (the tied embedding) on streams (..., d_model): the logits. In
    chunks of the vocabulary, so that no float32 copy of the whole float16 table is made."""
    last = _rms(x, model.w("model.norm.weight"), model.config.eps)
    table = model.embedding
    return torch.cat(
        [F.linear(last, table[i : i + 8192].float()) for i in range(0, table.shape[0], 8192)], -1
    )


def _forward(
    model: Llama, ids: torch.Tensor, past: Cache | None, rows: list[torch.Tensor] | None = None
) -> tuple[torch.Tensor, Cache]:
    """The layers on a batch of sequences ``ids`` (B, L) that follow one shared text (``past``, or none):
    the last layer's output (B, L, d_model) and each layer's keys and values of the shared text and
    these tokens (only kept whole when there is one sequence). ``rows``, when given, gets each layer's
    attention of the first sequence's last token (heads, start + L)."""
    c = model.config
    b, n = ids.shape
    start = 0 if past is None else past[0][0].shape[1]
    if start + n > c.max_len:
        raise ValueError(f"{start + n} tokens: the model reads at most {c.max_len}")
    x = model.embedding[ids].float()
    cos, sin = rotary(c, start + n)
    cos, sin = cos[start:], sin[start:]
    # Token i of a sequence sees the whole shared text and its own sequence's tokens 0..i.
    future = torch.triu(torch.ones(n, start + n, dtype=torch.bool), diagonal=start + 1)
    cache: Cache = []
    for i in range(c.layers):
        p = f"model.layers.{i}"
        h = _rms(x, model.w(f"{p}.input_layernorm.weight"), c.eps)
        q = F.linear(h, model.w(f"{p}.self_attn.q_proj.weight")).view(b, n, c.heads, c.d_head).transpose(1, 2)
        k = (
            F.linear(h, model.w(f"{p}.self_attn.k_proj.weight"))
            .view(b, n, c.kv_heads, c.d_head)
            .transpose(1, 2)
        )
        v = (
            F.linear(h, model.w(f"{p}.self_attn.v_proj.weight"))
            .view(b, n, c.kv_heads, c.d_head)
            .transpose(1, 2)
        )
        q, k = _rotate(q, cos, sin), _rotate(k, cos, sin)
        if past is not None:
            k = torch.cat([past[i][0].expand(b, -1, -1, -1), k], dim=2)
            v = torch.cat([past[i][1].expand(b, -1, -1, -1), v], dim=2)
        cache.append((k[0], v[0]))
        k, v = k.repeat_interleave(c.group, dim=1), v.repeat_interleave(c.group, dim=1)
        scores = (q @ k.transpose(-1, -2)) / math.sqrt(c.d_head)
        weights = torch.softmax(scores.masked_fill(future, float("-inf")), dim=-1)
        if rows is not None:
            rows.append(weights[0, :, -1].clone())
        mixed = (weights @ v).transpose(1, 2).reshape(b, n, c.d_model)
        x = x + F.linear(mixed, model.w(f"{p}.self_attn.o_proj.weight"))
        h = _rms(x, model.w(f"{p}.post_attention_layernorm.weight"), c.eps)
        gate = F.silu(F.linear(h, model.w(f"{p}.mlp.gate_proj.weight")))
        x = x + F.linear(
            gate * F.linear(h, model.w(f"{p}.mlp.up_proj.weight")), model.w(f"{p}.mlp.down_proj.weight")
        )
    return x, cache
