"""What the player sees: the canvas, font, icons, screens, menus and the app loop."""
