"""Strings of the class in the loop as the teacher sees it on the lesson page (viz/views/classroom.py):
starting a class, its join code, the export, the store's refusals; and what is wrong with a
lesson file (viz/state/lesson_file.py). English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # ---- the class bar -------------------------------------------------------------------------------
    "class.start": {"en": "Start a class", "ko": "수업 시작하기"},
    "class.lesson_file": {"en": "This lesson as a file (JSON)", "ko": "이 수업을 파일로 (JSON)"},
    "class.lesson": {"en": "A teacher's lesson: {title}", "ko": "선생님이 만든 수업: {title}"},
    "class.start.help": {
        "en": "Students join from their phones with a code and answer each step's question; you see how "
        "many answered and, on Reveal, what they chose.",
        "ko": "학생들이 휴대폰에서 코드로 들어와 단계마다 질문에 답합니다. 몇 명이 답했는지 보이고, 정답 보기를 "
        "누르면 무엇을 골랐는지 나옵니다.",
    },
    "class.on": {"en": "Class **{code}**", "ko": "수업 **{code}**"},
    "class.show_code": {"en": "Show the join code", "ko": "참여 코드 보기"},
    "class.end": {"en": "End the class", "ko": "수업 끝내기"},
    "class.end.help": {
        "en": "This browser lets go of the class; its answers stay in the store until it expires.",
        "ko": "이 브라우저가 수업에서 빠집니다. 답은 수업이 만료될 때까지 저장소에 남습니다.",
    },
    "class.csv": {"en": "The answers (CSV)", "ko": "학생 답 (CSV)"},
    "class.join.title": {
        "en": "Join at **{url}** with the code",
        "ko": "**{url}** 에서 이 코드로 참여하세요",
    },
    "class.join.qr": {"en": "Scan to join", "ko": "스캔해서 참여"},
    "class.join.local": {
        "en": "This address is this computer's own: phones cannot open it. Open the app by the computer's "
        "network address, or set ATTENTION_LAB_PUBLIC_URL to the address students can reach.",
        "ko": "이 주소는 이 컴퓨터 자신만 가리키므로 휴대폰에서는 열리지 않습니다. 컴퓨터의 네트워크 주소로 앱을 "
        "열거나, 학생이 접속할 수 있는 주소를 ATTENTION_LAB_PUBLIC_URL 에 설정하세요.",
    },
    "class.csv.step": {"en": "step", "ko": "단계"},
    "class.csv.question": {"en": "question", "ko": "질문"},
    "class.csv.nickname": {"en": "nickname", "ko": "닉네임"},
    "class.csv.choice": {"en": "choice", "ko": "보기"},
    "class.csv.text": {"en": "choice text", "ko": "보기 내용"},
    "class.csv.right": {"en": "right", "ko": "정답 여부"},
    # ---- the store's refusals ------------------------------------------------------------------------
    "class.error.no-class": {
        "en": "No class has this code. Check the code with your teacher.",
        "ko": "이 코드의 수업이 없습니다. 선생님께 코드를 확인하세요.",
    },
    "class.error.expired": {"en": "This class has ended.", "ko": "이 수업은 끝났습니다."},
    "class.error.forbidden": {
        "en": "Only the teacher who started this class can move it.",
        "ko": "수업을 시작한 선생님만 수업을 진행할 수 있습니다.",
    },
    "class.error.revealed": {
        "en": "The answer is already revealed: answers to this step are closed.",
        "ko": "이미 정답이 공개되어 이 단계의 답은 마감되었습니다.",
    },
    "class.error.not-now": {
        "en": "The class has moved on: answer the step now on screen.",
        "ko": "수업이 다음으로 넘어갔습니다. 지금 화면의 단계에 답하세요.",
    },
    "class.error.bad-student": {
        "en": "This browser is not in the class: join again with the code.",
        "ko": "이 브라우저는 수업에 참여하지 않았습니다. 코드로 다시 참여하세요.",
    },
    "class.error.bad-choice": {"en": "That is not one of the choices.", "ko": "보기에 없는 답입니다."},
    "class.error.full": {"en": "This class is full.", "ko": "수업 정원이 찼습니다."},
    "class.error.too-big": {
        "en": "The lesson is too big to share.",
        "ko": "수업 파일이 너무 커서 공유할 수 없습니다.",
    },
    "class.error.no-lesson": {
        "en": "No shared lesson has this code (or it has expired).",
        "ko": "이 코드로 공유된 수업 파일이 없습니다 (또는 만료되었습니다).",
    },
    "class.reconnecting.lesson": {
        "en": "The shared lesson **{code}** is in the class store, which cannot be reached just now. This page "
        "asks again every second and opens the lesson as soon as it answers.",
        "ko": "공유된 수업 **{code}** 은 수업 저장소에 있는데, 지금은 저장소에 연결할 수 없습니다. 이 페이지가 "
        "1초마다 다시 시도하고, 연결되면 바로 수업을 엽니다.",
    },
    "class.reconnecting": {
        "en": "Class **{code}**: the class store cannot be reached just now. This page asks again every "
        "second and picks the class up where it is; nothing is lost.",
        "ko": "수업 **{code}**: 지금은 수업 저장소에 연결할 수 없습니다. 이 페이지가 1초마다 다시 연결을 "
        "시도하고, 연결되면 수업을 그 자리에서 이어 갑니다. 잃는 것은 없습니다.",
    },
    "class.error.unavailable": {
        "en": "The class store cannot be reached just now; the rest of the page works. Try again in a moment.",
        "ko": "지금은 수업 저장소에 연결할 수 없습니다. 페이지의 나머지는 그대로 작동합니다. 잠시 후 다시 해 보세요.",
    },
    # ---- a lesson file's problems (viz/state/lesson_file.py) --------------------------------------------
    "class.file.where": {"en": "Step {step}: {problem}", "ko": "{step}단계: {problem}"},
    "class.file.big": {
        "en": "The file is bigger than {n} KB: a lesson is a small file.",
        "ko": "파일이 {n} KB보다 큽니다. 수업 파일은 작은 파일이어야 합니다.",
    },
    "class.file.utf8": {"en": "The file is not UTF-8 text.", "ko": "파일이 UTF-8 텍스트가 아닙니다."},
    "class.file.json": {
        "en": "The file is not valid JSON (line {line}, column {col}).",
        "ko": "파일이 올바른 JSON이 아닙니다 ({line}번째 줄, {col}번째 칸).",
    },
    "class.file.format": {
        "en": 'This is not a lesson file: it needs "format": "{format}".',
        "ko": '수업 파일이 아닙니다. "format": "{format}" 이 있어야 합니다.',
    },
    "class.file.version": {
        "en": "This app reads lesson files of version {version}.",
        "ko": "이 앱은 {version} 버전의 수업 파일을 읽습니다.",
    },
    "class.file.unknown": {
        "en": "unknown fields: {names} (a typo?)",
        "ko": "알 수 없는 항목: {names} (오타인가요?)",
    },
    "class.file.steps": {
        "en": '"steps" must be a list of 1 to {most} steps.',
        "ko": '"steps" 는 1개에서 {most}개까지의 단계 목록이어야 합니다.',
    },
    "class.file.step": {
        "en": "a step must be an object with its fields",
        "ko": "단계는 항목을 가진 객체여야 합니다",
    },
    "class.file.view": {
        "en": '"view" must be an address of a page of the app, such as /attention?tab=order',
        "ko": '"view" 는 /attention?tab=order 처럼 앱 페이지의 주소여야 합니다',
    },
    "class.file.page": {
        "en": "the app has no page “{page}” a step can show (it can show: {pages})",
        "ko": "단계가 보여 줄 수 있는 “{page}” 페이지가 없습니다 (가능한 페이지: {pages})",
    },
    "class.file.value": {
        "en": "the page does not accept {name} = “{value}”",
        "ko": "페이지가 {name} = “{value}” 값을 받지 않습니다",
    },
    "class.file.dropped": {
        "en": "the view's {names} are not kept: a step shows the class's own sidebar settings",
        "ko": "화면 주소의 {names} 는 저장되지 않습니다. 단계는 수업의 사이드바 설정을 그대로 씁니다",
    },
    "class.file.text": {
        "en": '“{part}” needs a text in English or Korean ({{"en": ..., "ko": ...}})',
        "ko": '“{part}” 에는 영어나 한국어 텍스트가 필요합니다 ({{"en": ..., "ko": ...}})',
    },
    "class.file.image": {
        "en": "“{part}” shows a picture (![…](…)): a lesson draws nothing from outside the app; link to it instead",
        "ko": "“{part}” 에 그림(![…](…))이 있습니다. 수업은 앱 밖에서 아무것도 가져오지 않으니, 그림 대신 링크를 거세요",
    },
    "class.file.long": {"en": "“{part}” is longer than {n} characters", "ko": "“{part}” 가 {n}자보다 깁니다"},
    "class.file.choices": {
        "en": '"choices" must be a list of 2 to {most} texts (or none)',
        "ko": '"choices" 는 2개에서 {most}개까지의 텍스트 목록이어야 합니다 (또는 없음)',
    },
    "class.file.correct": {
        "en": '"correct" must be the index of the right choice, from 0 to {most}',
        "ko": '"correct" 는 0부터 {most}까지, 정답 보기의 번호여야 합니다',
    },
}
