"""The drawing surface: the 1-bit canvas every screen draws on and the font it writes with.

Below both the ui (which draws) and the hal (which puts the picture on a
panel), so neither imports the other.
"""
