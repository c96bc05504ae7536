"""Every user-visible string of the app, in English and Korean, looked up by key.

``t("pe.title", "ko")`` returns the Korean title; ``t(key, lang, **values)`` fills ``{placeholders}``.
Chart titles, axis labels and hover text live here too. No Streamlit here.

A key lives in the module of the page that shows it; keys shared by several pages live in shell.py; find any
key with ``grep -rn '"key"' viz/i18n/``. Each module holds one dict, ``STRINGS``; :func:`merge` joins them
into this package's :data:`STRINGS` and refuses a key that two modules define, so a key has one home.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from viz.i18n import (
    attention,
    attention_steps,
    embedding,
    encoder,
    encoding,
    encodings,
    home,
    lesson,
    notes,
    online_softmax,
    positional_encoding,
    pretrained,
    relative,
    rope_scaling,
    shell,
    similarity,
    softmax,
    softmax_example,
    training,
    windows,
)
from viz.i18n.ko import PARTICLE_SPEC, Formatter

Lang = Literal["en", "ko"]
LANGS: tuple[Lang, ...] = ("en", "ko")

#: Every strings module of the package, by name; STRINGS is their union.
TABLES: dict[str, dict[str, dict[str, str]]] = {
    module.__name__: module.STRINGS
    for module in (
        shell,
        notes,
        encodings,
        home,
        lesson,
        positional_encoding,
        rope_scaling,
        encoding,
        embedding,
        similarity,
        relative,
        softmax,
        softmax_example,
        online_softmax,
        attention,
        attention_steps,
        training,
        windows,
        encoder,
        pretrained,
    )
}


def merge(tables: Mapping[str, Mapping[str, dict[str, str]]]) -> dict[str, dict[str, str]]:
    """One table from several (module name -> its strings); a key defined in two of them is an error.

    Raises ValueError naming the key and both modules, so the clash is found at import, not by a string
    that silently shadows another.
    """
    merged: dict[str, dict[str, str]] = {}
    home_of: dict[str, str] = {}
    for name, table in tables.items():
        for key, entry in table.items():
            if key in home_of:
                raise ValueError(f"i18n key {key!r} is defined in both {home_of[key]} and {name}")
            home_of[key] = name
            merged[key] = entry
    return merged


STRINGS: dict[str, dict[str, str]] = merge(TABLES)


def t(key: str, lang: str = "en", /, **values: object) -> str:
    """The string ``key`` in ``lang`` (English if ``lang`` is unknown), with ``{placeholders}`` filled.

    A Korean particle after a number is written as a pair in the placeholder, ``{h:은/는}``: the form that
    fits how the number is read is chosen when it is filled (:mod:`viz.i18n.ko`).
    """
    entry = STRINGS[key]
    text = entry.get(lang, entry["en"])
    if not values:
        return text
    if PARTICLE_SPEC.search(text):
        return _FORMATTER.format(text, **values)
    return text.format(**values)


_FORMATTER = Formatter()
