"""The Write a lesson page: the session's draft (viz.ui.lesson_draft) step by step, its texts edited in
both languages, checked as a lesson file is (viz.state.lesson_file), downloaded, uploaded, and shared by
a code from the class store."""

from __future__ import annotations

import json
import re
from typing import Any

import streamlit as st

from viz.classroom import backends
from viz.classroom.store import CHOICES_MAX, LESSON_BYTES_MAX
from viz.i18n import LANGS, t
from viz.state import lesson as lessons
from viz.state import lesson_file
from viz.state.lesson_file import LessonFileError, Problem
from viz.ui import lesson_draft
from viz.views import classroom

_UPLOAD = "write_upload"
_UPLOADED = "_write_uploaded"  # (file name, steps loaded, notes) or (file name, problems): said once
_SHARED = "_write_shared"  # the code the draft was last shared under, with the text it shared
WIDGET_PREFIX = "write_"


def file_body(draft: dict[str, Any]) -> str:
    """The draft as a lesson file's text, as typed (the steps' widget ids left out)."""
    steps = [{k: v for k, v in step.items() if k != "uid"} for step in draft["steps"]]
    body = {**draft, "steps": steps}
    title = {code: text for code, text in draft["title"].items() if text.strip()}
    if title:
        body["title"] = title
    else:
        body.pop("title")  # untitled: the file's default title
    return json.dumps(body, ensure_ascii=False)


def check(draft: dict[str, Any]) -> tuple[str | None, list[Problem]]:
    """The lesson file the draft makes (canonical: what a download gives), or what stops it."""
    try:
        found, _ = lesson_file.loads(file_body(draft))
    except LessonFileError as refused:
        return None, refused.problems
    text = lesson_file.dumps(found)
    if len(text.encode()) > LESSON_BYTES_MAX:  # the file as downloaded (indented) is what must fit
        return None, [Problem("class.file.big", 0, (("n", LESSON_BYTES_MAX // 1000),))]
    return text, []


def _replace(body: dict[str, Any]) -> None:
    """The draft becomes ``body`` (a lesson file's JSON), its widgets' old values dropped."""
    for key in [k for k in st.session_state if str(k).startswith(WIDGET_PREFIX) and k != _UPLOAD]:
        del st.session_state[key]
    draft = lesson_draft.empty()
    draft["title"] = {lang: dict(body.get("title") or {}).get(lang, "") for lang in LANGS}
    for raw in body.get("steps", []):
        step = lesson_draft.new_step(str(raw["view"]))
        step |= {k: raw[k] for k in ("question", "choices", "correct", "explanation") if k in raw}
        if raw.get("note"):
            step["note"] = raw["note"]
        draft["steps"].append(step)
    st.session_state[lesson_draft.DRAFT] = draft
    st.session_state.pop(_SHARED, None)


def _builtin() -> None:
    _replace(json.loads(lesson_file.dumps(lessons.BUILTIN)))


def _clear() -> None:
    _replace(lesson_draft.empty())


def _uploaded() -> None:
    """A file chosen: it replaces the draft when it is a lesson; else its problems are said."""
    upload = st.session_state.get(_UPLOAD)
    if upload is None:
        return
    body = upload.read(LESSON_BYTES_MAX + 1)
    try:
        found, notes = lesson_file.loads(body)
    except LessonFileError as refused:
        st.session_state[_UPLOADED] = (upload.name, None, refused.problems)
        return
    _replace(json.loads(lesson_file.dumps(found)))
    st.session_state[_UPLOADED] = (upload.name, len(found.steps), notes)


def sources(lang: str) -> None:
    """Where a draft comes from: the built-in lesson, a file, or nothing."""
    with st.container(horizontal=True, vertical_alignment="bottom", gap="medium"):
        st.button(
            t("write.builtin", lang),
            key="write_builtin",
            on_click=_builtin,
            help=t("write.builtin.help", lang),
        )
        st.button(t("write.clear", lang), key="write_clear", on_click=_clear, type="tertiary")
    st.file_uploader(
        t("write.upload", lang),
        type=["json"],
        key=_UPLOAD,
        on_change=_uploaded,
        max_upload_size=1,  # megabytes, Streamlit's least; a lesson's own limit is checked on reading
        help=t("write.upload.help", lang, kb=LESSON_BYTES_MAX // 1000),
    )
    said = st.session_state.pop(_UPLOADED, None)
    if said and said[1] is not None:
        st.success(t("write.loaded", lang, name=classroom.plain(said[0]), n=said[1]))
        for note in said[2]:
            st.caption(classroom.problem_text(note, lang))
    elif said:
        st.error(t("write.refused", lang, name=classroom.plain(said[0])))
        st.markdown("\n".join(f"- {classroom.problem_text(p, lang)}" for p in said[2]))


def _seeded(key: str, value: object) -> str:
    if key not in st.session_state:
        st.session_state[key] = value
    return key


def _step(uid: str) -> tuple[list[dict[str, Any]], int]:
    """The draft's steps and the index of the step ``uid`` (-1: gone, e.g. a second press)."""
    found = lesson_draft.draft()["steps"]
    return found, next((i for i, step in enumerate(found) if step["uid"] == uid), -1)


def _move(uid: str, by: int) -> None:
    found, index = _step(uid)  # by the step's id: a press on a screen drawn before the last move
    if index >= 0 and 0 <= index + by < len(found):
        found[index], found[index + by] = found[index + by], found[index]


def _remove(uid: str) -> None:
    found, index = _step(uid)
    if index >= 0:
        del found[index]


def _choice_keys(uid: str, start: int) -> None:
    """Forget the widgets of choices ``start`` on: they are drawn again from the draft's texts."""
    for key in list(st.session_state):
        found = re.fullmatch(rf"write_{uid}_c(\d+)_\w+", str(key))
        if found and int(found[1]) >= start:
            del st.session_state[key]


def _typed(uid: str, j: int, choice: dict[str, str]) -> dict[str, str]:
    """Choice ``j`` as its fields hold it (the draft's text where a field is not drawn), empty ones left
    out."""
    found = {code: st.session_state.get(f"write_{uid}_c{j}_{code}", choice.get(code, "")) for code in LANGS}
    return {code: text.strip() for code, text in found.items() if isinstance(text, str) and text.strip()}


def _add_choice(uid: str) -> None:
    found, index = _step(uid)
    if index >= 0 and len(found[index]["choices"]) < CHOICES_MAX:
        found[index]["choices"].append({})


def _remove_choice(uid: str, at: int) -> None:
    """Choice ``at`` goes; the right one stays the same choice (or none, if it was this one)."""
    found, index = _step(uid)
    if index < 0 or at >= len(found[index]["choices"]):
        return
    step = found[index]
    # what was typed or picked in the same round trip as the press is in the widgets, not yet the draft
    step["choices"] = [_typed(uid, j, choice) for j, choice in enumerate(step["choices"])]
    correct = st.session_state.get(f"write_{uid}_ok", step["correct"])
    del step["choices"][at]
    if correct is not None and correct >= at:
        correct = None if correct == at else correct - 1
    step["correct"] = st.session_state[f"write_{uid}_ok"] = correct
    _choice_keys(uid, at)


def title(lang: str) -> None:
    draft = lesson_draft.draft()
    with st.container(horizontal=True):
        for code in LANGS:
            key = _seeded(f"write_title_{code}", draft["title"].get(code, ""))
            draft["title"][code] = st.text_input(
                t("write.lesson_title", lang, lang=code), key=key, max_chars=120
            )


def steps(lang: str) -> None:
    """Every step's editor, or what to do when there is none."""
    found = lesson_draft.draft()["steps"]
    if not found:
        st.info(t("write.empty", lang))
    for index, step in enumerate(found):
        step_editor(index, step, lang)


def step_editor(index: int, step: dict[str, Any], lang: str) -> None:
    """One step's texts, in both languages, written back into the draft as they are typed."""
    uid, total = step["uid"], len(lesson_draft.draft()["steps"])
    with st.container(border=True, key=f"write_{uid}_box"):
        with st.container(horizontal=True, vertical_alignment="center"):
            st.markdown(f"**{t('write.step', lang, n=index + 1, view=classroom.plain(step['view']))}**")
            st.link_button(
                t("write.open", lang), step["view"], type="tertiary", icon=":material/open_in_new:"
            )
            for mark, name, by, off in (("↑", "up", -1, index == 0), ("↓", "down", 1, index == total - 1)):
                st.button(
                    mark,
                    key=f"write_{uid}_{name}",
                    help=t(f"write.{name}", lang),
                    on_click=_move,
                    args=(uid, by),
                    disabled=off,
                )
            st.button("✕", key=f"write_{uid}_rm", help=t("write.remove", lang), on_click=_remove, args=(uid,))
        _texts(step, "question", "q", lang, height=90, most=600)
        choices(step, lang)
        _texts(step, "explanation", "x", lang, height=90, most=3000)


def _texts(step: dict[str, Any], part: str, short: str, lang: str, height: int, most: int) -> None:
    """One of the step's texts, a box per language side by side."""
    for column, code in zip(st.columns(len(LANGS)), LANGS, strict=True):
        key = _seeded(f"write_{step['uid']}_{short}_{code}", step[part].get(code, ""))
        step[part][code] = column.text_area(
            t(f"write.{part}", lang, lang=code), key=key, height=height, max_chars=most
        )


def choices(step: dict[str, Any], lang: str) -> None:
    """The step's choices, one row each with a field per language (a choice keeps its languages
    together, whatever is left empty), the right one picked by its letter."""
    uid, found = step["uid"], step["choices"]
    for j, choice in enumerate(found):
        with st.container(horizontal=True, vertical_alignment="bottom", key=f"write_{uid}_row{j}"):
            for code in LANGS:
                key = _seeded(f"write_{uid}_c{j}_{code}", choice.get(code, ""))
                label = t("write.choice", lang, letter=classroom.LETTERS[j], lang=code)
                st.text_input(label, key=key, max_chars=300)
            st.button(
                "✕",
                key=f"write_{uid}_c{j}_rm",
                help=t("write.choice.remove", lang, letter=classroom.LETTERS[j]),
                on_click=_remove_choice,
                args=(uid, j),
            )
        found[j] = _typed(uid, j, choice)
    with st.container(horizontal=True, vertical_alignment="bottom", gap="medium"):
        st.button(
            t("write.choice.add", lang),
            key=f"write_{uid}_c_add",
            on_click=_add_choice,
            args=(uid,),
            disabled=len(found) >= CHOICES_MAX,
            icon=":material/add:",
        )
        options: list[int | None] = [None, *range(len(found))]
        key = _seeded(f"write_{uid}_ok", step["correct"])
        if st.session_state[key] not in options:
            st.session_state[key] = None
        step["correct"] = st.selectbox(
            t("write.correct", lang),
            options,
            key=key,
            format_func=lambda i: t("write.correct.none", lang) if i is None else classroom.LETTERS[i],
        )


def finish(lang: str) -> None:
    """The draft checked: what stops it, or Download and Share."""
    draft = lesson_draft.draft()
    text, problems = check(draft)
    if problems:
        st.warning(t("write.check.bad", lang))
        st.markdown("\n".join(f"- {classroom.problem_text(p, lang)}" for p in problems))
    else:
        st.success(t("write.check.ok", lang, n=len(draft["steps"])))
    with st.container(horizontal=True, gap="medium"):
        st.download_button(
            t("write.download", lang),
            data=text or "",
            file_name="lesson.json",
            mime="application/json",
            key="write_download",
            disabled=text is None,
        )
        shared = st.session_state.get(_SHARED)
        if st.button(
            t("write.share", lang), key="write_share", disabled=text is None, help=t("write.share.help", lang)
        ) and not (shared and shared[1] == text):  # shared already as it is: the same code, not another
            code = classroom.call(lang, backends.shared().save_lesson, text)
            if code is not None:
                st.session_state[_SHARED] = (code, text)
    shared = st.session_state.get(_SHARED)
    if shared and shared[1] == text:
        link = f"/lesson?lesson={shared[0]}"
        st.markdown(t("write.shared", lang, code=shared[0]) + f" [{link}]({link})")
