"""Settings: LED brightness, sound on/off and the button test, saved at once."""

from pawtrack.settings import BRIGHTNESS_LEVELS
from pawtrack.ui.lights import WHITE
from pawtrack.ui.menu import MenuScreen

BRIGHTNESS, SOUND, BUTTON_TEST, BACK = range(4)


class SettingsScreen(MenuScreen):
    title = "Settings"

    def entries(self):
        settings = self.app.settings
        return [
            "Brightness %d/%d" % (settings.brightness, BRIGHTNESS_LEVELS),
            "Sound: " + ("on" if settings.sound else "off"),
            "Button test",
            "Back",
        ]

    def adjust(self, index, step):
        # Left/right move the highlight; ok changes the value, so a single
        # button can set everything and nothing changes by accident.
        return False

    def pick(self, index):
        settings = self.app.settings
        if index == BRIGHTNESS:
            settings.set("brightness", settings.brightness % BRIGHTNESS_LEVELS + 1)
            self.app.save_settings()
        elif index == SOUND:
            settings.set("sound", not settings.sound)
            self.app.save_settings()
            self.app.beep(1500, 40)
        elif index == BUTTON_TEST:
            from pawtrack.ui.button_test import ButtonTestScreen

            self.app.push(ButtonTestScreen(self.app))
        else:
            self.app.pop()
        return True

    def lights(self, layer):
        # While choosing the brightness, light the whole strip to show it.
        if self.selected == BRIGHTNESS:
            for i in range(layer.count):
                layer.set(i, WHITE)
