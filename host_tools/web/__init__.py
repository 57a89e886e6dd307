"""The referee in a web browser: the page's build (build.py) and its Hal (browser_hal.py)."""
