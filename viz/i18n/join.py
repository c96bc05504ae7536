"""Strings of the join page (viz/views/join.py): a student joins a class from a phone and answers each
step's question. English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "join.title": {"en": "Join a class", "ko": "수업 참여하기"},
    "join.intro": {
        "en": "Type the code your teacher shows (or open the QR code's link). No account, no name needed.",
        "ko": "선생님 화면의 코드를 입력하세요 (또는 QR 코드의 링크를 여세요). 계정도 이름도 필요 없습니다.",
    },
    "join.code": {"en": "Class code", "ko": "수업 코드"},
    "join.code.bad": {
        "en": "A class code is six letters and digits, as your teacher's screen shows it.",
        "ko": "수업 코드는 선생님 화면에 보이는 여섯 자리 영문자와 숫자입니다.",
    },
    "join.nickname": {"en": "Nickname (optional)", "ko": "닉네임 (선택)"},
    "join.nickname.help": {
        "en": "Shown only to your teacher, with your answers. Leave it empty to stay anonymous.",
        "ko": "선생님에게만 답과 함께 보입니다. 비워 두면 익명으로 참여합니다.",
    },
    "join.join": {"en": "Join", "ko": "참여"},
    "join.header": {"en": "Class {code}", "ko": "수업 {code}"},
    "join.as": {"en": "You joined as “{nickname}”.", "ko": "“{nickname}” 닉네임으로 참여했습니다."},
    "join.anonymous": {"en": "You joined without a nickname.", "ko": "닉네임 없이 참여했습니다."},
    "join.leave": {"en": "Leave this class", "ko": "수업에서 나가기"},
    "join.waiting": {
        "en": "Waiting for your teacher to open the first question…",
        "ko": "선생님이 첫 질문을 열 때까지 기다리는 중…",
    },
    "join.step": {"en": "Step {n} of {total}", "ko": "{total}단계 중 {n}단계"},
    "join.pick": {"en": "Your answer", "ko": "내 답"},
    "join.sent": {
        "en": "Sent: **{letter}**. You may change it until your teacher reveals the answer.",
        "ko": "보냄: **{letter}**. 선생님이 ‘정답 보기’를 누르기 전까지 바꿀 수 있습니다.",
    },
    "join.aloud": {
        "en": "This step has no choices: think about it and answer aloud.",
        "ko": "이 단계에는 보기가 없습니다. 생각해 보고 말로 답해 보세요.",
    },
    "join.closed": {
        "en": "Answers are closed: the answer is revealed.",
        "ko": "정답이 공개되어 답이 마감되었습니다.",
    },
    "join.right": {"en": "The answer: **{letter}. {text}**", "ko": "정답: **{letter}. {text}**"},
    "join.yours.right": {"en": "You chose {letter}: right.", "ko": "고른 답: {letter}. 정답입니다."},
    "join.yours.wrong": {"en": "You chose {letter}.", "ko": "고른 답: {letter}."},
    "join.yours.none": {"en": "You did not answer this step.", "ko": "이 단계에는 답하지 않았습니다."},
    "join.explain": {"en": "**What the view shows.** {a}", "ko": "**화면이 보여 주는 것.** {a}"},
    "join.try": {"en": "Try this view yourself", "ko": "이 화면 직접 움직여 보기"},
    "join.try.help": {
        "en": "Opens the step's page on the same settings: move its controls and watch. Your browser's Back "
        "button brings you back to the class.",
        "ko": "이 단계의 페이지를 같은 설정으로 엽니다. 조절 장치를 움직이며 살펴보세요. 브라우저의 뒤로 가기 "
        "버튼을 누르면 수업으로 돌아옵니다.",
    },
}
