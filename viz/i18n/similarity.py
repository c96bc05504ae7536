"""Strings of the Position similarity page, English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "sim.csv.all_pairs": {
        "en": "Every pair of positions ({pairs}): the chart draws {points} points",
        "ko": "모든 위치 쌍({pairs}개): 차트에는 점 {points}개를 그립니다",
    },
    # The section titles are also the page's tab labels: short enough that all five fit side by side at
    # 1400 px, in English and Korean.
    "sim.title": {"en": "Position similarity", "ko": "위치 유사도"},
    "sim.intro": {
        "en": "Attention scores are dot products, so what matters about position vectors is how they compare "
        "with each other. Pick a position p and see how its vector relates to every other position, how the "
        "whole table of pairs looks, and why for the sinusoidal encoding only the distance between two "
        "positions counts, not where they are.",
        "ko": "어텐션 점수는 내적이므로, 위치 벡터에서 중요한 것은 서로 어떻게 비교되느냐입니다. 위치 p를 골라 그 "
        "벡터가 다른 모든 위치와 어떤 관계인지, 모든 쌍의 표가 어떤 모양인지, 그리고 사인파 인코딩에서는 왜 두 "
        "위치의 절대 위치가 아니라 떨어진 거리만 중요한지 확인해 보세요.",
    },
    "sim.compare": {"en": "Compare with", "ko": "비교할 인코딩"},
    "sim.measure": {"en": "Measure", "ko": "측정 방법"},
    "sim.measure.dot": {"en": "dot product PE(p)·PE(j)", "ko": "내적 PE(p)·PE(j)"},
    "sim.measure.cosine": {"en": "cosine similarity", "ko": "코사인 유사도"},
    "sim.measure.distance": {"en": "distance ‖PE(p) − PE(j)‖", "ko": "거리 ‖PE(p) − PE(j)‖"},
    "sim.p": {"en": "position p", "ko": "위치 p"},
    "sim.p.help": {
        "en": "The notes' example is p = 50 in a table of max_len = 100.",
        "ko": "강의 노트의 예시는 max_len = 100인 표에서 p = 50입니다.",
    },
    "sim.one_position": {
        "en": "max_len is 1: there is only position 0, so every chart compares it with itself. Raise max_len "
        "in the sidebar to see more.",
        "ko": "max_len이 1이라 위치 0 하나뿐이어서 모든 차트가 자기 자신과만 비교합니다. 사이드바에서 max_len을 "
        "늘려 보세요.",
    },
    "sim.layout": {
        "en": "Sinusoidal columns in the split layout (chosen on the Positional encoding page): the same numbers in another column order, so every similarity is unchanged.",
        "ko": "사인파 열이 분할 배치입니다(위치 인코딩 페이지에서 선택). 같은 숫자를 열 순서만 바꾼 것이라 모든 유사도가 그대로입니다.",
    },
    "sim.trained.both": {
        "en": "Both tables are compared at the trained table's size: {max_len} positions × {d_model} "
        "dimensions (the other one is built at that size too).",
        "ko": "두 표를 학습된 표의 크기로 비교합니다: 위치 {max_len}개 × {d_model}차원 (다른 표도 같은 크기로 "
        "만듭니다).",
    },
    "sim.trained.row": {
        "en": "**MiniLM's trained table.** Here too position p is closest to itself, with its neighbours "
        "close behind; then the curve wavers: on average, positions about 6 away look more like p again "
        "than those 3 away, the short wave many of its columns share. Further out, positions resemble p "
        "less and less.",
        "ko": "**MiniLM의 학습된 표.** 여기서도 위치 p는 자기 자신과 가장 가깝고 이웃이 바로 뒤따릅니다. 그다음 "
        "곡선이 물결칩니다. 평균적으로 약 6칸 떨어진 위치가 3칸 떨어진 위치보다 다시 p를 더 닮는데, 많은 열이 "
        "함께 가진 짧은 파동 때문입니다. 더 멀리 가면 점점 덜 닮습니다.",
    },
    "sim.trained.row.dot": {
        "en": "**MiniLM's trained table.** A dot product counts length too, and row 0, where [CLS] sits, is "
        "about five times longer than the others: for most positions below about 120 the best score is "
        "with position 0, not with p itself (set p to 0 to see its score with itself dwarf the rest). "
        "Choose cosine similarity to compare directions only: then p is closest to itself and its "
        "neighbours, and, on average, positions about 6 away look more like p than those 3 away.",
        "ko": "**MiniLM의 학습된 표.** 내적은 길이도 함께 재는데, [CLS]가 놓이는 0번 행은 다른 행보다 약 다섯 배 "
        "깁니다. 그래서 약 120보다 앞의 대부분의 위치에서 가장 큰 점수는 p 자신이 아니라 위치 0과의 점수입니다(p를 "
        "0으로 두면 자기 자신과의 점수가 나머지를 압도하는 것이 보입니다). 코사인 유사도를 고르면 방향만 "
        "비교합니다. 그러면 p는 자기 자신과 이웃에 가장 가깝고, 평균적으로 약 6칸 떨어진 위치가 3칸 떨어진 "
        "위치보다 p를 더 닮습니다.",
    },
    "sim.trained.matrix": {
        "en": "**MiniLM's trained table.** One cell sets the top of this colour scale: row 0, where [CLS] "
        "sits, with itself (about 25 times a typical row's score with itself), so the rest of the matrix "
        "looks pale. Choose cosine similarity above to compare directions only: a bright band then follows "
        "the diagonal, with fainter stripes beside it where the short wave repeats.",
        "ko": "**MiniLM의 학습된 표.** 이 색 눈금의 맨 위는 한 칸이 정합니다. [CLS]가 놓이는 0번 행과 자기 "
        "자신의 점수로, 보통 행이 자기 자신과 내는 점수의 약 25배입니다. 그래서 나머지 행렬은 옅어 보입니다. 위에서 "
        "코사인 유사도를 고르면 방향만 비교합니다. 그러면 대각선을 따라 밝은 띠가 보이고, 짧은 파동이 되풀이되는 "
        "곳에 더 옅은 줄무늬가 나란히 생깁니다.",
    },
    "sim.trained.matrix.cosine": {
        "en": "**MiniLM's trained table.** By direction alone, a bright band follows the diagonal: nearby "
        "positions point the same way. Beside it run fainter stripes, about 6 positions apart, where the "
        "short wave many columns share comes round again; far from the diagonal the colours fade towards 0.",
        "ko": "**MiniLM의 학습된 표.** 방향만 보면 대각선을 따라 밝은 띠가 있습니다. 가까운 위치는 같은 방향을 "
        "가리킨다는 뜻입니다. 그 옆으로 약 6칸 간격의 옅은 줄무늬가 이어지는데, 많은 열이 함께 가진 짧은 파동이 "
        "다시 돌아오는 곳입니다. 대각선에서 멀어질수록 색은 0 쪽으로 옅어집니다.",
    },
    "sim.trained.offset": {
        "en": "**MiniLM's trained table.** No formula promised one value per offset, and the dots do spread; "
        "yet the cloud has a shape training found: pairs are most alike at offset 0, pairs 6 or 12 apart "
        "are more alike than pairs 3 or 8 apart (the short wave again), and the likeness fades over a few "
        "hundred positions.",
        "ko": "**MiniLM의 학습된 표.** 간격마다 값이 하나라고 약속한 공식이 없으니 점들이 흩어집니다. 그래도 "
        "구름에는 학습이 찾아낸 모양이 있습니다. 간격 0에서 가장 닮았고, 6칸이나 12칸 떨어진 쌍이 3칸이나 8칸 "
        "떨어진 쌍보다 더 닮았으며(역시 짧은 파동), 닮은 정도는 수백 칸에 걸쳐 옅어집니다.",
    },
    "sim.j": {"en": "position j", "ko": "위치 j"},
    "sim.p_axis": {"en": "position p", "ko": "위치 p"},
    "sim.tab.row": {"en": "One position vs. all", "ko": "한 위치 대 전체"},
    "sim.row.chart": {"en": "{name}: position {p} against j", "ko": "{name}: 위치 {p} 대 j"},
    "sim.row.hover": {"en": "p = {p}, j = %{{x}}: %{{y:.4g}}", "ko": "p = {p}, j = %{{x}}: %{{y:.4g}}"},
    "sim.row.mark": {"en": "p = {p}", "ko": "p = {p}"},
    "sim.nan": {
        "en": "Gaps: the cosine is undefined against a zero vector (position 0 of this table is all zeros).",
        "ko": "끊긴 곳: 영벡터와의 코사인은 정의되지 않습니다(이 표의 위치 0은 모두 0입니다).",
    },
    # What to notice beside one position's row: a sentence for the measure, then one per encoding shown
    # (viz.views.similarity.row_explanation), so the text describes the charts beside it.
    "sim.row.explain.dot": {
        "en": "**What to notice.** Each curve is the dot product of position {p}'s vector with every position j's; the line marks j = {p}.",
        "ko": "**눈여겨볼 점.** 각 곡선은 위치 {p}의 벡터와 모든 위치 j의 벡터의 내적입니다. 세로선이 j = {p}입니다.",
    },
    "sim.row.explain.cosine": {
        "en": "**What to notice.** The cosine ignores length and keeps only the angle: it is 1 at j = {p} (undefined where a vector is all zeros).",
        "ko": "**눈여겨볼 점.** 코사인은 길이를 무시하고 각도만 봅니다. j = {p}에서 1입니다(모두 0인 벡터에서는 정의되지 않습니다).",
    },
    "sim.row.explain.distance": {
        "en": "**What to notice.** Distance is 0 at j = {p} and grows as j moves away.",
        "ko": "**눈여겨볼 점.** 거리는 j = {p}에서 0이고 j가 멀어질수록 커집니다.",
    },
    "sim.row.dot.sinusoidal": {
        "en": "**Sinusoidal:** the curve peaks at j = {p}, where a vector's dot product with itself is {half}, and falls off on both sides: nearby positions look alike, far ones less so. Move p and the whole shape slides with it.",
        "ko": "**사인파:** 곡선이 j = {p}에서 가장 높고(자기 자신과의 내적 = {half}) 양쪽으로 내려갑니다. 가까운 위치는 비슷하고 먼 위치는 덜 비슷합니다. p를 움직이면 모양 전체가 함께 미끄러집니다.",
    },
    "sim.row.dot.rope": {
        "en": "**RoPE:** its table holds the same kind of sines and cosines, so its curve also peaks at j = {p} and depends on the distance p − j only.",
        "ko": "**RoPE:** 표가 같은 종류의 사인과 코사인으로 되어 있어, 곡선도 j = {p}에서 가장 높고 간격 p − j에만 달려 있습니다.",
    },
    "sim.row.dot.integer": {
        "en": "**Integer index:** the score p · j · d_model only grows with j, so the largest score goes to the last position, not to p's neighbours (and at p = 0 every score is 0).",
        "ko": "**정수 인덱스:** 점수 p · j · d_model은 j와 함께 커지기만 해서, 가장 큰 점수가 p의 이웃이 아니라 마지막 위치로 갑니다(p = 0이면 모든 점수가 0입니다).",
    },
    "sim.row.dot.normalized": {
        "en": "**Index ÷ length:** the same straight line as the integer index, only smaller: the last position scores highest whatever p is.",
        "ko": "**인덱스 ÷ 길이:** 정수 인덱스와 같은 직선이고 작기만 합니다. p가 무엇이든 마지막 위치의 점수가 가장 큽니다.",
    },
    "sim.row.dot.binary": {
        "en": "**Binary:** the score counts the 1-bits p and j share, so it jumps around: a neighbour that flips many bits scores lower than a far position sharing p's bits, and positions with more 1-bits score higher.",
        "ko": "**이진수:** 점수는 p와 j가 함께 가진 1비트의 개수라서 들쭉날쭉 뜁니다. 비트가 많이 바뀌는 이웃은 p의 비트를 공유하는 먼 위치보다 점수가 낮고, 1비트가 많은 위치일수록 점수가 높습니다.",
    },
    "sim.row.dot.learned": {
        "en": "**Learned table (at initialisation):** random vectors, so the curve is a spike at j = {p} over noise: no near or far until training shapes the table.",
        "ko": "**학습형 표 (초기화 직후):** 무작위 벡터라서 곡선은 잡음 위에 j = {p}에서 솟은 뾰족한 점입니다. 학습이 표를 만들기 전에는 가깝고 먼 것이 없습니다.",
    },
    "sim.row.cosine.sinusoidal": {
        "en": "**Sinusoidal:** every vector has the same length, so the cosine is the dot product rescaled: the same peak at p, falling off with distance.",
        "ko": "**사인파:** 모든 벡터의 길이가 같아서 코사인은 내적의 크기만 바꾼 것입니다. p에서 같은 봉우리가 있고 거리에 따라 내려갑니다.",
    },
    "sim.row.cosine.rope": {
        "en": "**RoPE:** its vectors all have the same length too, so the cosine falls off from p with the distance only.",
        "ko": "**RoPE:** 벡터의 길이가 모두 같아서, 코사인도 p에서 거리에 따라서만 내려갑니다.",
    },
    "sim.row.cosine.integer": {
        "en": "**Integer index:** 1 everywhere else too: all its vectors point the same way, so by angle it cannot tell positions apart at all.",
        "ko": "**정수 인덱스:** 다른 곳에서도 모두 1입니다. 모든 벡터가 같은 방향이라 각도로는 위치를 전혀 구별하지 못합니다.",
    },
    "sim.row.cosine.normalized": {
        "en": "**Index ÷ length:** 1 everywhere else too: all its vectors point the same way, so by angle it cannot tell positions apart at all.",
        "ko": "**인덱스 ÷ 길이:** 다른 곳에서도 모두 1입니다. 모든 벡터가 같은 방향이라 각도로는 위치를 전혀 구별하지 못합니다.",
    },
    "sim.row.cosine.binary": {
        "en": "**Binary:** the angle depends on which bits p and j share, so the curve still jumps around; a far position can point more nearly p's way than a neighbour.",
        "ko": "**이진수:** 각도가 p와 j가 함께 가진 비트에 달려 있어 곡선이 여전히 들쭉날쭉합니다. 먼 위치가 이웃보다 p와 더 비슷한 방향을 가리킬 수 있습니다.",
    },
    "sim.row.cosine.learned": {
        "en": "**Learned table (at initialisation):** random vectors are nearly at right angles, so the cosine is near 0 everywhere but at p.",
        "ko": "**학습형 표 (초기화 직후):** 무작위 벡터는 거의 직각이라, 코사인이 p를 빼면 어디서나 0 가까이입니다.",
    },
    "sim.row.distance.sinusoidal": {
        "en": "**Sinusoidal:** it grows smoothly and the same way on both sides.",
        "ko": "**사인파:** 양쪽으로 똑같이 부드럽게 커집니다.",
    },
    "sim.row.distance.rope": {
        "en": "**RoPE:** like the sinusoidal table, smooth and the same on both sides.",
        "ko": "**RoPE:** 사인파 표처럼 양쪽으로 똑같이 부드럽게 커집니다.",
    },
    "sim.row.distance.integer": {
        "en": "**Integer index:** a straight V, |p − j| · √d_model: it never stops growing, so far positions dominate.",
        "ko": "**정수 인덱스:** |p − j| · √d_model의 곧은 V자입니다. 끝없이 커져서 먼 위치가 압도합니다.",
    },
    "sim.row.distance.normalized": {
        "en": "**Index ÷ length:** the same V divided by the length: a neighbour's distance shrinks as the table grows.",
        "ko": "**인덱스 ÷ 길이:** 같은 V자를 길이로 나눈 것입니다. 표가 길어질수록 이웃과의 거리가 줄어듭니다.",
    },
    "sim.row.distance.binary": {
        "en": "**Binary:** it jumps around, because moving one position can flip one bit or many.",
        "ko": "**이진수:** 한 칸 움직일 때 비트가 하나 바뀔 수도 여러 개 바뀔 수도 있어 들쭉날쭉 뜁니다.",
    },
    "sim.row.distance.learned": {
        "en": "**Learned table (at initialisation):** random vectors, about equally far from every other position.",
        "ko": "**학습형 표 (초기화 직후):** 무작위 벡터라서 다른 모든 위치와 거의 같은 거리에 있습니다.",
    },
    "sim.matrix.title": {"en": "All pairs (p, j)", "ko": "모든 쌍 (p, j)"},
    "sim.offset.title": {"en": "By offset p − j", "ko": "간격 p − j별"},
    "sim.matrix.chart": {"en": "{name}: every pair (p, j)", "ko": "{name}: 모든 쌍 (p, j)"},
    "sim.matrix.hover": {
        "en": "p = %{y}<br>j = %{x}<br>%{z:.4g}<extra></extra>",
        "ko": "p = %{y}<br>j = %{x}<br>%{z:.4g}<extra></extra>",
    },
    "sim.strided": {
        "en": "Showing {shown} evenly spaced positions of {max_len} on each axis.",
        "ko": "각 축에서 {max_len}개 위치 중 고르게 떨어진 {shown}개를 보여 줍니다.",
    },
    "sim.offset.chart": {"en": "{name}: by offset p − j", "ko": "{name}: 간격 p − j별로"},
    "sim.offset.x": {"en": "offset p − j", "ko": "간격 p − j"},
    "sim.offset.points": {"en": "pairs (p, j)", "ko": "쌍 (p, j)"},
    "sim.offset.curve.dot": {"en": "formula: Σᵢ cos(ωᵢ (p − j))", "ko": "공식: Σᵢ cos(ωᵢ (p − j))"},
    "sim.offset.curve.cosine": {
        "en": "formula: Σᵢ cos(ωᵢ (p − j)) ÷ (d_model / 2)",
        "ko": "공식: Σᵢ cos(ωᵢ (p − j)) ÷ (d_model / 2)",
    },
    "sim.offset.curve.distance": {
        "en": "formula: √(d_model − 2 Σᵢ cos(ωᵢ (p − j)))",
        "ko": "공식: √(d_model − 2 Σᵢ cos(ωᵢ (p − j)))",
    },
    "sim.offset.hover": {"en": "p − j = %{x}: %{y:.4g}", "ko": "p − j = %{x}: %{y:.4g}"},
    "sim.offset.drawn": {
        "en": "Of its {pairs} pairs, those that would land on the same spot are drawn once: {points} points.",
        "ko": "쌍 {pairs}개 가운데 같은 자리에 겹칠 것은 한 번만 그려 점 {points}개입니다.",
    },
    "sim.offset.spread": {
        "en": "Largest spread among pairs with the same offset: {spread} of the full range (0 = one curve).",
        "ko": "간격이 같은 쌍들 사이의 최대 차이: 전체 범위의 {spread} (0이면 곡선 하나).",
    },
    "sim.matrix.explain": {
        "en": "**What to notice.** In the sinusoidal table each diagonal, running from top left to bottom right, keeps one colour. Along a diagonal p − j stays the same, so the value depends on how far apart the two positions are, not on where they sit. RoPE's table shows the same stripes. Binary and the learned table do not: move along a diagonal and the colour changes. “{offset}” puts every pair at its offset p − j and shows the same thing as a curve.",
        "ko": "**눈여겨볼 점.** 사인파 표에서는 왼쪽 위에서 오른쪽 아래로 가는 대각선마다 색이 하나로 유지됩니다. 한 대각선 위에서는 p − j가 같으므로, 값은 두 위치가 어디에 있는지가 아니라 얼마나 떨어져 있는지로만 정해집니다. RoPE 표도 같은 줄무늬를 보입니다. 이진수와 학습형 표는 그렇지 않아서 대각선을 따라가도 색이 바뀝니다. ‘{offset}’에서는 모든 쌍을 간격 p − j 위에 놓아 같은 사실을 곡선으로 보여 줍니다.",
    },
    "sim.offset.explain": {
        "en": "**What to notice.** Every pair (p, j) is placed at its offset p − j (pairs that land on the same spot share one dot). For the sinusoidal table the dots form one thin curve and the red formula curve passes through them: one offset, one value. The spread under each chart is measured on the dots; for an even d_model the dot product equals Σᵢ cos(ωᵢ (p − j)) exactly. RoPE's table behaves the same. Binary and the learned table scatter, with many values at one offset. Integer and index ÷ length do give one curve for the distance, but a straight line that grows without limit, or that changes with the sentence length.",
        "ko": "**눈여겨볼 점.** 모든 쌍 (p, j)를 간격 p − j 자리에 놓았습니다(같은 자리에 겹치는 쌍들은 점 하나를 함께 씁니다). 사인파 표의 점들은 가는 곡선 하나를 이루고 빨간 공식 곡선이 그 위를 지나갑니다. 간격 하나에 값도 하나라는 뜻입니다. 각 차트 아래의 차이는 점들에서 잰 값이며, d_model이 짝수면 내적은 정확히 Σᵢ cos(ωᵢ (p − j))와 같습니다. RoPE 표도 마찬가지입니다. 이진수와 학습형 표는 흩어져서 한 간격에 값이 여러 개입니다. 정수 인덱스와 인덱스 ÷ 길이는 거리로 보면 곡선 하나가 되지만, 끝없이 커지거나 문장 길이에 따라 달라지는 직선입니다.",
    },
    "sim.steps.title": {"en": "Neighbour steps", "ko": "이웃 간 거리"},
    "sim.steps.chart": {
        "en": "Step to the next position: ‖PE(p + 1) − PE(p)‖",
        "ko": "다음 위치까지의 거리: ‖PE(p + 1) − PE(p)‖",
    },
    "sim.steps.x": {"en": "position p", "ko": "위치 p"},
    "sim.steps.y": {"en": "distance to p + 1", "ko": "p + 1까지의 거리"},
    "sim.steps.hover": {"en": "p = %{x}: %{y:.4g}", "ko": "p = %{x}: %{y:.4g}"},
    "sim.steps.none": {
        "en": "With one position there are no neighbours to measure.",
        "ko": "위치가 하나뿐이라 잴 이웃이 없습니다.",
    },
    "sim.steps.item": {"en": "{name}: {value}", "ko": "{name}: {value}"},
    "sim.steps.explain": {
        "en": "**What to notice.** The sinusoidal table moves the same distance at every step: a flat line. "
        "Binary jumps: from 1 to 2 two bits flip (√2), from 3 to 4 three bits (√3), from 7 to 8 four. "
        "Unevenness ((largest − smallest) ÷ mean step): {values}.",
        "ko": "**눈여겨볼 점.** 사인파 표는 매 걸음 같은 거리만큼 움직여 평평한 선이 됩니다. 이진수는 뜁니다. "
        "1에서 2로 갈 때 비트 두 개(√2), 3에서 4는 세 개(√3), 7에서 8은 네 개가 바뀝니다. "
        "고르지 않은 정도((최대 − 최소) ÷ 평균 걸음): {values}.",
    },
    "sim.rot.title": {"en": "Shift k = rotation T(k)", "ko": "k칸 이동 = 회전 T(k)"},
    "sim.rot.intro": {
        "en": "For the sinusoidal table there is one matrix T(k) that turns the vector of any position into the "
        "vector k positions later: PE(pos + k) = T(k) · PE(pos). It does not depend on pos, which is why a "
        "model can learn to attend to “the word two places back” anywhere in the sentence.",
        "ko": "사인파 표에는 어떤 위치의 벡터든 k칸 뒤의 벡터로 바꾸는 행렬 T(k) 하나가 있습니다: "
        "PE(pos + k) = T(k) · PE(pos). 이 행렬이 pos에 의존하지 않기 때문에 모델은 문장 어디에서든 “두 칸 앞의 "
        "단어”를 보는 법을 배울 수 있습니다.",
    },
    "sim.rot.k": {"en": "shift k", "ko": "이동 k"},
    "sim.rot.pair": {"en": "dimension pair i (columns 2i, 2i + 1)", "ko": "차원 쌍 i (열 2i, 2i + 1)"},
    "sim.rot.chart": {"en": "T({k}), {d_model} × {d_model}", "ko": "T({k}), {d_model} × {d_model}"},
    "sim.rot.hover": {
        "en": "row %{y}<br>column %{x}<br>%{z:.4f}<extra></extra>",
        "ko": "행 %{y}<br>열 %{x}<br>%{z:.4f}<extra></extra>",
    },
    "sim.rot.strided": {
        "en": "T(k) has {d_model} rows: showing {what} on both axes ({shown} of them), so the blocks on the "
        "diagonal are real blocks. The CSV has the full matrix.",
        "ko": "T(k)는 {d_model}행이라 두 축 모두 {what} 보여 줍니다({shown}개). 그래서 대각선의 블록은 실제 "
        "블록입니다. CSV에는 전체 행렬이 있습니다.",
    },
    "sim.rot.whole": {"en": "Show the whole matrix", "ko": "행렬 전체 보기"},
    "sim.rot.whole.help": {
        "en": "Off: the top-left corner, large enough to read each 2 × 2 block. On: all d_model × d_model.",
        "ko": "끄면 2 × 2 블록을 읽을 수 있게 왼쪽 위 모서리만, 켜면 d_model × d_model 전체를 보여 줍니다.",
    },
    "sim.rot.corner": {
        "en": "T({k}): top-left {n} × {n} of {d_model} × {d_model}",
        "ko": "T({k}): {d_model} × {d_model} 중 왼쪽 위 {n} × {n}",
    },
    "sim.rot.block": {"en": "The 2 × 2 block of pair {pair}", "ko": "쌍 {pair}의 2 × 2 블록"},
    "sim.rot.angle": {
        "en": "Pair {pair} turns by θ = k · ωᵢ = {k} · ω_{pair} = **{rad} rad** (**{deg}°** around the circle). The block is [[cos θ, sin θ], [−sin θ, cos θ]]: the columns are (sin, cos), so this is the transpose of the textbook [[cos θ, −sin θ], [sin θ, cos θ]].",
        "ko": "쌍 {pair}의 회전각: θ = k · ωᵢ = {k} · ω_{pair} = **{rad} rad**(원 위에서 **{deg}°**). 블록은 [[cos θ, sin θ], [−sin θ, cos θ]]입니다. 열 순서가 (sin, cos)라서 교과서의 [[cos θ, −sin θ], [sin θ, cos θ]]를 전치한 모양입니다.",
    },
    "sim.rot.error": {"en": "largest error, {n} positions", "ko": "최대 오차, 위치 {n}개"},
    "sim.rot.error.help": {
        "en": "max over pos = 0 … max_len − 1 and every sine/cosine column of |PE(pos + k) − T(k) · PE(pos)|, with T(k) the matrix shown (applied through its 2 × 2 blocks; every other entry is 0).",
        "ko": "pos = 0 … max_len − 1과 모든 사인/코사인 열에 대한 |PE(pos + k) − T(k) · PE(pos)|의 최댓값. T(k)는 위에 보인 행렬입니다(2 × 2 블록으로 곱하며, 나머지 칸은 모두 0).",
    },
    "sim.rot.lone": {"en": "error in lone column {col}", "ko": "짝 없는 열 {col}의 오차"},
    "sim.rot.odd": {
        "en": "d_model is odd, so column {col} (the last) is a sine with no cosine beside it. Moving it k positions would need the cosine it lacks, so T(k) leaves it as it is (a 1 on the diagonal) and the rule holds for every other column only.",
        "ko": "d_model이 홀수라 마지막 열(열 {col})은 옆에 코사인이 없는 사인입니다. 이 열을 k칸 옮기려면 없는 코사인이 필요하므로 T(k)는 이 열을 그대로 두고(대각선에 1), 규칙은 나머지 열에서만 성립합니다.",
    },
    "sim.rot.explain": {
        "en": "**What to notice.** T({k}) is zero except for 2 × 2 rotation blocks on the diagonal, one per sine/cosine pair, each turning by its own angle (and, for an odd d_model, a lone 1 in the last corner). The error is measured live over every position with this matrix: it is rounding noise (1e-12 or less), not an approximation.",
        "ko": "**눈여겨볼 점.** T({k})는 대각선의 2 × 2 회전 블록(사인/코사인 쌍마다 하나, 각자 다른 각도)을 빼면 모두 0입니다(d_model이 홀수면 마지막 모서리에 1이 하나 더 있습니다). 오차는 이 행렬로 모든 위치에서 직접 잰 값이며, 반올림 잡음(1e-12 이하) 수준이지 근사가 아닙니다.",
    },
    "sim.orbit.chart": {
        "en": "Pair {pair} of every position, on the unit circle",
        "ko": "모든 위치의 쌍 {pair}, 단위원 위에서",
    },
    "sim.orbit.x": {"en": "cos (column {col})", "ko": "cos (열 {col})"},
    "sim.orbit.y": {"en": "sin (column {col})", "ko": "sin (열 {col})"},
    "sim.orbit.hover": {
        "en": "position %{customdata}<br>cos %{x:.4f}<br>sin %{y:.4f}<extra></extra>",
        "ko": "위치 %{customdata}<br>cos %{x:.4f}<br>sin %{y:.4f}<extra></extra>",
    },
    "sim.orbit.start": {"en": "PE({p})", "ko": "PE({p})"},
    "sim.orbit.moved": {"en": "T({k}) · PE({p})", "ko": "T({k}) · PE({p})"},
    "sim.orbit.target": {"en": "PE({q})", "ko": "PE({q})"},
    "sim.orbit.explain": {
        "en": "**What to notice.** Each pair of columns puts every position on a circle of radius 1, one step "
        "of angle ωᵢ per position. Moving k positions means turning by k · ωᵢ, wherever you start: "
        "T(k) · PE(p) (the cross) lands exactly on PE(p + k). Low pairs turn fast and wrap around many times; "
        "high pairs barely move, which is how far-apart positions stay distinguishable.",
        "ko": "**눈여겨볼 점.** 열 한 쌍은 모든 위치를 반지름 1인 원 위에 놓고, 위치가 하나 늘 때마다 각도 ωᵢ씩 "
        "돕니다. k칸 이동은 어디서 시작하든 k · ωᵢ만큼 도는 것이라서 T(k) · PE(p)(× 표시)가 PE(p + k)에 정확히 "
        "겹칩니다. 앞쪽 쌍은 빨리 돌아 여러 바퀴를 감고, 뒤쪽 쌍은 거의 움직이지 않아 멀리 떨어진 위치도 "
        "구별됩니다.",
    },
}
