"""Strings of what the class answered, on the lesson page (viz/views/class_answers.py): the count while a
step waits, the histogram once it is revealed, how many tried the view themselves, the lettered choices.
English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "answers.waiting": {
        "en": "**{answered}** of {students} have answered",
        "ko": "{students}명 중 **{answered}**명이 답했습니다",
    },
    "answers.no_choices": {
        "en": "This step has no choices to answer from the phones: ask it aloud.",
        "ko": "이 단계에는 휴대폰으로 고를 보기가 없습니다. 말로 물어보세요.",
    },
    "answers.choice": {"en": "{letter}. {text}", "ko": "{letter}. {text}"},
    "answers.right": {"en": "{letter}. {text} ✓ (the right answer)", "ko": "{letter}. {text} ✓ (정답)"},
    "answers.chart.title": {
        "en": "What the class chose · step {n} · answers: {answered}",
        "ko": "학생들이 고른 답 · {n}단계 · 답 {answered}개",
    },
    "answers.chart.x": {"en": "Choice (✓ the right one)", "ko": "보기 (✓ 정답)"},
    "answers.chart.y": {"en": "Students", "ko": "학생 수"},
    "answers.chart.hover": {
        "en": "%{customdata}<br>%{y} students<extra></extra>",
        "ko": "%{customdata}<br>%{y}명<extra></extra>",
    },
    "answers.chart.notice": {
        "en": "**What to notice:** the green bar is the right answer. A tall grey bar is a shared "
        "misconception worth a minute before the explanation.",
        "ko": "**눈여겨볼 점:** 초록 막대가 정답입니다. 회색 막대가 높다면 많은 학생이 같은 오해를 하고 있으니, "
        "설명 전에 잠깐 짚어 보세요.",
    },
    "answers.explored": {
        "en": "**{n}** of {students} opened the view on their phone to try it themselves.",
        "ko": "{students}명 중 **{n}**명이 휴대폰에서 화면을 열어 직접 움직여 보았습니다.",
    },
}
