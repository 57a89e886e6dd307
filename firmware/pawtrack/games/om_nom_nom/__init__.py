"""Om Nom Nom: the game package (rules in ``rules.py``, the food chains in ``chains.py``)."""


def setup_note(options):
    """The line under the options: in solo, who V1, V2 (and V3) are on the screens."""
    if options["mode"] != "solo":
        return None
    if options["solo_rivals"] == 2:
        return "V1,V2: virtual rivals"
    return "V1-V3: virtual rivals"


def load_rules():
    """The rules class, imported on first use."""
    from pawtrack.games.om_nom_nom.rules import OmNomNom

    return OmNomNom


def make_screen(app, match):
    """The table screen (imported only when a match starts on the device)."""
    from pawtrack.games.om_nom_nom.screen import OmNomScreen

    return OmNomScreen(app, match)
