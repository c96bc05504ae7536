"""Strings of the tools that test what a head does (viz/views/intervene.py: the Real models page's logit
lens and ablation tabs, SmolLM2 only, and what the patching tab shares with them), English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "iv.minilm": {
        "en": "These tools read the model's next-token prediction, and MiniLM (an encoder) makes none. "
        "Choose SmolLM2 to use them.",
        "ko": "이 도구들은 모델이 예측한 다음 토큰을 읽는데, 인코더인 MiniLM은 다음 토큰을 예측하지 않습니다. "
        "SmolLM2를 고르면 쓸 수 있습니다.",
    },
    "iv.korean": {
        "en": "SmolLM2 saw very little Korean while it was trained. On a Korean text its next token is often "
        "one byte of a syllable (shown in hex, ⟨EC 84⟩, in the lens's cells; completed to whole syllables "
        "in the bars) or a wrong or English word, and the lens's middle rows read bytes and filler. The "
        "tools still work: they show where the model's answer, right or wrong, comes from. A clear fact "
        "(one word changed, one answer changed) works best in English.",
        "ko": "SmolLM2는 학습 때 한국어를 거의 보지 못했습니다. 한국어 글에서 다음 토큰은 음절의 한 바이트"
        "(렌즈 칸에는 ⟨EC 84⟩처럼 16진수로, 막대에는 음절 전체로 채워 보임)이거나, 틀린 단어나 영어 단어일 "
        "때가 많고, 렌즈의 가운데 행들은 바이트와 뜻이 적은 토큰을 읽습니다. 그래도 도구는 작동합니다. 맞든 "
        "틀리든 모델의 답이 어디서 오는지 보여 줍니다. 단어 하나를 바꾸면 답 하나가 바뀌는 분명한 사실은 "
        "영어에서 가장 잘 보입니다.",
    },
    "iv.layer_row": {"en": "after layer {layer}", "ko": "{layer}층 뒤"},
    "iv.embed_row": {"en": "embedding", "ko": "임베딩"},
    "iv.layer_axis": {"en": "Layer", "ko": "층"},
    "iv.position_axis": {"en": "Position · token", "ko": "위치 · 토큰"},
    "iv.head_axis": {"en": "Head", "ko": "헤드"},
    "iv.too_long": {
        "en": "The grids run the model once per cell: they take texts of at most {max} tokens (this one "
        "has {n}). Shorten the text to see them.",
        "ko": "격자는 칸마다 모델을 한 번씩 돌리므로 {max}개 이하의 토큰으로 된 글만 받습니다(이 글은 "
        "{n}개). 글을 줄이면 볼 수 있습니다.",
    },
    "iv.grid.ask": {
        "en": "This grid runs the model {n} times (a few seconds to half a minute): it is computed on a "
        "press, once for everyone.",
        "ko": "이 격자는 모델을 {n}번 돌립니다(몇 초에서 30초쯤). 버튼을 누르면 계산하고, 결과는 모두가 "
        "함께 씁니다.",
    },
    "iv.grid.go": {"en": "Compute the grid", "ko": "격자 계산하기"},
    "iv.progress": {"en": "Running the model {n} times…", "ko": "모델을 {n}번 돌리는 중…"},
    "iv.waiting": {
        "en": "Waiting for another grid to finish (grids are computed one at a time, after everyone's other "
        "requests)…",
        "ko": "다른 격자 계산이 끝나기를 기다리는 중(격자는 한 번에 하나씩, 다른 요청을 먼저 처리한 뒤 "
        "계산합니다)…",
    },
    # ---- the logit lens ---------------------------------------------------------------------------------
    "iv.lens.position": {"en": "Position to follow", "ko": "따라갈 위치"},
    "iv.lens.position.last": {"en": "the last token", "ko": "마지막 토큰"},
    "iv.lens.position.help": {
        "en": "The lower chart follows this position's final prediction through the layers.",
        "ko": "아래 차트는 이 위치의 최종 예측을 층마다 따라갑니다.",
    },
    "iv.lens.chart": {
        "en": "Logit lens: the likeliest next token read after each layer",
        "ko": "로짓 렌즈: 층마다 읽은 가장 유력한 다음 토큰",
    },
    "iv.lens.color": {"en": "its probability", "ko": "그 확률"},
    "iv.lens.hover": {
        "en": "%{y}, at %{x}<br>likeliest next: %{text}<br>probability %{z:.1%}<extra></extra>",
        "ko": "%{y}, %{x}에서<br>가장 유력한 다음 토큰: %{text}<br>확률 %{z:.1%}<extra></extra>",
    },
    "iv.lens.last": {
        "en": "The lens reads the last {n} of the text's {total} positions: each position read costs 31 "
        "products with the whole vocabulary.",
        "ko": "렌즈는 글의 위치 {total}개 중 마지막 {n}개만 읽습니다. 위치 하나를 읽을 때마다 전체 어휘와의 곱을 "
        "31번 계산하기 때문입니다.",
    },
    "iv.lens.follow_chart": {
        "en": "How early the final answer {answer} shows at position {pos}",
        "ko": "위치 {pos}에서 최종 답 {answer}이(가) 얼마나 일찍 보이는가",
    },
    "iv.lens.p": {"en": "its probability", "ko": "확률"},
    "iv.lens.rank": {"en": "its rank (1: the likeliest)", "ko": "순위(1: 가장 유력)"},
    "iv.lens.layer_axis": {"en": "After layer (0: the embedding)", "ko": "지난 층(0: 임베딩)"},
    "iv.lens.p_axis": {"en": "Probability", "ko": "확률"},
    "iv.lens.rank_axis": {"en": "Rank (log scale)", "ko": "순위(로그 눈금)"},
    "iv.lens.follow_hover": {
        "en": "%{x}<br>%{y:.3g}<extra>%{fullData.name}</extra>",
        "ko": "%{x}<br>%{y:.3g}<extra>%{fullData.name}</extra>",
    },
    "iv.lens.found": {
        "en": "{answer} is the lens's top token from layer {top} on, and among its ten likeliest from "
        "layer {ten} on.",
        "ko": "{answer}은(는) {top}층부터 렌즈의 1순위이고, {ten}층부터 상위 10개 안에 듭니다.",
    },
    "iv.lens.never": {
        "en": "{answer} is the model's answer here, but the lens puts it first only after the last layer; "
        "it is among the ten likeliest from layer {ten} on.",
        "ko": "{answer}이(가) 여기서 모델의 답이지만, 렌즈는 마지막 층을 지나서야 1순위로 읽습니다. 상위 10개 "
        "안에는 {ten}층부터 듭니다.",
    },
    "iv.lens.notice": {
        "en": "**What to notice.** Each cell applies the model's own last step (the final norm, then the "
        "output layer) to the vector at that layer, as if the model stopped there. The top row is the real "
        "prediction. On SmolLM2 the answer appears only in the last few layers; the middle rows mostly read "
        "filler (a space, a full stop). **What the plain lens misleads about:** the output layer was "
        "trained to read the last layer's vector only. Early rows show what that layer's vector looks like "
        "*to the output layer*, not what the model knows there: the embedding row reads back the input "
        "token itself (SmolLM2's output layer is its embedding table), and a fact can be present early in "
        "a form the output layer cannot read (the patching tab shows where ' France' is carried). A tuned "
        "lens trains one small map per layer to fix this.",
        "ko": "**눈여겨볼 점.** 각 칸은 그 층의 벡터에 모델의 마지막 단계(최종 정규화와 출력층)를 그대로 "
        "적용해, 모델이 거기서 멈춘 것처럼 읽은 결과입니다. 맨 위 행이 실제 예측입니다. SmolLM2에서는 답이 "
        "마지막 몇 층에서야 나타나고, 중간 행들은 주로 공백이나 마침표처럼 뜻이 적은 토큰을 읽습니다. **그냥 "
        "렌즈가 오해를 부르는 점:** 출력층은 마지막 층의 벡터만 읽도록 학습되었습니다. 앞쪽 행은 그 층의 "
        "벡터가 *출력층에게* 어떻게 보이는지일 뿐, 모델이 그 층에서 아는 것이 아닙니다. 임베딩 행은 입력 "
        "토큰을 그대로 되읽고(SmolLM2의 출력층은 임베딩 표와 같습니다), 어떤 사실은 일찍부터 있지만 "
        "출력층이 읽을 수 없는 형태로 있을 수 있습니다(패칭 탭에서 ' France'가 어디로 옮겨지는지 보입니다). "
        "튜닝된 렌즈(tuned lens)는 층마다 작은 변환을 학습해 이를 바로잡습니다.",
    },
    # ---- ablation -----------------------------------------------------------------------------------------
    "iv.abl.layer": {"en": "Layer", "ko": "층"},
    "iv.abl.head": {"en": "Head", "ko": "헤드"},
    "iv.abl.all_heads": {"en": "every head of the layer", "ko": "그 층의 모든 헤드"},
    "iv.abl.head_n": {"en": "head {head}", "ko": "헤드 {head}"},
    "iv.abl.how": {"en": "Replace its output by", "ko": "출력을 바꿀 값"},
    "iv.abl.how.zero": {"en": "zeros", "ko": "0으로 채운 값"},
    "iv.abl.how.mean": {"en": "its mean over positions", "ko": "위치에 대한 평균"},
    "iv.abl.how.help": {
        "en": "Zero ablation removes what the head adds. Mean ablation keeps its average contribution and "
        "removes only what depends on the position (here the mean over this text's tokens; a study would "
        "average over many texts), so it breaks less that is unrelated to the question.",
        "ko": "0으로 바꾸면 헤드가 더하는 것을 통째로 없앱니다. 평균으로 바꾸면 평균적인 기여는 남기고 위치에 "
        "따라 달라지는 부분만 없앱니다(여기서는 이 글의 토큰들에 대한 평균이며, 연구에서는 많은 글에 대해 "
        "평균을 냅니다). 그래서 질문과 상관없는 부분을 덜 망가뜨립니다.",
    },
    "iv.abl.chart": {
        "en": "Next token with {what} of layer {layer} ablated: {answer} {before} → {after}",
        "ko": "{layer}층의 {what}을(를) 제거했을 때 다음 토큰: {answer} {before} → {after}",
    },
    "iv.abl.before": {"en": "plain run", "ko": "그대로"},
    "iv.abl.after": {"en": "ablated", "ko": "제거 후"},
    "iv.abl.x": {"en": "Next token (the plain run's likeliest)", "ko": "다음 토큰(그대로 돌렸을 때 상위)"},
    "iv.abl.y": {"en": "Probability", "ko": "확률"},
    "iv.abl.hover": {
        "en": "%{x}<br>%{y:.1%}<extra>%{fullData.name}</extra>",
        "ko": "%{x}<br>%{y:.1%}<extra>%{fullData.name}</extra>",
    },
    "iv.abl.grid_chart": {
        "en": "Every head ablated alone ({how}): change in log p({answer})",
        "ko": "헤드를 하나씩 제거했을 때({how}) log p({answer})의 변화",
    },
    "iv.abl.grid_color": {"en": "Δ log p", "ko": "Δ log p"},
    "iv.abl.grid_hover": {
        "en": "layer %{y}, head %{x}<br>Δ log p %{z:+.3f}<extra></extra>",
        "ko": "%{y}층, 헤드 %{x}<br>Δ log p %{z:+.3f}<extra></extra>",
    },
    "iv.abl.matters": {
        "en": "The heads that matter most for {answer}: {heads}. Without any other single head the answer's "
        "log-probability changes by at most {small}, up or down.",
        "ko": "{answer}에 가장 중요한 헤드: {heads}. 다른 헤드는 하나씩 없애도 답의 로그 확률이 오르든 내리든 "
        "{small} 이하로 바뀝니다.",
    },
    "iv.abl.named": {
        "en": "layer {layer} head {head} ({delta:+.2f})",
        "ko": "{layer}층 헤드 {head}({delta:+.2f})",
    },
    "iv.abl.notice": {
        "en": "**What to notice.** Ablation asks whether the answer *needs* a head: most heads can go "
        "alone with almost no change, because others do similar work. A blue cell is a head whose removal lowers the answer (the answer needed it); a red one raises it. A "
        "head that looks busy in the attention maps can matter little here, and the reverse.",
        "ko": "**눈여겨볼 점.** 제거(ablation)는 답이 그 헤드를 *필요로 하는지* 묻습니다. 대부분의 헤드는 "
        "하나만 없애면 거의 아무것도 바뀌지 않습니다. 다른 헤드들이 비슷한 일을 나눠 하기 때문입니다. 파란 "
        "칸은 없애면 답의 확률이 내려가는 헤드(답에 필요했던 헤드), 빨간 칸은 올라가는 헤드입니다. 어텐션 맵에서 바빠 보이는 "
        "헤드가 여기서는 별로 중요하지 않을 수 있고, 그 반대도 있습니다.",
    },
}
