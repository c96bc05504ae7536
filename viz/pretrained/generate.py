"""SmolLM2 writing on: pick the next token (sampled, or the likeliest), append it, read again.

A generation is a pure function of the text's tokens and the settings (temperature, top-k, top-p, the
mode and a seed): step ``j``'s random number is drawn from a generator seeded with ``(seed, j)``, never
from one shared stream, so a link replays it token for token on any server process, and a generation
cut short (the page's Stop button) goes on later exactly as it would have.

Each step runs one token through the decoder after the keys and values of the text so far
(:func:`viz.pretrained.llama.extend_one`), which is what makes a step cost one token's forward rather than
the whole text's. The steps are always taken in the same order from the text's own forward, so a step's
numbers do not depend on which steps another visitor had cached. The tests hold every step's
probabilities and attention to ``transformers`` running the whole text so far.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from viz.cache import budget

#: Tokens a generation writes at most: a class sees a sentence or two, and a step costs ~0.1 s of CPU.
MAX_NEW = 32
#: "sample": draw from the filtered distribution; "top": take the likeliest token (greedy).
MODES = ("sample", "top")
#: Tokens each step keeps for its chart and CSV: the likeliest at the step's temperature.
SHOWN = 30


@dataclass(frozen=True)
class Settings:
    mode: str = "sample"
    temperature: float = 0.8
    top_k: int = 40  # 0: no top-k cut
    top_p: float = 0.9  # 1.0: no top-p cut
    seed: int = 0


@dataclass(frozen=True)
class Step:
    """One token written: what the model saw, how likely each candidate was, and what was chosen."""

    token: int
    ids: np.ndarray  # (SHOWN,) the likeliest tokens at this step, best first
    p: np.ndarray  # (SHOWN,) their probabilities at the temperature, before any cut
    q: np.ndarray  # (SHOWN,) their probabilities after top-k and top-p (what is sampled from)
    kept: int  # tokens top-k and top-p leave in the running
    chosen: float  # the chosen token's probability after the cuts
    draw: float  # the random number in [0, 1) that chose it (sample mode)
    attention: np.ndarray  # (layers, heads, T): how the text's last token read every token so far


def filtered(
    logits: np.ndarray, temperature: float, top_k: int, top_p: float
) -> tuple[np.ndarray, np.ndarray]:
    """The probabilities at ``temperature`` (p), and after keeping only the ``top_k`` likeliest tokens and
    then the fewest likeliest whose probabilities add up to ``top_p`` (q, renormalised): the order
    ``transformers``' temperature, top-k and top-p warpers apply them in. Both are over the whole
    vocabulary, float64."""
    z = logits.astype(np.float64) / max(temperature, 1e-6)
    p = np.exp(z - z.max())
    p /= p.sum()
    order = np.argsort(-logits, kind="stable")
    keep = np.ones(len(p), dtype=bool)
    if 0 < top_k < len(p):
        keep[order[top_k:]] = False
    if top_p < 1.0:
        ranked = np.where(keep[order], p[order], 0.0)
        ranked /= ranked.sum()
        before = np.cumsum(ranked) - ranked  # the mass of the likelier tokens
        keep[order[before >= top_p]] = False  # a token goes once the likelier ones reach top_p
        keep[order[0]] = True  # the likeliest always stays
    q = np.where(keep, p, 0.0)
    return p, q / q.sum()


def draw(seed: int, step: int) -> float:
    """Step ``step``'s random number for ``seed``: its own generator, so any step can be replayed alone."""
    return float(np.random.default_rng([seed, step]).random())


def choose(logits: np.ndarray, q: np.ndarray, mode: str, u: float) -> int:
    """The token chosen: the likeliest ("top"), or the first token, from the likeliest down, at which the
    cumulative q passes ``u`` (inverse-CDF sampling)."""
    order = np.argsort(-logits, kind="stable")
    if mode == "top":
        return int(order[0])
    cdf = np.cumsum(q[order])
    at = int(np.searchsorted(cdf, u * cdf[-1], side="right"))
    last = int(np.flatnonzero(q[order])[-1])  # rounding must not pick a token the cuts removed
    return int(order[min(at, last)])


def make_step(logits: np.ndarray, attention: np.ndarray, settings: Settings, j: int) -> Step:
    """Step ``j`` (from 1) from the logits and the last token's attention of the text so far."""
    p, q = filtered(logits, settings.temperature, settings.top_k, settings.top_p)
    u = draw(settings.seed, j)
    token = choose(logits, q, settings.mode, u)
    best = np.argsort(-logits, kind="stable")[:SHOWN]
    return Step(
        token=token,
        ids=best.astype(np.int64),
        p=p[best],
        q=q[best],
        kept=int(np.count_nonzero(q)),
        chosen=float(q[token]),
        draw=u if settings.mode == "sample" else float("nan"),
        attention=attention.astype(np.float32),
    )


# ---- the model's state after a text, kept for the next step -----------------------------------------
#: The keys and values (and the next logits and last row of attention) after a text: a step after it
#: runs one token. A few generations' worth, counted in the server's one memory budget.
_states: budget.Cache[tuple[object, ...], object] = budget.Cache(
    "viz.pretrained.generate.states", max_entries=8
)


def _state(
    key: str, model: object, ids: tuple[int, ...], prompt: int
) -> tuple[object, np.ndarray, np.ndarray]:
    """(cache, logits, attention) after ``ids``, whose first ``prompt`` tokens are the text: the text's
    own forward, then one token at a time, always in that order."""
    from viz.pretrained import llama

    found = _states.get((key, ids))
    if found is not None:
        return found  # type: ignore[return-value]
    if len(ids) == prompt:
        state = llama.extend_one(model, None, list(ids))  # type: ignore[arg-type]
    else:
        cache, _, _ = _state(key, model, ids[:-1], prompt)
        state = llama.extend_one(model, cache, [ids[-1]])  # type: ignore[arg-type]
    _states[(key, ids)] = state
    return state


@budget.cached(max_entries=512)  # a step is ~130 KB (its attention row); a long generation is 32 of them
def step(key: str, ids: tuple[int, ...], prompt: int, settings: Settings) -> Step:
    """The step after ``ids`` (the text's ``prompt`` tokens and those generated so far)."""
    from viz import pretrained

    _, logits, attention = _state(key, pretrained.load(key).model, ids, prompt)
    return make_step(logits, attention, settings, len(ids) - prompt + 1)


def steps(key: str, prompt: Sequence[int], settings: Settings, n: int) -> Iterator[Step]:
    """The first ``n`` steps (at most :data:`MAX_NEW`) after the text ``prompt``, one at a time: a caller
    that stops asking stops the generation, and what it had is kept for the next call."""
    ids = tuple(prompt)
    for _ in range(min(n, MAX_NEW)):
        found = step(key, ids, len(prompt), settings)
        yield found
        ids = (*ids, found.token)


def characters(carry: bytes, raws: Sequence[bytes], most: int = 4) -> list[tuple[int, int, bytes]]:
    """Generated tokens' bytes grouped into whole characters: (first, end, bytes) per group, tokens
    ``first`` to ``end - 1`` (from 0). A group closes when its bytes end on a whole character, or after
    ``most`` tokens. ``carry`` is the text's own unfinished character, which the first group finishes."""
    from viz.pretrained import tokens

    groups: list[tuple[int, int, bytes]] = []
    start, held = 0, b""
    for i, raw in enumerate(raws):
        held = tokens.joined(carry, [raw]) if i == start and not groups else held + raw
        if not tokens.open_tail(held) or i + 1 - start >= most:
            groups.append((start, i + 1, held))
            start, held = i + 1, b""
    if start < len(raws):
        groups.append((start, len(raws), held))
    return groups
