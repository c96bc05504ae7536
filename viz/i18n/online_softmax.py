"""Strings of online softmax, block by block (viz/views/online_softmax.py, the Softmax and scaling page's
fifth tab), English and Korean."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "os.title": {
        "en": "5. Online softmax (FlashAttention)",
        "ko": "5. 온라인 소프트맥스 (FlashAttention)",
    },
    "os.intro": {
        "en": "Standard attention writes down every score of a query's row, then takes the softmax. "
        "FlashAttention never holds the whole row: it reads the keys in blocks and keeps only a running "
        "maximum m, a running sum l and a running weighted sum of the values. Step through one query's keys "
        "block by block (scores drawn from the page's seed).",
        "ko": "보통의 어텐션은 쿼리 한 행의 점수를 모두 적어 둔 다음 소프트맥스를 계산합니다. FlashAttention은 그 행 "
        "전체를 들고 있지 않습니다. 키를 블록 단위로 읽으면서 누적 최댓값 m, 누적 합 l, 밸류 벡터의 누적 가중합만 "
        "유지합니다. 쿼리 하나의 키를 블록마다 따라가 보세요(점수는 이 페이지의 시드로 뽑습니다).",
    },
    "os.keys": {"en": "Keys N", "ko": "키 개수 N"},
    "os.block": {"en": "Block size B", "ko": "블록 크기 B"},
    "os.step": {"en": "After block", "ko": "몇 번째 블록까지"},
    "os.key": {"en": "key j", "ko": "키 j"},
    "os.score": {"en": "score s_j", "ko": "점수 s_j"},
    "os.score.hover": {"en": "key %{x}: %{y:.3f}", "ko": "키 %{x}: %{y:.3f}"},
    "os.read": {"en": "read before", "ko": "이전에 읽음"},
    "os.this": {"en": "block {k}", "ko": "블록 {k}"},
    "os.unread": {"en": "not read yet", "ko": "아직 안 읽음"},
    "os.m": {"en": "running max m = {m}", "ko": "누적 최댓값 m = {m}"},
    "os.scores.title": {
        "en": "One query's scores, block {k} of {blocks}",
        "ko": "쿼리 하나의 점수, 블록 {k}/{blocks}",
    },
    "os.running.title": {
        "en": "The running max m and sum l after each block",
        "ko": "블록마다의 누적 최댓값 m과 합 l",
    },
    "os.block.axis": {"en": "block", "ko": "블록"},
    "os.m.axis": {"en": "running max m", "ko": "누적 최댓값 m"},
    "os.l.axis": {"en": "running sum l (dotted)", "ko": "누적 합 l (점선)"},
    "os.m.series": {"en": "m", "ko": "m"},
    "os.l.series": {"en": "l", "ko": "l"},
    "os.running.hover": {"en": "after block %{x}: %{y:.4f}", "ko": "블록 %{x} 뒤: %{y:.4f}"},
    "os.now": {"en": "block {k}", "ko": "블록 {k}"},
    "os.metric.m": {"en": "m, the max so far", "ko": "지금까지의 최댓값 m"},
    "os.metric.l": {"en": "l = Σ e^(s − m)", "ko": "l = Σ e^(s − m)"},
    "os.metric.rescale": {"en": "rescale e^(m_old − m)", "ko": "재조정 e^(m_old − m)"},
    "os.metric.rescale.help": {
        "en": "What the sums so far were multiplied by at this block: below 1 when the block held a new "
        "maximum, exactly 1 when it did not (the first block has nothing to rescale: it shows 1).",
        "ko": "이 블록에서 지금까지의 합에 곱한 값입니다. 블록에 새 최댓값이 있었으면 1보다 작고, 없었으면 정확히 "
        "1입니다(첫 블록은 재조정할 것이 없어 1로 보입니다).",
    },
    "os.check": {
        "en": "After all {blocks} blocks the output, acc / l, differs from softmax(s)·V computed on the whole "
        "row of {n} keys by at most **{gap}**: the same numbers, up to rounding.",
        "ko": "{blocks}개 블록을 모두 읽은 뒤의 출력 acc / l은 키 {n}개의 행 전체로 계산한 softmax(s)·V와 최대 "
        "**{gap}**만큼 다릅니다. 반올림 오차를 빼면 같은 값입니다.",
    },
    "os.mem.title": {
        "en": "Memory beyond Q, K, V and the output (float32, log-log)",
        "ko": "Q, K, V와 출력 외에 필요한 메모리 (float32, 로그-로그)",
    },
    "os.mem.x": {"en": "sequence length N (queries = keys)", "ko": "시퀀스 길이 N (쿼리 = 키)"},
    "os.mem.y": {"en": "bytes", "ko": "바이트"},
    "os.mem.hover": {"en": "N = %{x:.0f}: %{y:.3s}B", "ko": "N = %{x:.0f}: %{y:.3s}B"},
    "os.mem.standard": {"en": "standard: the N × N scores", "ko": "보통: N × N 점수"},
    "os.mem.online": {
        "en": "online: m and l per query, one {b} × {b} block",
        "ko": "온라인: 쿼리마다 m과 l, {b} × {b} 블록 하나",
    },
    "os.explain": {
        "en": "**What to notice.** Softmax needs the row's maximum (to keep e^s from overflowing) and its "
        "sum, which seem to need the whole row first. Online softmax keeps both running: when a block "
        "brings a larger score, everything summed so far is multiplied by e^(m_old − m_new), which is "
        "exactly what it would have been had that maximum been known from the start. So the result is the "
        "same to rounding, but the N × N scores are never stored: their memory grows as N² (a 131,072-token "
        "sequence would need 64 GiB for one head), the running state only as N. FlashAttention (Dao et al. "
        "2022) does this in tiles that fit in a GPU's fast on-chip memory; the idea is Milakov and "
        "Gimelshein's online softmax (2018).",
        "ko": "**눈여겨볼 점.** 소프트맥스에는 행의 최댓값(e^s가 넘치지 않도록)과 합이 필요해서, 행 전체를 먼저 "
        "알아야 할 것처럼 보입니다. 온라인 소프트맥스는 둘을 누적해 갑니다. 어떤 블록에 더 큰 점수가 있으면 "
        "지금까지 더한 것에 e^(m_old − m_new)를 곱하는데, 처음부터 그 최댓값을 알았을 때와 정확히 같은 값이 "
        "됩니다. 그래서 결과는 반올림을 빼면 같지만 N × N 점수를 저장하지 않습니다. 그 메모리는 N²로 늘고(131,072 "
        "토큰이면 헤드 하나에 64 GiB), 누적 상태는 N으로만 늡니다. FlashAttention(Dao 외 2022)은 이것을 GPU의 빠른 "
        "칩 내부 메모리에 들어가는 타일 단위로 합니다. 생각 자체는 Milakov와 Gimelshein의 온라인 소프트맥스(2018)"
        "입니다.",
    },
}
