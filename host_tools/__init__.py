"""Host-side tools for pawtrack: simulator, flashing, test runners, analysis."""
