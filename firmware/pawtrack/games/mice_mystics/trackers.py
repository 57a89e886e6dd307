"""Mice and Mystics: the minion cheese wheel, its surges and the story track, pure.

The wheel holds 0-5 cheese; at 6 or more a surge triggers. What happens to
cheese beyond the sixth is an option: ``reset`` (the default) surges once and
empties the wheel, ``keep`` surges once per six and keeps the rest.

The story track has pages 1..``pages``. The hourglass moves forward one page
per surge and per captured mouse; the chapter end marker moves one page
further per achievement that says so, never past the last page. The chapter
is lost when the hourglass reaches the end marker.
"""

WHEEL_SIZE = 6
RESET = "reset"
KEEP = "keep"


def add_cheese(wheel, cheese, overflow=RESET):
    """(new wheel, surges) after ``cheese`` more on a wheel holding ``wheel``.

    >>> add_cheese(5, 2)            # 7: one surge, the wheel empties
    (0, 1)
    >>> add_cheese(5, 2, "keep")    # one surge, the seventh cheese stays
    (1, 1)
    >>> add_cheese(4, 8, "keep")    # 12: two surges
    (0, 2)
    """
    total = wheel + cheese
    if total < WHEEL_SIZE:
        return total, 0
    if overflow == KEEP:
        return total % WHEEL_SIZE, total // WHEEL_SIZE
    return 0, 1


def hourglass_lost(hourglass, end):
    """True when the hourglass has reached the chapter end marker."""
    return hourglass >= end


def end_marker_after(end, pages, steps=1):
    """The end marker moved ``steps`` pages further, but not past the last page."""
    return min(pages, end + steps)


def page_leds(window, hourglass, end, pages):
    """What the page LEDs show: a tuple of ``window`` entries.

    Each entry is ``"hourglass"``, ``"end"``, ``"further"`` (the end marker is
    beyond the window), ``"past"`` (a page the hourglass has left behind) or
    None (dark). With room for every page (``window >= pages``) the LEDs are
    the pages 1..pages; otherwise they are seen from the hourglass: the first
    is the hourglass, and the end marker sits as many LEDs on as it is pages
    ahead (the dark LEDs between are the pages left), or the last LED says
    "further" when it is too far to show.
    """
    leds = [None] * window
    if window <= 0:
        return tuple(leds)
    if window >= pages:
        for page in range(1, hourglass):
            leds[page - 1] = "past"
        if end <= pages:
            leds[end - 1] = "end"
        leds[min(hourglass, pages) - 1] = "hourglass"
        return tuple(leds)
    leds[0] = "hourglass"
    ahead = end - hourglass
    if window > 1:
        if 0 < ahead < window:
            leds[ahead] = "end"
        elif ahead >= window:
            leds[window - 1] = "further"
    return tuple(leds)
