"""The two models' tokenizers, and their pieces as a class can read them.

MiniLM's WordPiece comes from its own ``tokenizer.json``. SmolLM2's byte-level BPE is rebuilt from the
vocabulary and merges inside its GGUF file, with the splitting rules its GGUF names ("smollm": single
digits, then GPT-2's byte-level pattern). Both run in the ``tokenizers`` library; the tests compare the
second with ``transformers``' own reading of the GGUF. Text a visitor types is only ever text: the
models' control tokens (``<|im_start|>``...) typed into the box are read as the characters they are.
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tokenizers import Tokenizer, decoders, models, pre_tokenizers


@dataclass(frozen=True)
class Pieces:
    ids: tuple[int, ...]
    pieces: tuple[str, ...]  # as the vocabulary writes them (``##ing``, ``Ġcat``)
    shown: tuple[str, ...]  # as a class reads them (see :func:`readable`)
    cut: int  # tokens left out past the limit (0: the whole text fits)


def bert_tokenizer(folder: Path) -> Tokenizer:
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.no_truncation()
    return tokenizer


def gguf_tokenizer(reader: Any) -> Tokenizer:
    """SmolLM2's tokenizer from its GGUF fields (``tokenizer.ggml.tokens`` and ``.merges``)."""
    tokens = reader.fields["tokenizer.ggml.tokens"].contents()
    merges = [tuple(m.split(" ", 1)) for m in reader.fields["tokenizer.ggml.merges"].contents()]
    tokenizer = Tokenizer(models.BPE(vocab={tok: i for i, tok in enumerate(tokens)}, merges=merges))
    tokenizer.pre_tokenizer = pre_tokenizers.Sequence(
        [
            pre_tokenizers.Digits(individual_digits=True),
            pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True),
        ]
    )
    tokenizer.decoder = decoders.ByteLevel()
    return tokenizer


def encode(tokenizer: Tokenizer, text: str, limit: int, *, wordpiece: bool) -> Pieces:
    """``text``'s tokens (with [CLS] ... [SEP] for WordPiece), at most ``limit`` of them."""
    found = tokenizer.encode(text)
    ids, pieces = list(found.ids), list(found.tokens)
    cut = max(0, len(ids) - limit)
    if cut and wordpiece:  # keep [SEP] at the end, as the model was trained to see it
        ids, pieces = [*ids[: limit - 1], ids[-1]], [*pieces[: limit - 1], pieces[-1]]
    elif cut:
        ids, pieces = ids[:limit], pieces[:limit]
    shown = tuple(readable(p, wordpiece=wordpiece) for p in pieces)
    return Pieces(tuple(ids), tuple(pieces), shown, cut)


@functools.cache
def _byte_of() -> dict[str, int]:
    """GPT-2's byte-level alphabet: each byte as the printable character BPE vocabularies write it."""
    printable = [
        *range(ord("!"), ord("~") + 1),
        *range(ord("¡"), ord("¬") + 1),
        *range(ord("®"), ord("ÿ") + 1),
    ]
    chars, extra = list(printable), 0
    for b in range(256):
        if b not in printable:
            printable.append(b)
            chars.append(256 + extra)
            extra += 1
    return {chr(c): b for b, c in zip(printable, chars, strict=True)}


def piece_bytes(piece: str) -> bytes:
    """The bytes a byte-level BPE piece stands for."""
    table = _byte_of()
    return bytes(table[ch] for ch in piece)


def readable(piece: str, *, wordpiece: bool) -> str:
    """A piece as a class can read it.

    WordPiece: as written (``##`` marks a piece inside a word; the uncased model's Korean arrives as
    jamo, each syllable taken apart, and is shown so). Byte-level: the bytes decoded as UTF-8, a
    leading space shown as ``␣``; a piece that is part of a character (a Korean syllable takes three
    bytes) shows its bytes in hex, e.g. ``⟨EC 95⟩``."""
    if wordpiece:
        return piece
    raw, out, stray = piece_bytes(piece), list[str](), list[str]()
    i = 0
    while i < len(raw):
        for j in range(min(len(raw), i + 4), i, -1):  # the longest whole character at i
            try:
                ch = raw[i:j].decode("utf-8")
            except UnicodeDecodeError:
                continue
            if stray:
                out.append("⟨" + " ".join(stray) + "⟩")
                stray = []
            out.extend(_visible(c) for c in ch)
            i = j
            break
        else:
            stray.append(f"{raw[i]:02X}")
            i += 1
    if stray:
        out.append("⟨" + " ".join(stray) + "⟩")
    return "".join(out)


def _visible(ch: str) -> str:
    if ch == " ":
        return "␣"
    if ch == "\n":
        return "↵"
    if unicodedata.category(ch).startswith("C"):  # control and format characters: their code point
        return f"U+{ord(ch):04X}"
    return ch
