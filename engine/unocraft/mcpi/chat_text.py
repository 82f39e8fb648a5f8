"""Chat lines for a server without clickable chat: every button becomes the words to type.

The tables layer describes chat lines as components with click commands (`presentation.chat`);
the Minecraft Pi API posts plain text to everyone. A button ``[Draw]`` that runs
``/uno draw #t12`` becomes ``[uno draw]``: what the player types in chat (the turn token is left
out: a typed command is always for the current turn).
"""

from __future__ import annotations

from ..presentation.chat import Line, split_token

CHAT_PREFIX = "uno"          # chat lines that start with this word are commands


def typed_command(click: str) -> str:
    """``"/uno play R7 #t12"`` → ``"uno play R7"``."""
    words, _ = split_token(click.lstrip("/").split())
    return " ".join(words)


def line_text(line: Line) -> str:
    """A chat line as one line of plain text, each button as the command to type."""
    out = []
    for c in line:
        click = (c.get("click") or {}).get("command")
        if click:
            out.append(f"[{typed_command(click)}]")
        else:   # the language files speak of "/uno join t1"; here it is typed without the slash
            out.append((c.get("text", "") + line_text(c.get("extra") or [])).replace("/" + CHAT_PREFIX + " ", CHAT_PREFIX + " "))
    # the Pi API takes one line; '|' separates events in its answers
    return " ".join("".join(out).replace("|", "/").split())


def parse_chat(message: str) -> list[str] | None:
    """The `/uno` arguments of a chat line ``uno play R7``, or None when it is not a command."""
    words = message.split()
    if words and words[0].lower() in (CHAT_PREFIX, "/" + CHAT_PREFIX):
        return words[1:]
    return None
