"""Home's diagram of the model in Node.js, without a page (viz/ui/chart/follow.js, ``followBoxes``): a click
on a box presses that box's button, also when the click comes before the run has drawn the buttons (the
chart is drawn first: CI once clicked the first box before its button existed, and nothing opened); of
several quick clicks only the last box opens; a click whose button never comes gives up; on a touch
screen the first tap only arms a box."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from tests.support import live_charts

FOLLOW_JS = Path(__file__).parents[2] / "viz" / "ui" / "chart" / "follow.js"

#: A page without a browser: a document whose buttons appear when the script says, a clock the script
#: moves, the chart's ``plotly_click`` handler called as Plotly would, and the presses recorded.
HARNESS = """
import { followBoxes } from './follow.mjs';
const steps = JSON.parse(process.argv[2]);
const touch = process.argv[3] === 'touch';
let clock = 0;
Object.defineProperty(globalThis, 'performance', { value: { now: () => clock }, configurable: true });
globalThis.window = { matchMedia: () => ({ matches: touch }) };
const buttons = new Map();
const pressed = [];
globalThis.document = {
  querySelector: (selector) => buttons.get(selector) ?? null,
};
const handlers = {};
const el = { on: (name, fn) => { handlers[name] = fn; } };
followBoxes(el);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
for (const [what, arg] of steps) {
  if (what === 'click') {
    handlers.plotly_click({ points: [{ data: { meta: 'boxes' }, customdata: arg }] });
  } else if (what === 'button') {
    buttons.set(`.st-key-map_link_${arg} button`, { click: () => pressed.push(arg) });
  } else if (what === 'wait') {
    clock += arg;
    await sleep(arg);
  } else if (what === 'jump') {
    clock += arg;
  }
}
await sleep(300);
console.log(JSON.stringify(pressed));
"""


def presses(steps: list[tuple[str, Any]], tmp_path: Path, touch: bool = False) -> list[str]:
    live_charts.require_node()
    (tmp_path / "follow.mjs").write_text(FOLLOW_JS.read_text(encoding="utf-8"), encoding="utf-8")
    script = tmp_path / "harness.mjs"
    script.write_text(HARNESS, encoding="utf-8")
    done = subprocess.run(
        [str(shutil.which("node")), str(script), json.dumps(steps), "touch" if touch else "mouse"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    result: list[str] = json.loads(done.stdout)
    return result


def test_a_click_presses_the_boxs_button(tmp_path: Path) -> None:
    steps = [("button", "pe"), ("button", "softmax"), ("click", "softmax")]
    assert presses(steps, tmp_path) == ["softmax"]


def test_a_click_before_the_button_is_drawn_presses_it_once_it_is(tmp_path: Path) -> None:
    steps = [("click", "pe"), ("wait", 250), ("button", "pe"), ("wait", 250)]
    assert presses(steps, tmp_path) == ["pe"]


def test_of_quick_clicks_before_the_buttons_only_the_last_box_opens(tmp_path: Path) -> None:
    steps = [("click", "pe"), ("click", "softmax"), ("wait", 150), ("button", "pe"), ("button", "softmax")]
    assert presses(steps, tmp_path) == ["softmax"]


def test_a_click_whose_button_never_comes_gives_up(tmp_path: Path) -> None:
    # the clock jumps past the wait; a button drawn after that is not pressed by the old click
    steps = [("click", "pe"), ("wait", 150), ("jump", 60_000), ("wait", 250), ("button", "pe"), ("wait", 250)]
    assert presses(steps, tmp_path) == []


def test_on_a_touch_screen_the_first_tap_arms_and_the_second_opens(tmp_path: Path) -> None:
    # the browser's click that follows the touch (within the tap's time) is the same tap, not a second
    steps = [("button", "pe"), ("click", "pe"), ("click", "pe"), ("jump", 1000), ("click", "pe")]
    assert presses(steps, tmp_path, touch=True) == ["pe"]
    assert presses([("button", "pe"), ("click", "pe")], tmp_path, touch=True) == []
