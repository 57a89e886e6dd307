"""pytest: these tests need MicroPython (select.poll on Python streams, machine.disable_irq
stand-ins, sys.print_exception). tests/host/test_device_backend.py runs them under the
MicroPython WebAssembly interpreter; CPython does not collect them."""

collect_ignore_glob = ["*.py"]
