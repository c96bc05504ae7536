"""Strings of the Softmax and scaling page, English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "sm.csv.saturated": {"en": "share of saturated rows, {which}", "ko": "포화된 행의 비율, {which}"},
    "sm.title": {
        "en": "Softmax and scaling: why divide by √d_k?",
        "ko": "소프트맥스와 스케일링: 왜 √d_k로 나눌까?",
    },
    "sm.intro": {
        "en": "Attention compares a query with every key by a dot product, turns those scores into weights with softmax, and mixes the values with them. Before softmax the scores are divided by √d_k. This page measures why: how big the scores get as d_k grows, what that does to softmax, and what it does to the gradient. Every number here is drawn fresh from the seed, not copied from a book, except in section 4 when you pick the notes' numbers: then Q, K, V and QKᵀ are the note's own.",
        "ko": "어텐션은 쿼리를 모든 키와 내적으로 비교하고, 그 점수를 소프트맥스로 가중치로 바꾼 뒤 그 가중치로 밸류를 섞습니다. 소프트맥스 전에 점수를 √d_k로 나눕니다. 이 페이지는 그 이유를 직접 재어 봅니다. d_k가 커질 때 점수가 얼마나 커지는지, 그것이 소프트맥스와 그래디언트에 무슨 일을 하는지. 여기 나오는 숫자는 모두 시드로부터 새로 뽑은 값입니다. 다만 4절에서 노트의 숫자를 고르면 Q, K, V와 QKᵀ는 노트의 값을 그대로 씁니다.",
    },
    "sm.dk": {
        "en": "d_k (dimension of a query / key vector)",
        "ko": "d_k (쿼리·키 벡터의 차원)",
    },
    "sm.dk.help": {
        "en": "Used by every section of this page. The paper's base model has d_k = 512 / 8 = 64.",
        "ko": "이 페이지의 모든 부분에 쓰입니다. 논문의 기본 모델은 d_k = 512 / 8 = 64입니다.",
    },
    "sm.dk.sidebar": {
        "en": "With the sidebar's d_model = {d_model} and {heads} heads, each head would have d_k = {d_k}. The slider above is separate, so you can go all the way to 1024.",
        "ko": "사이드바의 d_model = {d_model}, 헤드 {heads}개라면 헤드 하나의 d_k는 {d_k}입니다. 위 슬라이더는 따로 움직이므로 1024까지 올려 볼 수 있습니다.",
    },
    "sm.n": {"en": "Sample size (query-key pairs)", "ko": "표본 크기 (쿼리-키 쌍 수)"},
    "sm.n.help": {
        "en": "More pairs give smoother histograms and tighter variance estimates (the error shrinks like 1/√n).",
        "ko": "쌍이 많을수록 히스토그램이 매끄럽고 분산 추정이 정확해집니다(오차는 1/√n처럼 줄어듭니다).",
    },
    "sm.seed": {"en": "Seed", "ko": "시드"},
    "sm.raw": {"en": "unscaled", "ko": "스케일 없음"},
    "sm.scaled": {"en": "÷ {root}", "ko": "÷ {root}"},
    "sm.mark": {"en": "d_k = {d_k} (now)", "ko": "d_k = {d_k} (현재)"},
    "sm.density": {"en": "density", "ko": "밀도"},
    "sm.var.title": {"en": "1. How big is q · k?", "ko": "1. q · k는 얼마나 클까?"},
    "sm.var.bars": {"en": "{n} measured pairs", "ko": "측정한 {n}쌍"},
    "sm.var.curve.raw": {"en": "N(0, {d_k})", "ko": "N(0, {d_k})"},
    "sm.var.curve.scaled": {"en": "N(0, 1)", "ko": "N(0, 1)"},
    "sm.var.hist.raw": {"en": "q · k, d_k = {d_k}", "ko": "q · k, d_k = {d_k}"},
    "sm.var.hist.scaled": {"en": "q · k / √d_k, d_k = {d_k}", "ko": "q · k / √d_k, d_k = {d_k}"},
    "sm.var.x.raw": {"en": "q · k", "ko": "q · k"},
    "sm.var.x.scaled": {"en": "q · k / √{d_k}", "ko": "q · k / √{d_k}"},
    "sm.var.hover": {"en": "x = %{x:.3g}<br>density %{y:.4f}", "ko": "x = %{x:.3g}<br>밀도 %{y:.4f}"},
    "sm.var.measured": {
        "en": "Measured variance {var}; theory says {expected} (± {err} is the 95% band for this sample size).",
        "ko": "측정한 분산 {var}, 이론값 {expected} (이 표본 크기에서 95% 구간은 ± {err}).",
    },
    "sm.var.explain": {
        "en": "**What to notice.** Every entry of q and k is drawn from N(0, 1). Each product qᵢkᵢ has mean 0 and variance 1, and q · k adds up d_k of them, so its variance is d_k: at d_k = {d_k} the scores spread about {root} times wider than one product (left). Divided by √d_k they are back to variance 1 whatever d_k is (right). The red curves are the normal approximation; the bars are measured. Try d_k = 1: the bars are peakier than the curve, because a sum of few products is not yet normal, but the variance still matches.",
        "ko": "**눈여겨볼 점.** q와 k의 각 원소는 N(0, 1)에서 뽑습니다. 곱 qᵢkᵢ 하나는 평균 0, 분산 1이고, q · k는 그것을 d_k개 더한 것이라 분산이 d_k가 됩니다. d_k가 {d_k}일 때 점수는 곱 하나보다 약 {root}배 넓게 퍼집니다(왼쪽). √d_k로 나누면 d_k와 상관없이 분산이 다시 1이 됩니다(오른쪽). 빨간 곡선은 정규분포 근사, 막대는 측정값입니다. d_k = 1로 바꿔 보세요. 곱 몇 개의 합은 아직 정규분포가 아니라서 막대가 곡선보다 뾰족하지만, 분산은 여전히 맞습니다.",
    },
    "sm.sweep.raw": {"en": "Var(q · k), measured", "ko": "Var(q · k) 측정값"},
    "sm.sweep.scaled": {"en": "Var(q · k / √d_k), measured", "ko": "Var(q · k / √d_k) 측정값"},
    "sm.sweep.line_dk": {"en": "var = d_k", "ko": "분산 = d_k"},
    "sm.sweep.line_1": {"en": "var = 1", "ko": "분산 = 1"},
    "sm.sweep.chart": {
        "en": "Measured variance against d_k ({n} pairs each, bars ± 2 standard errors)",
        "ko": "d_k에 따른 측정 분산 (각 {n}쌍, 오차 막대 ± 표준오차 2배)",
    },
    "sm.sweep.y": {"en": "variance (log scale)", "ko": "분산 (로그 눈금)"},
    "sm.sweep.hover": {"en": "d_k = %{x}<br>variance %{y:.4g}", "ko": "d_k = %{x}<br>분산 %{y:.4g}"},
    "sm.sweep.explain": {
        "en": "**What to notice.** On log-log axes a variance that equals d_k is a straight line of slope 1, and the unscaled measurements sit on it from d_k = 1 to 1024. After dividing by √d_k they lie flat on var = 1. That is the whole reason for the scale: it keeps the scores the same size no matter how wide the heads are.",
        "ko": "**눈여겨볼 점.** 로그-로그 축에서 d_k와 같은 분산은 기울기 1인 직선이고, 스케일하지 않은 측정값은 d_k = 1부터 1024까지 그 직선 위에 놓입니다. √d_k로 나눈 값은 분산 = 1 위에 평평하게 놓입니다. 스케일의 이유는 이것 하나입니다. 헤드가 얼마나 넓든 점수의 크기를 같게 유지합니다.",
    },
    "sm.row.title": {
        "en": "2. One row of scores through softmax",
        "ko": "2. 점수 한 줄이 소프트맥스를 지날 때",
    },
    "sm.keys": {"en": "Keys in the row", "ko": "줄 안의 키 개수"},
    "sm.keys.help": {
        "en": "How many keys one query is compared with (the words of a short sentence).",
        "ko": "쿼리 하나가 비교되는 키의 수(짧은 문장의 단어 수).",
    },
    "sm.temp": {"en": "Temperature T (softmax of scores / T)", "ko": "온도 T (점수 / T의 소프트맥스)"},
    "sm.temp.help": {
        "en": "T < 1 sharpens the weights, T > 1 flattens them. Dividing by √d_k acts like a temperature of √d_k chosen for you.",
        "ko": "T < 1이면 가중치가 뾰족해지고 T > 1이면 평평해집니다. √d_k로 나누는 것은 온도를 √d_k로 정해 두는 것과 같습니다.",
    },
    "sm.key": {"en": "key {j}", "ko": "키 {j}"},
    "sm.key_axis": {"en": "key", "ko": "키"},
    "sm.weight": {"en": "softmax weight", "ko": "소프트맥스 가중치"},
    "sm.row.score_raw": {"en": "score q · k", "ko": "점수 q · k"},
    "sm.row.score_scaled": {"en": "score / √d_k", "ko": "점수 / √d_k"},
    "sm.row.score_axis": {"en": "score", "ko": "점수"},
    "sm.row.chart": {
        "en": "Weights of one query over its keys, d_k = {d_k}, T = {temp}",
        "ko": "쿼리 하나의 키별 가중치, d_k = {d_k}, T = {temp}",
    },
    "sm.row.hover": {"en": "%{x}: %{y:.4f}", "ko": "%{x}: %{y:.4f}"},
    "sm.row.table": {
        "en": "| this row | {raw} | {scaled} |\n|---|---|---|\n| largest weight | {max_raw} | {max_scaled} |\n| entropy (nats) | {h_raw} | {h_scaled} |",
        "ko": "| 이 줄 | {raw} | {scaled} |\n|---|---|---|\n| 가장 큰 가중치 | {max_raw} | {max_scaled} |\n| 엔트로피 (nat) | {h_raw} | {h_scaled} |",
    },
    "sm.row.explain": {
        "en": "**What to notice.** The dotted lines are the scores, the bars the weights. Raise d_k and the unscaled scores spread out, so softmax gives more and more of the weight to the largest one; at large d_k it is nearly all of it (weight near 1, entropy near 0). The scaled scores keep the same spread whatever d_k is, so how sharp their weights are is left to the temperature (below 1 sharpens, above 1 flattens). Entropy is at most {uniform} here (all {n} keys equal).",
        "ko": "**눈여겨볼 점.** 점선은 점수, 막대는 가중치입니다. d_k를 올리면 스케일하지 않은 점수가 넓게 퍼져서 소프트맥스가 가장 큰 점수에 점점 더 많은 가중치를 주고, d_k가 크면 거의 전부를 줍니다(가중치는 1 가까이, 엔트로피는 0 가까이). 스케일한 점수는 d_k와 상관없이 퍼짐이 같으므로 가중치가 얼마나 뾰족할지는 온도가 정합니다(1보다 작으면 뾰족, 크면 평평). 여기서 엔트로피의 최댓값은 {uniform}입니다({n}개 키가 모두 같을 때).",
    },
    "sm.stat.maxp": {"en": "largest weight, {which}", "ko": "가장 큰 가중치, {which}"},
    "sm.stat.entropy": {"en": "entropy, {which}", "ko": "엔트로피, {which}"},
    "sm.stat.maxp_axis": {"en": "mean largest weight", "ko": "가장 큰 가중치의 평균"},
    "sm.stat.entropy_axis": {"en": "mean entropy (nats, dotted)", "ko": "엔트로피 평균 (nat, 점선)"},
    "sm.stat.chart": {
        "en": "Averaged over {rows} random rows of {n} keys, T = {temp}",
        "ko": "키 {n}개짜리 무작위 줄 {rows}개의 평균, T = {temp}",
    },
    "sm.stat.hover": {"en": "d_k = %{x}: %{y:.3f}", "ko": "d_k = %{x}: %{y:.3f}"},
    "sm.stat.explain": {
        "en": "**What to notice.** One row can be lucky, so here are many. Without the scale the largest weight climbs toward 1 and the entropy falls toward 0 as d_k grows: attention turns into a hard pick of one key. With the scale both lines level off once d_k is more than a handful (at the smallest d_k a sum of few products has heavier tails), so a head behaves the same whatever its width. The temperature sets the level of every line: at a low temperature even the scaled weights are sharp, but then that is a setting, not a side effect of d_k. (Equal weights would give entropy {uniform}.)",
        "ko": "**눈여겨볼 점.** 한 줄은 우연일 수 있으니 많은 줄의 평균을 봅니다. 스케일이 없으면 d_k가 커질수록 가장 큰 가중치는 1로, 엔트로피는 0으로 갑니다. 어텐션이 키 하나만 고르는 딱딱한 선택이 됩니다. 스케일하면 d_k가 몇 이상만 되면 두 선이 평평해집니다(아주 작은 d_k에서는 곱 몇 개의 합이라 꼬리가 두껍습니다). 그래서 헤드의 동작이 폭과 무관해집니다. 온도는 모든 선의 높이를 정합니다. 온도가 낮으면 스케일한 가중치도 뾰족하지만, 그것은 d_k의 부작용이 아니라 설정입니다. (가중치가 모두 같으면 엔트로피는 {uniform}.)",
    },
    "sm.tab.row": {
        "en": "2–3. One row of scores, and its gradient",
        "ko": "2–3. 점수 한 줄과 그 그래디언트",
    },
    "sm.grad.title": {"en": "3. What happens to the gradient", "ko": "3. 그래디언트에 생기는 일"},
    "sm.grad.chart": {
        "en": "‖diag(p) − p pᵀ‖ against d_k ({rows} rows)",
        "ko": "d_k에 따른 ‖diag(p) − p pᵀ‖ (줄 {rows}개)",
    },
    "sm.grad.y": {"en": "Frobenius norm (log scale)", "ko": "프로베니우스 노름 (로그 눈금)"},
    "sm.grad.uniform": {
        "en": "largest possible: 0.5 (two keys share the weight)",
        "ko": "가능한 최댓값: 0.5 (키 두 개가 가중치를 반씩)",
    },
    "sm.grad.hover": {"en": "d_k = %{x}<br>norm %{y:.4g}", "ko": "d_k = %{x}<br>노름 %{y:.4g}"},
    "sm.grad.panels": {
        "en": "diag(p) − p pᵀ for the row above, d_k = {d_k}",
        "ko": "위 줄의 diag(p) − p pᵀ, d_k = {d_k}",
    },
    "sm.grad.panel_hover": {
        "en": "∂p(%{y}) / ∂x(key %{x})<br>%{z:.4f}<extra></extra>",
        "ko": "∂p(%{y}) / ∂x(키 %{x})<br>%{z:.4f}<extra></extra>",
    },
    "sm.grad.now": {
        "en": "x is what goes into softmax: score / T, or score / (√d_k · T) when scaled. Norm of this row's matrix: {raw} unscaled, {scaled} scaled.",
        "ko": "x는 소프트맥스에 들어가는 값입니다: 점수 / T, 스케일하면 점수 / (√d_k · T). 이 줄 행렬의 노름: 스케일 없음 {raw}, 스케일 {scaled}.",
    },
    "sm.grad.explain": {
        "en": "**What to notice.** Backpropagation through softmax multiplies the gradient by this matrix (and by the 1/T and 1/√d_k in front of x). When one weight is near 1 every entry is near 0, so almost no gradient reaches the scores, and through them W^Q and W^K: learning stalls. Unscaled, the mean norm ends far down as d_k grows: {raw} at d_k = {d_k}, where {saturated}% of rows give one key more than 0.99. Scaled it is {scaled}, and it hardly changes with d_k. No weights can give more than 0.5 (the dashed line).",
        "ko": "**눈여겨볼 점.** 역전파는 소프트맥스를 지날 때 그래디언트에 이 행렬을 곱합니다(x 앞의 1/T, 1/√d_k도 함께). 가중치 하나가 1에 가까우면 모든 원소가 0에 가까워져 점수에, 그리고 그 너머 W^Q와 W^K에 그래디언트가 거의 전달되지 않습니다. 학습이 멈춥니다. 스케일이 없으면 d_k가 커질수록 평균 노름이 크게 떨어집니다. d_k = {d_k}에서 {raw}이고, 줄의 {saturated}%가 키 하나에 0.99 넘게 줍니다. 스케일하면 {scaled}이고 d_k에 따라 거의 변하지 않습니다. 어떤 가중치도 0.5(점선)를 넘을 수 없습니다.",
    },
}
