"""Golden images: the simulator's rendering of the real firmware, pixel for pixel.

If a change to a screen is intended, run `make golden` and commit the new
pictures; the failure message says which scene differs and where the new
picture was written.
"""

import os

import pytest
from PIL import Image

from host_tools.screenshots import GOLDEN, scene_presses
from host_tools.sim.simulator import Simulator

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.parametrize("name", sorted(scene_presses()))
def test_scene_matches_golden(name, tmp_path):
    sim = Simulator(state_dir=str(tmp_path / "flash"))
    sim.run(scene_presses()[name])
    actual_path = tmp_path / (name + ".png")
    sim.save_png(str(actual_path))
    expected = Image.open(os.path.join(GOLDEN, name + ".png")).convert("RGB")
    actual = Image.open(actual_path).convert("RGB")
    assert actual.size == (512, 256)
    if actual.tobytes() != expected.tobytes():
        out = os.path.join(ROOT, "build", "golden-diff")
        os.makedirs(out, exist_ok=True)
        actual.save(os.path.join(out, name + ".png"))
        pytest.fail("scene %r differs from tests/golden/%s.png; new picture in build/golden-diff"
                    % (name, name))
