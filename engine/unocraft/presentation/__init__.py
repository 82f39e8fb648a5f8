"""What players see: card art as Minecraft map pixels, chat lines, translations.

- `map_palette`: the 1.21 map palette, ``to_map_colours(image) -> bytes``, ``signed``.
- `card_art`: ``render_face(card, dark=False)``, ``render_back()`` (128x128 RGBA).
- `minecraft_art`: the Minecraft edition's pixel-art faces, ``render_mc_face(card)``, ``render_mc_back()``.
- `faces`: ``face_key(card, edition=None)`` ("R7"; "R7@mc" in the Minecraft edition), ``face_pixels(card)`` (cached), ``face_digest``.
- `lang`: ``t(lang, key, **args)``, ``about`` (a line about a player, "You ..." to that player), ``card_name``, ``colour_name``.
- `codes`: what players type for cards and colours in their language (``to_rules``, ``card_code``).
- `chat`: version-neutral component dicts with click commands carrying a turn token.

Nothing here decides a rule: it is told what is playable and only shows it.
"""
