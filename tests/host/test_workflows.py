"""The GitHub Actions workflows: actionlint finds nothing in any of them, and each does its job
(CI runs .ci/run on every push and pull request, a v* tag runs make release and attaches dist/,
the Pages workflow publishes make web's build/web).

actionlint comes from requirements.txt (a wheel with the binary, Linux only); shellcheck and
pyflakes are switched off so that the result does not depend on what else is installed.
"""

import os
import re
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORKFLOWS = os.path.join(ROOT, ".github", "workflows")


def actionlint_program():
    """The actionlint installed beside this Python (.venv/bin), else one on PATH."""
    beside = os.path.join(os.path.dirname(sys.executable), "actionlint")
    if os.path.isfile(beside):
        return beside
    found = shutil.which("actionlint")
    if found:
        return found
    if sys.platform != "linux":
        pytest.skip("actionlint: requirements.txt installs it on Linux only (no wheel here)")
    pytest.fail("actionlint is not installed: run make setup (requirements.txt pins it)")


def actionlint(paths):
    command = [actionlint_program(), "-no-color", "-oneline", "-shellcheck=", "-pyflakes="]
    result = subprocess.run(
        command + paths, cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    return result.returncode, (result.stdout + result.stderr).strip()


def workflow_files():
    return sorted(
        os.path.join(WORKFLOWS, name)
        for name in os.listdir(WORKFLOWS)
        if name.endswith((".yml", ".yaml"))
    )


def read(name):
    with open(os.path.join(WORKFLOWS, name), encoding="utf-8") as f:
        return f.read()


def test_actionlint_finds_nothing_in_the_workflows():
    paths = [os.path.relpath(p, ROOT) for p in workflow_files()]
    assert {"ci.yml", "release.yml", "pages.yml"} <= {os.path.basename(p) for p in paths}
    code, said = actionlint(paths)
    assert code == 0, "actionlint:\n" + said


def test_actionlint_does_find_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text(
        "on: push\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    stepz:\n"
        "      - run: echo ${{ github.nothing_here }}\n"
    )
    code, said = actionlint([str(broken)])
    assert code != 0 and "stepz" in said


def test_ci_runs_the_developers_command_on_every_push_and_pull_request():
    text = read("ci.yml")
    assert re.search(r"^on:\n  push:\n  pull_request:\n", text, re.M)
    assert "run: bash .ci/run" in text
    with open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8") as f:
        assert f.read().rstrip().endswith("make test")


def test_a_version_tag_builds_the_release_and_attaches_dist():
    text = read("release.yml")
    assert 'tags: ["v*"]' in text
    assert 'make release TAG="$GITHUB_REF_NAME"' in text
    assert "gh release create" in text and "dist/*" in text
    assert "contents: write" in text
    # the notes file the workflow names is the one make release writes
    from host_tools import release

    assert "dist/" + release.notes_name("$version") in text


def test_the_pages_workflow_publishes_make_webs_folder():
    text = read("pages.yml")
    assert "run: make web" in text
    assert "path: build/web" in text
    assert "actions/deploy-pages@" in text and "pages: write" in text
