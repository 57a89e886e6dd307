"""Test driver that runs inside the MicroPython WebAssembly interpreter.

host_tools/mp/runner.mjs copies this package into the interpreter's file
system, calls load() once per test module and then run_one(i) once per test,
each as a separate top-level runPython call: the WebAssembly port only
collects garbage between top-level calls, so this keeps the heap from growing
across a whole module. Every call returns a JSON string that the JavaScript
side reads back.

Collection follows CPython's unittest loader, sorted by name: every
unittest.TestCase subclass in the module namespace (its test* methods) and
every module-level callable named test*. Each test gets a fresh instance;
setUpClass/tearDownClass run once around a class's tests.

Runs only under MicroPython; it is plain Python so ruff can check it.
"""

import gc
import io
import json
import sys
import unittest

from pawtrack_runner import unittest_compat

_state = {"module": None, "tests": [], "class": None, "class_error": None}
_current = []


def _trace(exc):
    buf = io.StringIO()
    sys.print_exception(exc, buf)
    return buf.getvalue()


def _is_skip(exc):
    return isinstance(exc, unittest.SkipTest)


def _reason(exc):
    return str(exc.args[0]) if exc.args else "skipped"


def _collect(module):
    tests = []
    for name in sorted(dir(module)):
        obj = getattr(module, name)
        if isinstance(obj, type):
            if obj is unittest.TestCase or not issubclass(obj, unittest.TestCase):
                continue
            for method in sorted(dir(obj)):
                if method.startswith("test") and callable(getattr(obj, method)):
                    tests.append((name + "." + method, obj, method))
        elif name.startswith("test") and callable(obj):
            tests.append((name, None, name))
    return tests


def load(module_name):
    """Import the test module and list its tests."""
    unittest_compat.install()
    try:
        module = __import__(module_name)
    except BaseException as exc:  # noqa: B036 - report anything the import raises
        if _is_skip(exc):
            return json.dumps({"ok": True, "tests": [], "skip": _reason(exc)})
        return json.dumps({"ok": False, "error": _trace(exc)})
    _state["module"] = module
    _state["tests"] = _collect(module)
    return json.dumps({"ok": True, "tests": [label for label, _, _ in _state["tests"]]})


def _sink(label, exc):
    _current.append((label, _trace(exc)))


def _class_teardown(outcomes):
    cls = _state["class"]
    _state["class"] = None
    if cls is None or _state["class_error"] is not None:
        return
    teardown = getattr(cls, "tearDownClass", None)
    if teardown is None:
        return
    try:
        teardown()
    except BaseException as exc:  # noqa: B036
        outcomes.append(
            {
                "id": cls.__name__ + ".tearDownClass",
                "status": "fail",
                "details": [["", _trace(exc)]],
            }
        )


def _class_setup(cls, outcomes):
    if _state["class"] is cls:
        return
    _class_teardown(outcomes)
    _state["class"] = cls
    _state["class_error"] = None
    if getattr(cls, "__unittest_skip__", False):
        _state["class_error"] = ("skip", cls.__unittest_skip_why__)
        return
    setup = getattr(cls, "setUpClass", None)
    if setup is None:
        return
    try:
        setup()
    except BaseException as exc:  # noqa: B036
        if _is_skip(exc):
            _state["class_error"] = ("skip", _reason(exc))
        else:
            _state["class_error"] = ("fail", "setUpClass failed:\n" + _trace(exc))


def _call(func):
    """Run func; return None, ("skip", reason) or ("fail", traceback)."""
    try:
        func()
    except BaseException as exc:  # noqa: B036
        if _is_skip(exc):
            return ("skip", _reason(exc))
        return ("fail", _trace(exc))
    return None


def _run_method(cls, method):
    instance = cls()
    problems = []
    setup = getattr(instance, "setUp", None)
    outcome = _call(setup) if setup is not None else None
    if outcome is None:
        outcome = _call(getattr(instance, method))
        teardown = getattr(instance, "tearDown", None)
        if teardown is not None:
            problems.append(_call(teardown))
    if hasattr(instance, "doCleanups"):
        problems.append(_call(instance.doCleanups))
    return outcome, [p for p in problems if p is not None]


def run_one(index):
    """Run test number index of the loaded module and return its outcome."""
    label, cls, name = _state["tests"][index]
    outcomes = []
    del _current[:]
    unittest_compat.subtest_sink = _sink
    problems = []
    try:
        if cls is None:
            _class_teardown(outcomes)
            outcome = _call(getattr(_state["module"], name))
        else:
            _class_setup(cls, outcomes)
            outcome = _state["class_error"]
            if outcome is None:
                outcome, problems = _run_method(cls, name)
    finally:
        unittest_compat.subtest_sink = None
    details = [[sub, text] for sub, text in _current]
    status = "pass"
    if outcome is not None and outcome[0] == "skip":
        status = "skip"
        reason = outcome[1]
    elif outcome is not None:
        details.insert(0, ["", outcome[1]])
    for problem in problems:
        details.append(["", problem[1]])
    if details:
        status = "fail"
    result = {"id": label, "status": status, "details": details}
    if status == "skip":
        result["reason"] = reason
    outcomes.insert(0, result)
    gc.collect()  # only schedules it: the port collects at the next top-level call
    return json.dumps(outcomes)


def finish():
    """Run the last tearDownClass; return any outcome it produced."""
    outcomes = []
    _class_teardown(outcomes)
    return json.dumps(outcomes)
