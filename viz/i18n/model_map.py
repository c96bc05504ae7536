"""Strings of the model at a glance (viz/views/model_map.py: Home's diagram of the path a token takes),
English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "map.heading": {"en": "The whole model on one screen", "ko": "모델 전체를 한 화면에"},
    "map.title": {
        "en": "The path of “{sentence}” through the live model (head 1, first token)",
        "ko": "라이브 모델을 지나는 “{sentence}”의 길(헤드 1, 첫 토큰)",
    },
    "map.notice": {
        "en": "**What to notice.** Every box is a step of one encoder layer, with the shape of what it "
        "computes and one of its numbers, from the same model and sentence as the Attention heads page "
        "(move d_model or the heads in the sidebar: the shapes and numbers follow). Hover a box, or tap "
        "it, to zoom into its arithmetic; click it, or a button below, to open the page that shows it.",
        "ko": "**눈여겨볼 점.** 상자 하나하나가 인코더 층 하나의 단계이고, 그 단계가 계산하는 것의 모양과 숫자 "
        "하나를 보여 줍니다. 어텐션 헤드 페이지와 같은 모델, 같은 문장에서 나온 값입니다(사이드바에서 d_model이나 "
        "헤드 수를 움직이면 모양과 숫자가 따라 바뀝니다). 상자에 마우스를 올리거나 누르면 그 계산을 자세히 보고, "
        "클릭하거나 아래 버튼을 누르면 그 단계를 보여 주는 페이지가 열립니다.",
    },
    "map.title.small": {
        "en": "This page's steps (red) in the live model's path",
        "ko": "라이브 모델의 길에서 이 페이지의 단계(빨간색)",
    },
    "map.small": {"en": "The model", "ko": "모델 한눈에"},
    "map.open": {"en": "Open {page}", "ko": "{page} 열기"},
    # ---- the steps: name, shape, a number, its arithmetic (the zoom), the page it opens ----------------
    "map.tokens": {"en": "Tokens", "ko": "토큰"},
    "map.tokens.shape": {"en": "T = {t} tokens", "ko": "토큰 T = {t}개"},
    "map.tokens.number": {"en": "first: “{first}”", "ko": "첫 토큰: “{first}”"},
    "map.tokens.zoom": {
        "en": "The sentence cut into words:\n{words}",
        "ko": "단어로 자른 문장:\n{words}",
    },
    "map.tokens.page": {"en": "Attention heads (the sentence)", "ko": "어텐션 헤드(문장)"},
    "map.embedding": {"en": "Embedding", "ko": "임베딩"},
    "map.embedding.shape": {"en": "E: {t} × {d}", "ko": "E: {t} × {d}"},
    "map.embedding.number": {"en": "E[0,0] = {e:.3f}", "ko": "E[0,0] = {e:.3f}"},
    "map.embedding.zoom": {
        "en": "Each token looks up a row of {d} numbers\n(times √d_model, as the paper does).\n“{first}”, "
        "dimension 0: {e:.4f}",
        "ko": "토큰마다 숫자 {d}개로 된 행을 찾습니다\n(논문처럼 √d_model을 곱합니다).\n“{first}”, 0번 차원: "
        "{e:.4f}",
    },
    "map.embedding.page": {"en": "Embedding + PE", "ko": "임베딩 + PE"},
    "map.position": {"en": "+ Position", "ko": "+ 위치"},
    "map.position.shape": {"en": "X = E + PE: {t} × {d}", "ko": "X = E + PE: {t} × {d}"},
    "map.position.number": {"en": "PE[1,0] = {pe:.3f}", "ko": "PE[1,0] = {pe:.3f}"},
    "map.position.zoom": {
        "en": "PE[1,0] = sin(1 · base⁰) = {pe:.4f}\nX[0,0] = E[0,0] + PE[0,0]\n= {e:.4f} + {pe0:.4f} = {x:.4f}",
        "ko": "위치 1, 0번 차원: PE[1,0] = sin(1 · base⁰) = {pe:.4f}\nX[0,0] = E[0,0] + PE[0,0]\n= {e:.4f} + "
        "{pe0:.4f} = {x:.4f}",
    },
    "map.position.page": {"en": "Positional encoding", "ko": "위치 인코딩"},
    "map.qkv": {"en": "Q, K, V", "ko": "Q, K, V"},
    "map.qkv.shape": {"en": "{h} heads × {t} × {dk}", "ko": "헤드 {h}개 × {t} × {dk}"},
    "map.qkv.number": {"en": "Q[0,0] = {q:.3f}", "ko": "Q[0,0] = {q:.3f}"},
    "map.qkv.zoom": {
        "en": "Q = X·W_Q, K = X·W_K, V = X·W_V,\neach head {dk} columns (d_k = d_model / heads).\nHead 1, "
        "“{first}”, column 0: {q:.4f}",
        "ko": "Q = X·W_Q, K = X·W_K, V = X·W_V,\n헤드마다 {dk}열(d_k = d_model / 헤드 수).\n헤드 1, “{first}”, "
        "0번 열: {q:.4f}",
    },
    "map.qkv.page": {"en": "Attention heads, step by step (Q, K, V)", "ko": "어텐션 헤드, 단계별(Q, K, V)"},
    "map.scores": {"en": "Scores", "ko": "점수"},
    "map.scores.shape": {"en": "QKᵀ/√d_k: {h} × {t} × {t}", "ko": "QKᵀ/√d_k: {h} × {t} × {t}"},
    "map.scores.number": {"en": "s[0,1] = {s:.3f}", "ko": "s[0,1] = {s:.3f}"},
    "map.scores.zoom": {
        "en": "“{a}” against “{b}”, head 1:\nq₀·k₁ = {dot:.4f}\n÷ √{dk} = {root:.3f}\n= {s:.4f}",
        "ko": "“{a}”와 “{b}”, 헤드 1:\nq₀·k₁ = {dot:.4f}\n÷ √{dk} = {root:.3f}\n= {s:.4f}",
    },
    "map.scores.page": {"en": "Attention heads, step by step (scores)", "ko": "어텐션 헤드, 단계별(점수)"},
    "map.softmax": {"en": "softmax", "ko": "소프트맥스"},
    "map.softmax.shape": {"en": "rows sum to 1", "ko": "행의 합 = 1"},
    "map.softmax.number": {"en": "max {w:.1%} → “{b}”", "ko": "최대 {w:.1%} → “{b}”"},
    "map.softmax.zoom": {
        "en": "w_j = e^(s_j) / Σ e^(s_i) over the {t} keys.\n“{a}” gives {w:.2%} to “{b}”;\nits weights sum to "
        "{total:.4f}.",
        "ko": "w_j = e^(s_j) / Σ e^(s_i), 키 {t}개에 대해.\n“{a}”의 가중치 중 {w:.2%}가 “{b}”에 갑니다.\n가중치의 "
        "합: {total:.4f}",
    },
    "map.softmax.page": {"en": "Softmax and scaling (one row)", "ko": "소프트맥스와 스케일링(한 행)"},
    "map.heads": {"en": "Heads · V", "ko": "헤드 · V"},
    "map.heads.shape": {"en": "{h} maps of {t} × {t}", "ko": "{t} × {t} 맵 {h}개"},
    "map.heads.number": {"en": "each: {t} × {dk} out", "ko": "각각 {t} × {dk} 출력"},
    "map.heads.zoom": {
        "en": "Each head mixes the value vectors\nwith its own weights: z = w · V,\n{t} × {dk} per head.",
        "ko": "헤드마다 자기 가중치로\n밸류 벡터를 섞습니다: z = w · V,\n헤드마다 {t} × {dk}.",
    },
    "map.heads.page": {"en": "Attention heads (every head's map)", "ko": "어텐션 헤드(모든 헤드의 맵)"},
    "map.concat": {"en": "Concat · W_O", "ko": "이어 붙이기 · W_O"},
    "map.concat.shape": {"en": "{h} × {dk} → {t} × {d}", "ko": "{h} × {dk} → {t} × {d}"},
    "map.concat.number": {"en": "out[0,0] = {o:.3f}", "ko": "out[0,0] = {o:.3f}"},
    "map.concat.zoom": {
        "en": "The {h} heads' outputs side by side\n({h} × {dk} = {d} columns), times W_O ({d} × {d}).\n"
        "First token, column 0: {o:.4f}",
        "ko": "헤드 {h}개의 출력을 나란히 놓고\n({h} × {dk} = {d}열), W_O({d} × {d})를 곱합니다.\n첫 토큰, 0번 열: "
        "{o:.4f}",
    },
    "map.concat.page": {"en": "Attention heads, step by step (output)", "ko": "어텐션 헤드, 단계별(출력)"},
    "map.addnorm": {"en": "Add & norm", "ko": "더하기와 정규화"},
    "map.addnorm.shape": {"en": "{t} × {d}", "ko": "{t} × {d}"},
    "map.addnorm.number": {"en": "mean {mean:.2f}, sd {sd:.2f}", "ko": "평균 {mean:.2f}, 표준편차 {sd:.2f}"},
    "map.addnorm.zoom": {
        "en": "LayerNorm(X + attention):\nthe input added back (the residual),\nthen each row scaled to mean "
        "{mean:.3f}, sd {sd:.3f}.",
        "ko": "LayerNorm(X + 어텐션):\n입력을 다시 더하고(잔차 연결),\n행마다 평균과 표준편차를 맞춥니다: 평균 "
        "{mean:.3f}, 표준편차 {sd:.3f}.",
    },
    "map.addnorm.page": {"en": "Encoder block (residuals)", "ko": "인코더 블록(잔차 연결)"},
    "map.ffn": {"en": "Feed-forward", "ko": "피드포워드"},
    "map.ffn.shape": {"en": "{d} → {dff} → {d}", "ko": "{d} → {dff} → {d}"},
    "map.ffn.number": {"en": "F[0,0] = {f:.3f}", "ko": "F[0,0] = {f:.3f}"},
    "map.ffn.zoom": {
        "en": "Each token alone: ReLU(x W₁ + b₁) W₂ + b₂,\nwidened to {dff} and back to {d};\nthen add & "
        "norm again.",
        "ko": "토큰마다 따로: ReLU(x W₁ + b₁) W₂ + b₂,\n폭이 {d} → {dff} → {d}{d:으로/로} 바뀝니다.\n그다음 다시 더하기와 "
        "정규화.",
    },
    "map.ffn.page": {"en": "Encoder block (every stage)", "ko": "인코더 블록(모든 단계)"},
    "map.layers": {"en": "× N layers", "ko": "× N개 층"},
    "map.layers.shape": {"en": "{t} × {d} each", "ko": "층마다 {t} × {d}"},
    "map.layers.number": {"en": "here N = {n}", "ko": "여기서는 N = {n}"},
    "map.layers.zoom": {
        "en": "The same block again, with its own weights:\nthe paper stacks 6; the Encoder block page\n"
        "runs up to 6.",
        "ko": "같은 블록을 다른 가중치로 다시:\n논문은 6개를 쌓고, 인코더 블록 페이지는\n최대 6개를 돌립니다.",
    },
    "map.layers.page": {"en": "Encoder block (the stack's norms)", "ko": "인코더 블록(층마다의 노름)"},
    "map.next": {"en": "Next token", "ko": "다음 토큰"},
    "map.next.shape": {"en": "{vocab:,} probabilities", "ko": "확률 {vocab:,}개"},
    "map.next.number": {"en": "in a decoder (SmolLM2)", "ko": "디코더에서(SmolLM2)"},
    "map.next.zoom": {
        "en": "A decoder's last vector times the vocabulary:\none score per token, softmax,\nthen pick one and "
        "go on.",
        "ko": "디코더의 마지막 벡터에 어휘 전체를 곱해\n토큰마다 점수 하나, 소프트맥스,\n그리고 하나를 골라 이어 씁니다.",
    },
    "map.next.page": {"en": "Real models (next token)", "ko": "실제 모델(다음 토큰)"},
    "map.csv.step": {"en": "step", "ko": "단계"},
    "map.csv.shape": {"en": "shape", "ko": "모양"},
    "map.csv.number": {"en": "number", "ko": "숫자"},
    "map.csv.arithmetic": {"en": "arithmetic", "ko": "계산"},
}
