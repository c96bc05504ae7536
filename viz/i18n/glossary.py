"""The Korean glossary: for each thing the app names, the one Korean spelling every table uses, and the
spellings of the same thing that must not appear (tests/unit/i18n/test_glossary.py scans every Korean
string of every strings module for them).

Why one spelling: a student who reads "밸류" on the Softmax page and "값" on the Encoder page is right to
ask whether they are two things. The app follows the transliterations Korean ML courses and papers use
(쿼리, 키, 밸류, 헤드, 어텐션, 소프트맥스, 임베딩) and plain Korean where a teacher says it in Korean
(위치, 차원, 층, 학습, 가중치, 온도, 간격).

A variant is a regular expression, not a bare word, where the word also has an ordinary meaning that the
app uses on purpose:

- V is "밸류". "값" is also the everyday word for a value, a number ("측정값", "최댓값", "이 값들"), which
  the app uses hundreds of times; only the places where it names V are variants: "값" as a word of its
  own (no syllable right before it, so "최댓값 벡터" is not one) followed by 벡터, 행렬 or 헤드; "값"
  beside 키 in "키와 값", "키/값", "키, 값"; and "값(V)", "V(값)".
- Gradient is "그래디언트". "기울기" is also the word for a slope, which the app uses for ALiBi's
  slopes and a line on log-log axes; only the phrases that name the gradient are variants (a 기울기 that
  goes to 0, barely passes or "어떻게 될까요", "기울기에 생기는/무슨 일/이 행렬을 곱", "그 기울기").
- The attention map is "맵"; "지도" named it on the Real models page. "지도" inside a word ("닮지도") and
  "지도하다" (to teach) are not variants.
- Attention is "어텐션"; "주의" is also "caution", so only "주의를 나누다/쏟다/모아 두다/일부 쓰다" and
  "주의 집중/메커니즘/싱크" are variants.
- The causal mask is "인과 마스크": the word "인과" not followed by 마스크 ("인과", "인과적") is a variant;
  "인과" inside a word ("사인과 코사인") is not.
- "softmax" in Latin letters is a variant in prose, not in a formula: "softmax(s)·V" stays.
- "Transformer" in Latin letters is a variant except inside ‘ ’, where it quotes a lecture note's heading.

No variant may match a preferred spelling (the test checks), and every preferred spelling is used in
some Korean string (no dead entries). No Streamlit here; nothing here is shown to a visitor.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    concept: str  # the English name, for the test's message
    preferred: str  # the one Korean spelling
    variants: tuple[str, ...]  # regular expressions of spellings that must not appear

    def found(self, text: str) -> list[str]:
        """The variant spellings in ``text`` (empty: none)."""
        return [m.group(0) for pattern in self.variants for m in re.finditer(pattern, text)]


#: A Hangul syllable must not stand right before: "값" as a word, not the end of "최댓값".
_WORD = r"(?<![가-힣])"

TERMS: tuple[Term, ...] = (
    Term("query", "쿼리", ("질의", "퀘리")),
    Term("key", "키", ("열쇠",)),
    Term(
        "value (V)",
        "밸류",
        (
            _WORD + r"값\s*(?:벡터|행렬|헤드)",
            r"키\s*(?:와|/|,)\s*값",
            _WORD + r"값\s*\(V\)",
            r"V\s*\(값\)",
            "벨류",
        ),
    ),
    Term("head", "헤드", ("머리", "해드")),
    Term(
        "attention",
        "어텐션",
        (r"주의를\s*(?:나눠|나누|일부|모아|쏟)", r"주의\s*(?:집중|메커니즘|싱크)", "어탠션"),
    ),
    Term("attention map", "맵", (_WORD + r"지도(?!하)",)),
    Term("positional encoding", "위치 인코딩", ("위치 부호화", "포지셔널 인코딩", "위치 인코더")),
    Term("embedding", "임베딩", ("임배딩", "임베드", "내장 벡터")),
    Term("softmax", "소프트맥스", (r"softmax(?!\s*\()", "소프트 맥스")),
    Term("temperature", "온도", ("템퍼러처",)),
    Term("causal mask", "인과 마스크", (_WORD + r"인과(?!\s*마스크)",)),
    Term("padding", "패딩", ("채움 토큰", "채움 마스크", "덧댐")),
    Term("toy task", "토이 과제", ("장난감 과제", "장난감 문제", "토이 문제", "토이 태스크")),
    Term("Reveal (the lesson's button)", "정답 보기", ("펼치기", "화면을 펼치", "드러내기", "공개하기")),
    Term("NTK-aware scaling", "NTK-aware 스케일링", ("NTK 인식", "NTK 인지", "NTK 고려", "NTK-인식")),
    Term("position interpolation", "위치 보간", ("위치 내삽", "위치 보간법")),
    Term("RoPE scaling", "RoPE 스케일링", ("RoPE 늘이기", "RoPE 늘리기", "RoPE 확장", "RoPE 스트레칭")),
    Term("scaling (÷ √d_k)", "스케일링", ("크기 조정",)),
    Term("dimension", "차원", ("디멘션", "디멘젼")),
    Term("position", "위치", ("포지션",)),
    Term("token", "토큰", ()),
    Term("offset (p − j)", "간격", ("오프셋", "변위")),
    Term("logit", "로짓", ("로지트", "로그잇")),
    Term("layer", "층", ("레이어",)),
    Term("training", "학습", ("훈련",)),
    Term("weight", "가중치", ("웨이트",)),
    Term(
        "gradient",
        "그래디언트",
        (r"기울기(?:가|는|에)?\s*(?:0|거의|어떻게|생기는|무슨|이 행렬)", r"그 기울기", "그라디언트"),
    ),
    Term("Transformer", "트랜스포머", (r"(?<!‘)Transformer(?!’)", "트랜스포모")),
    Term("multi-head attention", "멀티헤드 어텐션", ("멀티 헤드", "다중 헤드")),
    Term("self-attention", "셀프 어텐션", ("자기 어텐션", "자기 주의")),
    Term("cross-attention", "크로스 어텐션", ("교차 어텐션",)),
    Term("grouped-query attention", "그룹 쿼리 어텐션", ("그룹화 쿼리", "그룹 질의")),
    Term("attention sink", "어텐션 싱크", ("어텐션 흡수",)),
    Term("heatmap", "히트맵", ("열지도", "히트 맵")),
    Term("sinusoidal", "사인파", ("정현파",)),
    Term("frequency", "진동수", ("주파수",)),
    Term("residual connection", "잔차 연결", ("잔여 연결", "스킵 연결")),
    Term("feed-forward", "피드포워드", ("피드 포워드", "순방향 신경망")),
)
