"""Tests of the web page in headless Chromium (host_tools/web)."""
