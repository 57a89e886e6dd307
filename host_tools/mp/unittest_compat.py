"""Fill the gaps of micropython-lib's unittest so CPython-style tests run unchanged.

Loaded by the MicroPython test runner (host_tools/mp/runner.mjs) inside the
WebAssembly interpreter before any test module is imported. It only adds what
the frozen unittest lacks or gets wrong for our use; it never replaces an
assertion that already exists, so the interpreter still judges the code under
test, not a re-implemented framework.

What it changes:

- adds assertLess, assertGreater, assertNotIn, assertNotIsInstance,
  assertRegex, assertNotRegex, assertRaisesRegex, assertCountEqual and the
  assert*Equal aliases (List, Tuple, Dict, Set, Sequence, MultiLine);
- subTest: a failing sub-test is recorded by the runner (see driver.py) and
  the test goes on, as in CPython;
- skip, skipIf, skipUnless also work on classes (the frozen ones turn a
  decorated class into a function, which then silently never runs).

Runs only under MicroPython; it is plain Python so ruff can check it.
"""

import unittest

# The runner sets this to a callable(label, exc) while a test runs.
subtest_sink = None


def _missing(name):
    return not hasattr(unittest.TestCase, name)


def _add(name, func):
    if _missing(name):
        setattr(unittest.TestCase, name, func)


def assertLess(self, a, b, msg=None):
    if not a < b:
        self.fail(msg or "%r not less than %r" % (a, b))


def assertGreater(self, a, b, msg=None):
    if not a > b:
        self.fail(msg or "%r not greater than %r" % (a, b))


def assertNotIn(self, member, container, msg=None):
    if member in container:
        self.fail(msg or "%r unexpectedly found in %r" % (member, container))


def assertNotIsInstance(self, obj, cls, msg=None):
    if isinstance(obj, cls):
        self.fail(msg or "%r is an instance of %r" % (obj, cls))


def assertRegex(self, text, pattern, msg=None):
    import re

    if re.search(pattern, text) is None:
        self.fail(msg or "regex %r did not match %r" % (pattern, text))


def assertNotRegex(self, text, pattern, msg=None):
    import re

    if re.search(pattern, text) is not None:
        self.fail(msg or "regex %r unexpectedly matched %r" % (pattern, text))


class _RaisesRegex:
    def __init__(self, case, exc, pattern):
        self.case = case
        self.expected = exc
        self.pattern = pattern
        self.exception = None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, tb):
        import re

        if exc_type is None:
            self.case.fail("%r not raised" % (self.expected,))
        if not issubclass(exc_type, self.expected):
            return False
        self.exception = exc_value
        if re.search(self.pattern, str(exc_value)) is None:
            self.case.fail("%r does not match %r" % (self.pattern, str(exc_value)))
        return True


def assertRaisesRegex(self, exc, pattern, func=None, *args, **kwargs):
    context = _RaisesRegex(self, exc, pattern)
    if func is None:
        return context
    with context:
        func(*args, **kwargs)


def assertCountEqual(self, first, second, msg=None):
    first, second = list(first), list(second)
    for item in first:
        if item not in second:
            self.fail(msg or "%r: element %r missing in second" % (first, item))
        second.remove(item)
    if second:
        self.fail(msg or "elements %r missing in first" % (second,))


def _equal_alias(self, first, second, msg=None):
    self.assertEqual(first, second, msg or "")


class _SubTest:
    def __init__(self, msg, params):
        label = ""
        if msg is not None:
            label += " [%s]" % (msg,)
        if params:
            label += " (%s)" % ", ".join("%s=%r" % (k, params[k]) for k in sorted(params))
        self.label = label or " (<subtest>)"

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, tb):
        if exc_type is None or subtest_sink is None:
            return False
        if isinstance(exc_value, unittest.SkipTest) or not isinstance(exc_value, Exception):
            return False
        subtest_sink(self.label, exc_value)
        return True


def subTest(self, msg=None, **params):
    return _SubTest(msg, params)


def _skip_with(reason):
    def decorate(target):
        if isinstance(target, type):
            target.__unittest_skip__ = True
            target.__unittest_skip_why__ = reason
            return target

        def skipped(*args, **kwargs):
            raise unittest.SkipTest(reason)

        return skipped

    return decorate


def skip(reason):
    return _skip_with(reason)


def skipIf(condition, reason):
    if condition:
        return _skip_with(reason)
    return lambda target: target


def skipUnless(condition, reason):
    if not condition:
        return _skip_with(reason)
    return lambda target: target


def install():
    """Patch the frozen unittest module in place (idempotent)."""
    if getattr(unittest, "_pawtrack_compat", False):
        return
    _add("assertLess", assertLess)
    _add("assertGreater", assertGreater)
    _add("assertNotIn", assertNotIn)
    _add("assertNotIsInstance", assertNotIsInstance)
    _add("assertRegex", assertRegex)
    _add("assertNotRegex", assertNotRegex)
    _add("assertRaisesRegex", assertRaisesRegex)
    _add("assertCountEqual", assertCountEqual)
    for kind in ("List", "Tuple", "Dict", "Set", "Sequence", "MultiLine"):
        _add("assert%sEqual" % kind, _equal_alias)
    unittest.TestCase.subTest = subTest
    unittest.skip = skip
    unittest.skipIf = skipIf
    unittest.skipUnless = skipUnless
    unittest._pawtrack_compat = True
