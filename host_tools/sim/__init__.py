"""The simulator: the real firmware app on a host backend (terminal, headless, serial)."""
