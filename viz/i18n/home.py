"""Strings of the Home page (its intro and the path a token takes), English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # ---- home ------------------------------------------------------------------------------------------
    "home.title": {"en": "Attention Lab", "ko": "어텐션 랩"},
    "home.tagline": {
        "en": "See how a Transformer knows word order and decides where to look: every number on these pages "
        "is computed live from the settings in the sidebar.",
        "ko": "트랜스포머가 단어 순서를 어떻게 알고 어디에 집중할지 어떻게 정하는지 직접 확인해 보세요. 이 "
        "페이지의 모든 숫자는 사이드바 설정으로 그 자리에서 계산됩니다.",
    },
    "home.audience": {
        "en": "Made for students exploring on their own, for teachers showing it to a class, and for anyone who "
        "wants to change a hyperparameter and watch what happens. Change a slider on the left: every page "
        "follows, and the address bar keeps the view so you can share it.",
        "ko": "혼자 탐구하는 학생, 수업에서 화면을 띄우는 선생님, 하이퍼파라미터를 바꿔 보며 결과를 보고 싶은 "
        "모든 사람을 위해 만들었습니다. 왼쪽 슬라이더를 움직이면 모든 페이지가 따라 바뀌고, 주소창이 그 화면을 "
        "기억하므로 그대로 공유할 수 있습니다.",
    },
    "home.path": {"en": "The path a token takes", "ko": "토큰이 지나가는 길"},
    "home.path.caption": {
        "en": "Each step links to the page that shows it.",
        "ko": "각 단계를 누르면 그 단계를 보여 주는 페이지로 갑니다.",
    },
    "home.path.caption.coming": {
        "en": "Each step links to the page that shows it; steps marked “coming soon” are not built yet.",
        "ko": "각 단계를 누르면 그 단계를 보여 주는 페이지로 갑니다. “준비 중” 표시는 아직 만들지 않은 "
        "페이지입니다.",
    },
    "home.coming": {"en": "coming soon", "ko": "준비 중"},
    "home.step.token": {"en": "Token", "ko": "토큰"},
    "home.step.token.desc": {"en": "a word of the sentence", "ko": "문장의 한 단어"},
    "home.step.embedding": {"en": "Embedding", "ko": "임베딩"},
    "home.step.embedding.desc": {"en": "a vector of d_model numbers", "ko": "d_model개 숫자로 된 벡터"},
    "home.step.pe": {"en": "+ Positional encoding", "ko": "+ 위치 인코딩"},
    "home.step.pe.desc": {"en": "adds where the token stands", "ko": "토큰의 자리를 더해 줌"},
    "home.step.qkv": {"en": "Q, K, V", "ko": "Q, K, V"},
    "home.step.qkv.desc": {"en": "three learned projections", "ko": "학습되는 세 가지 투영"},
    "home.step.scores": {"en": "QKᵀ / √d_k", "ko": "QKᵀ / √d_k"},
    "home.step.scores.desc": {"en": "scaled similarity of every pair", "ko": "모든 쌍의 유사도를 스케일링"},
    "home.step.softmax": {"en": "softmax", "ko": "소프트맥스"},
    "home.step.softmax.desc": {"en": "scores become weights summing to 1", "ko": "점수를 합이 1인 가중치로"},
    "home.step.values": {"en": "· V", "ko": "· V"},
    "home.step.values.desc": {"en": "a weighted mix of value vectors", "ko": "밸류 벡터의 가중 평균"},
    "home.step.heads": {"en": "Heads", "ko": "헤드"},
    "home.step.heads.desc": {"en": "several attentions side by side", "ko": "여러 어텐션을 나란히"},
    "home.step.wo": {"en": "W_O", "ko": "W_O"},
    "home.step.wo.desc": {"en": "heads concatenated and mixed", "ko": "헤드를 이어 붙여 섞음"},
    "home.settings_now": {
        "en": "Current settings: d_model = {d_model}, max_len = {max_len}, base = {base}, heads = {heads}.",
        "ko": "현재 설정: d_model = {d_model}, max_len = {max_len}, base = {base}, heads = {heads}.",
    },
    "home.step.addnorm": {"en": "Add & norm", "ko": "Add & Norm (더하기와 정규화)"},
    "home.step.addnorm.desc": {
        "en": "keep the input, rescale each token",
        "ko": "입력을 다시 더하고 토큰마다 크기를 맞춤",
    },
    "home.step.ffn": {"en": "Feed-forward", "ko": "피드포워드"},
    "home.step.ffn.desc": {"en": "two layers with ReLU, per token", "ko": "토큰마다 ReLU를 사이에 둔 두 층"},
    "home.step.probe": {"en": "What a head does", "ko": "헤드가 하는 일"},
    "home.step.probe.desc": {
        "en": "test it in a real model: logit lens, ablation, patching",
        "ko": "실제 모델에서 시험하기: 로짓 렌즈, 헤드 제거, 패칭",
    },
    "home.step.decoder": {"en": "Decoder", "ko": "디코더"},
    "home.step.decoder.desc": {
        "en": "causal mask and cross-attention",
        "ko": "인과 마스크와 크로스 어텐션",
    },
}
