"""The pyserial-based client, driving the simulator's serial mode as port "sim"."""

import json
import subprocess
import sys

import pytest

from host_tools.client import Client, ClientError, SimPort

from .test_sim import ROOT, example_lines


@pytest.fixture
def client(tmp_path):
    with Client("sim", state_dir=str(tmp_path), timeout=20) as opened:
        yield opened


def test_session_through_the_sim_port(client):
    assert client.hello()["protocol"] == 1
    started, events = client.new("chop", seed=11, options={"players": 3})
    assert started["options"]["players"] == 3
    assert events[0]["ev"] == "new"
    _, rolled_events = client.act("roll")
    assert rolled_events
    state = client.state()
    assert state["match"]["recent"] == ["roll"]
    client.undo()
    assert client.state()["match"]["recent"] == []
    _, again = client.act("roll")
    assert again == rolled_events
    with pytest.raises(ClientError, match="illegal"):
        client.act("teleport")
    assert client.state()["match"]["recent"] == ["roll"]


def test_garbage_between_commands_leaves_state(client):
    client.new("chop", seed=2)
    client.act("roll")
    before = client.state()["match"]
    for junk in (b"garbage\n", b"{\"cmd\": 12}\n", b"[]\n", b"\xff\xfe\n"):
        client.port.write(junk)
    # the errors for the junk arrive before the answer to the next command
    answer, events = client.send({"cmd": "state"})
    assert [event["ev"] for event in events] == ["error"] * 4
    assert answer["match"] == before


def test_cli_prints_events_and_one_line_errors(tmp_path):
    run = subprocess.run(
        [sys.executable, "-m", "host_tools.client", "--port", "sim", "act", "roll"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert run.returncode == 1
    assert run.stderr.strip() == "client: no_match: no game in progress; send new first"
    run = subprocess.run(
        [sys.executable, "-m", "host_tools.client", "--port", "sim", "new", "chop", "--seed", "3"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout.splitlines()[-1])["ev"] == "started"


def test_sim_port_is_a_child_process():
    port = SimPort()
    port.write(b'{"cmd": "hello"}\n')
    assert json.loads(port.readline())["ev"] == "hello"
    port.close()
    assert port.process.returncode == 0


def test_help_shows_the_examples_one_per_line():
    from host_tools import client as client_module

    result = subprocess.run(
        [sys.executable, "-m", "host_tools.client", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    shown = [line.strip() for line in result.stdout.splitlines()]
    examples = example_lines(client_module.__doc__)
    assert len(examples) == 3
    for example in examples:
        assert example in shown, example
