"""Strings of the Write a lesson page (viz/views/write.py): a teacher's lesson built from the app's views,
its texts edited, checked, downloaded, uploaded and shared by a code. English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "write.title": {"en": "Write a lesson", "ko": "수업 만들기"},
    "write.intro": {
        "en": "A lesson is a list of steps, each a view of the app with a question, its choices, the right "
        "one and what the view shows. Open any page, set it up, and press “Add this view to my lesson” in "
        "the sidebar; then write the texts here, in English, Korean or both.",
        "ko": "수업은 단계의 목록이고, 각 단계는 앱의 한 화면과 질문, 보기, 정답, 그리고 화면이 보여 주는 것의 "
        "설명으로 이루어집니다. 아무 페이지나 열어 설정한 뒤 사이드바의 “이 화면을 내 수업에 추가”를 누르고, "
        "여기서 영어나 한국어(또는 둘 다)로 글을 쓰세요.",
    },
    "write.empty": {
        "en": "No steps yet. Add views from the pages, start from the built-in lesson, or upload a lesson file.",
        "ko": "아직 단계가 없습니다. 페이지에서 화면을 추가하거나, 기본 수업에서 시작하거나, 수업 파일을 "
        "올리세요.",
    },
    "write.lesson_title": {"en": "Title ({lang})", "ko": "제목 ({lang})"},
    "write.builtin": {"en": "Start from the built-in lesson", "ko": "기본 수업에서 시작하기"},
    "write.builtin.help": {
        "en": "Replaces this draft with a copy of the app's own 23 steps, to reorder and rewrite.",
        "ko": "이 초안을 앱의 기본 23단계 사본으로 바꿉니다. 순서를 바꾸고 고쳐 쓸 수 있습니다.",
    },
    "write.clear": {"en": "Start again (empty)", "ko": "처음부터 (비우기)"},
    "write.upload": {"en": "Upload a lesson file (JSON)", "ko": "수업 파일 올리기 (JSON)"},
    "write.upload.help": {
        "en": "A file downloaded from this page (at most {kb} KB). It replaces the draft when it is valid.",
        "ko": "이 페이지에서 내려받은 파일 (최대 {kb} KB). 올바른 파일이면 지금 초안을 대신합니다.",
    },
    "write.loaded": {"en": "Loaded “{name}”: {n} steps.", "ko": "“{name}” 파일을 불러왔습니다: {n}단계."},
    "write.refused": {
        "en": "“{name}” is not a lesson this app can run; nothing was changed:",
        "ko": "“{name}” 파일은 이 앱이 실행할 수 있는 수업이 아닙니다. 아무것도 바꾸지 않았습니다:",
    },
    "write.step": {"en": "Step {n} · {view}", "ko": "{n}단계 · {view}"},
    "write.open": {"en": "Open this view", "ko": "이 화면 열기"},
    "write.up": {"en": "Move up", "ko": "위로"},
    "write.down": {"en": "Move down", "ko": "아래로"},
    "write.remove": {"en": "Remove", "ko": "삭제"},
    "write.question": {"en": "Question ({lang})", "ko": "질문 ({lang})"},
    "write.choice": {"en": "Choice {letter} ({lang})", "ko": "보기 {letter} ({lang})"},
    "write.choice.add": {"en": "Add a choice", "ko": "보기 추가"},
    "write.choice.remove": {"en": "Remove choice {letter}", "ko": "보기 {letter} 삭제"},
    "write.correct": {"en": "The right choice", "ko": "정답"},
    "write.correct.none": {"en": "— (no choices: asked aloud)", "ko": "— (보기 없음: 말로 묻기)"},
    "write.explanation": {"en": "What the view shows ({lang})", "ko": "화면이 보여 주는 것 ({lang})"},
    "write.note": {"en": "Lecture note (optional)", "ko": "강의 노트 (선택)"},
    "write.check.ok": {
        "en": "The lesson is ready: {n} steps. Download it, or share it by a code.",
        "ko": "수업이 준비되었습니다: {n}단계. 내려받거나 코드로 공유하세요.",
    },
    "write.check.bad": {"en": "Before it can run:", "ko": "실행하기 전에 고칠 점:"},
    "write.download": {"en": "Download the lesson (JSON)", "ko": "수업 내려받기 (JSON)"},
    "write.share": {"en": "Share by a code", "ko": "코드로 공유하기"},
    "write.share.help": {
        "en": "Keeps the lesson on this server for 90 days; anyone with the code or link can run it.",
        "ko": "수업을 이 서버에 90일 동안 보관합니다. 코드나 링크가 있는 사람은 누구나 실행할 수 있습니다.",
    },
    "write.shared": {
        "en": "Shared as **{code}**. Run it (and start a class on it) at:",
        "ko": "**{code}** 코드로 공유했습니다. 여기서 실행하고 수업을 시작하세요:",
    },
    "write.run": {"en": "Run this lesson", "ko": "이 수업 실행하기"},
}
