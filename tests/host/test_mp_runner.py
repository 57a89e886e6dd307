"""The MicroPython test runner judges correctly: failures, skips, import errors, --run."""

import subprocess
import sys
import textwrap

from host_tools import mp_tests


def run(args, cwd):
    return subprocess.run(
        mp_tests.command([str(a) for a in args]),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
    )


def write(directory, name, source):
    path = directory / name
    path.write_text(textwrap.dedent(source))
    return path


def last_line(text):
    return text.rstrip("\n").split("\n")[-1]


def test_a_failing_test_gives_exit_1_and_its_traceback(tmp_path):
    write(
        tmp_path,
        "test_broken.py",
        """
        import unittest
        from pawtrack.rng import Rng

        class Broken(unittest.TestCase):
            def test_passes(self):
                self.assertLess(Rng(0).below(6), 6)

            def test_fails(self):
                self.assertEqual(Rng(0).next32(), 12345)
        """,
    )
    result = run(["--tests-dir", tmp_path], tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "test_broken: 1 passed, 1 failed, 0 skipped" in result.stdout
    assert "FAIL test_broken Broken.test_fails" in result.stdout
    assert "1359758873 vs (expected) 12345" in result.stdout
    assert last_line(result.stdout) == "MicroPython: 1 passed, 1 failed, 0 skipped"


def test_skips_are_counted_with_their_reason(tmp_path):
    path = write(
        tmp_path,
        "test_skippy.py",
        """
        import sys
        import unittest

        class Skippy(unittest.TestCase):
            @unittest.skipIf(sys.implementation.name == "micropython", "no frobnicator here")
            def test_decorated(self):
                raise AssertionError("must not run")

            def test_runtime(self):
                self.skipTest("decided at run time")

            def test_runs(self):
                self.assertTrue(True)
        """,
    )
    result = run([path], tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SKIP test_skippy Skippy.test_decorated: no frobnicator here" in result.stdout
    assert "SKIP test_skippy Skippy.test_runtime: decided at run time" in result.stdout
    assert last_line(result.stdout) == "MicroPython: 1 passed, 0 failed, 2 skipped"


def test_an_import_error_is_a_failure_with_its_traceback(tmp_path):
    path = write(tmp_path, "test_noimport.py", "from pawtrack.no_such_module import x\n")
    result = run([path], tmp_path)
    assert result.returncode == 1
    assert "ImportError" in result.stdout
    assert last_line(result.stdout) == "MicroPython: 0 passed, 1 failed, 0 skipped"


def test_failing_subtests_and_helper_modules(tmp_path):
    write(tmp_path, "shared_values.py", "EVENS = (0, 2, 4)\n")
    path = write(
        tmp_path,
        "test_sub.py",
        """
        import unittest
        from shared_values import EVENS

        class Sub(unittest.TestCase):
            def test_each(self):
                for value in EVENS + (5,):
                    with self.subTest(value=value):
                        self.assertEqual(value % 2, 0)
        """,
    )
    result = run([path], tmp_path)
    assert result.returncode == 1
    assert "FAIL test_sub Sub.test_each (value=5)" in result.stdout
    assert last_line(result.stdout) == "MicroPython: 0 passed, 1 failed, 0 skipped"


def test_run_mode_prints_output_and_heap(tmp_path):
    script = write(
        tmp_path,
        "bench.py",
        """
        import sys
        from pawtrack.rng import Rng

        print("implementation", sys.implementation.name, sys.argv[1:])

        def steps():
            rng = Rng(1)
            for _ in range(3):
                rng.below(6)
                yield
        """,
    )
    result = run(["--run", script, "extra"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "implementation micropython ['extra']\n"
    assert "heap: steps() ran 3 steps" in result.stderr


def test_run_mode_reports_an_exception(tmp_path):
    script = write(tmp_path, "boom.py", "print('before')\nraise ValueError('boom')\n")
    result = run(["--run", script], tmp_path)
    assert result.returncode == 1
    assert result.stdout == "before\n"
    assert "ValueError: boom" in result.stderr
    assert 'boom.py", line 2' in result.stderr


def test_the_wrapper_passes_the_exit_status_through(tmp_path):
    path = write(tmp_path, "test_fail.py", "def test_no():\n    assert False\n")
    status = subprocess.call(
        [sys.executable, "-m", "host_tools.mp_tests", str(path)],
        cwd=mp_tests.ROOT,
        stdout=subprocess.DEVNULL,
    )
    assert status == 1
