"""Every user-visible string of the app, in English and Korean, looked up by key.

``t("pe.title", "ko")`` returns the Korean title; ``t(key, lang, **values)`` fills ``{placeholders}``.
Chart titles, axis labels and hover text live here too. No Streamlit here.

What lives where: the package mirrors viz/views/. The strings of a views module, and those its page script
shows for it, live in the strings module of the same name (viz/views/rope_scaling.py's in rope_scaling.py,
pages/attention.py's title in attention.py, the attention page's third tab in attention_steps.py). Three
modules serve more than one view: shell.py holds the kit's strings (viz/ui: the app's title and navigation,
the sidebar, URL notes, shared widgets, the chart component and live strips, CSV headers, errors; viz/state's
URL rules) and the few words several views modules share (chart axes, the attention maps' axes and hover);
notes.py the lecture notes' slips (viz/ui/notes.py); encodings.py each encoding's own words (its name, what
it is, what its heatmap shows, what E + P looks like), so a new encoding touches that one strings module.
ko.py picks Korean particles after numbers (``{n:은/는}``).

A key says its module: its first segment is the module's prefix in :data:`PREFIXES` (``pe.curves.title``
lives in positional_encoding.py, the kit's ``ui.chart.value`` in shell.py), and no prefix serves two modules.

Adding a string: put it in the strings module of the views module that shows it (shell.py if the kit or
several views modules use it), its key starting with that module's prefix, in English and Korean with the
same placeholders. Adding a views module that shows text: a strings module of its name holding one dict,
``STRINGS``, with a docstring that starts "Strings of ", its prefix in :data:`PREFIXES` and the module in
:data:`TABLES`. :func:`merge` joins the tables and refuses a key that two modules define;
tests/unit/i18n/test_i18n_layout.py checks the prefixes, the mirror and that every key the code passes to
``t()`` exists.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from viz.i18n import (
    attention,
    attention_steps,
    capping,
    class_answers,
    classroom,
    code,
    embedding,
    encoder,
    encoding,
    encodings,
    flow,
    generate,
    heads,
    home,
    induction,
    intervene,
    join,
    lesson,
    mixers,
    model_map,
    notes,
    online_softmax,
    patching,
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
    write,
    zoo,
)
from viz.i18n.ko import PARTICLE_SPEC, Formatter

Lang = Literal["en", "ko"]
LANGS: tuple[Lang, ...] = ("en", "ko")

#: Each strings module's key prefix -> the module (viz.i18n.<module>): every key of that module starts with
#: "<prefix>.". Short prefixes where they read well; shell.py's is "ui", the kit's words.
PREFIXES: dict[str, str] = {
    "ui": "shell",
    "notes": "notes",
    "encodings": "encodings",
    "home": "home",
    "lesson": "lesson",
    "pe": "positional_encoding",
    "rs": "rope_scaling",
    "encoding": "encoding",
    "emb": "embedding",
    "sim": "similarity",
    "rel": "relative",
    "sm": "softmax",
    "ex": "softmax_example",
    "os": "online_softmax",
    "att": "attention",
    "heads": "heads",
    "steps": "attention_steps",
    "train": "training",
    "win": "windows",
    "enc": "encoder",
    "real": "pretrained",
    "flow": "flow",
    "code": "code",
    "gen": "generate",
    "map": "model_map",
    "iv": "intervene",
    "ind": "induction",
    "patch": "patching",
    "zoo": "zoo",
    "mix": "mixers",
    "cap": "capping",
    "class": "classroom",
    "answers": "class_answers",
    "join": "join",
    "write": "write",
}

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
        heads,
        attention_steps,
        training,
        windows,
        encoder,
        pretrained,
        flow,
        code,
        generate,
        model_map,
        intervene,
        patching,
        induction,
        zoo,
        mixers,
        capping,
        classroom,
        class_answers,
        join,
        write,
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
