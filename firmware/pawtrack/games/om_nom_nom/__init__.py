"""Om Nom Nom: the game package (rules in ``rules.py``, the food chains in ``chains.py``)."""

def load_rules():
    """The rules class, imported on first use."""
    from pawtrack.games.om_nom_nom.rules import OmNomNom

    return OmNomNom


def make_screen(app, match):
    """The table screen (imported only when a match starts on the device)."""
    from pawtrack.games.om_nom_nom.screen import OmNomScreen

    return OmNomScreen(app, match)
