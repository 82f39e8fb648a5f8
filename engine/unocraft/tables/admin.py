"""Console and admin commands: `/uno tables`, `/uno close <table>`, `/uno reload`, `/uno lang`,
`/uno engine status|restart`, `/uno version`. From the server console (a "console" event; the
answers go back as a "console" op the plugin writes to the server log) or from a player with
uno.admin (answers in chat; commands.py declares them, with `console=True`, and checks the
permission).
The plugin answers `engine status|restart` and `version` from the console itself as well, so that
they work while the engine is down; everything else about tables is decided here.
"""

from __future__ import annotations

import logging
import os
import time
from typing import TYPE_CHECKING, Any, Callable

from .. import PROTOCOL, __version__
from ..presentation import lang as language, overrides
from ..presentation.lang import t as say
from ..rules.errors import ConfigError
from .registry import number
from .notices import ConsoleLines, Notice, Said, TablesChanged

if TYPE_CHECKING:
    from .config import EngineConfig
    from .lifecycle import Lifecycle

log = logging.getLogger("unocraft.lang")


class Admin:
    def __init__(self, core: Lifecycle):
        self.core = core
        self.plugin: dict[str, Any] = {}                    # the plugin's hello (version, platform)
        self.started = time.time()
        #: re-reads the engine config (set by `unocraft serve`); None: nothing to reload from
        self.reload: Callable[[], EngineConfig] | None = None
        #: asked to restart: the engine exits and its supervisor (or systemd) starts it again
        self.restart: Callable[[], None] | None = None
        #: the operator's language files as last read (`read_languages`)
        self.languages = overrides.Report(core.config.lang_folders())

    def read_languages(self) -> None:
        """Reads and checks the operator's language files (`lang/` beside engine.yaml) and uses the
        lines that passed; each problem is logged for the operator (a line, no traceback)."""
        self.languages = overrides.load(self.core.config.lang_folders())
        language.use_overrides(self.languages.lines)
        for problem in self.languages.problems:
            log.warning("%s", problem)
        used = {code: len(found) for code, found in self.languages.lines.items()}
        if self.languages.files:
            log.info("language files (%s): %s", ", ".join(map(str, self.languages.folders)),
                     ", ".join(f"{code} {n}" for code, n in sorted(used.items())))

    # ---------------------------------------------------------------- entry points
    def console(self, args: list[str], now: float) -> list[Notice]:
        """From the server console: what closing a table decided, then the answer's lines."""
        lang = self.core.config.language
        if len(args) == 2 and args[0].lower() == "close":      # `/uno close <table>`: the console's own
            closed, lines = self._close(args[1], lang)
            return Said(closed).note(ConsoleLines(lines)).items
        return Said().note(ConsoleLines(self._run(args, lang, now))).items

    def command(self, player: str, args: list[str], now: float) -> list[Notice]:
        """From a player with uno.admin (commands.py checked it): the answer in chat."""
        out = Said()
        for line in self._run(args, self.core.lang(player), now):
            out.send(player, [{"text": line, "colour": "aqua"}])
        return out.items

    # ---------------------------------------------------------------- commands
    def _run(self, args: list[str], lang: str, now: float) -> list[str]:
        sub = args[0].lower() if args else ""
        rest = args[1:]
        if sub == "tables" and not rest:
            return self._list(lang)
        if sub == "reload" and not rest:
            return self._reload(lang)
        if sub == "lang" and not rest:
            return self._languages(lang)
        if sub == "engine" and rest in (["status"], ["restart"]):
            return self._status(lang) if rest[0] == "status" else self._restart(lang)
        if sub == "version" and not rest:
            plugin = self.plugin
            return [say(lang, "admin.version", engine=__version__, plugin=plugin.get("version", "?"),
                        protocol=PROTOCOL)]
        return [say(lang, "admin.usage")]

    def _list(self, lang: str) -> list[str]:
        tables = sorted(self.core.tables.values(), key=lambda t: number(t.id))
        if not tables:
            return [say(lang, "admin.tables_none")]
        lines = [say(lang, "admin.tables_head", count=len(tables))]
        for t in tables:
            players = ", ".join(s.name if s.human else f"{s.name} ({say(lang, 'admin.bot')})" for s in t.seats)
            lines.append(say(lang, "admin.table_line", table=t.id, edition=say(lang, f"edition.{t.options().edition}"),
                             state=say(lang, f"admin.state.{t.state}"), players=players or "-",
                             spectators=len(t.spectators)))
        return lines

    def _close(self, table: str, lang: str) -> tuple[list[Notice], list[str]]:
        """What closing the table decided, and the console's answer."""
        t = self.core.tables.get(table)
        if t is None:
            return [], [say(lang, "admin.no_table", table=table)]
        return Said(self.core.close(t, by="")).note(TablesChanged()).items, [say(lang, "admin.closed", table=table)]

    def _reload(self, lang: str) -> list[str]:
        if self.reload is None:
            answer = [say(lang, "admin.no_reload")]
        else:
            try:
                config = self.reload()
            except ConfigError as e:
                answer = [say(lang, "admin.reload_failed", error=str(e))]   # the old settings stay
            except Exception as e:      # a mistake of ours in reading it: still answered, the old settings stay
                logging.getLogger("unocraft.tables").exception("/uno reload failed")
                answer = [say(lang, "admin.reload_failed", error=f"{type(e).__name__}: {e}")]
            else:
                self.core.reconfigure(config)
                answer = [say(lang, "admin.reloaded")]
        # the language files are read again either way (from the folder of the settings in use)
        self.read_languages()
        count = sum(len(found) for found in self.languages.lines.values())
        return answer + [say(lang, "admin.lang.summary", count=count)] + self._problems(lang)

    def _languages(self, lang: str) -> list[str]:
        """`/uno lang`: every language, how many lines the operator's files change in it (or, for
        a language they add, give), and the problems of the last reading."""
        report = self.languages
        folders = [f for f in report.folders if f.is_dir()] or report.folders[-1:]
        lines = [say(lang, "admin.lang.head", folder=", ".join(map(str, folders)))]
        for code in language.languages():
            count = len(report.lines.get(code, {}))
            key = "admin.lang.shipped" if code in language.LANGUAGES else "admin.lang.added"
            lines.append("  " + say(lang, key, language=code, count=count))
        return lines + self._problems(lang)

    def _problems(self, lang: str) -> list[str]:
        problems = self.languages.problems
        if not problems:
            return [say(lang, "admin.lang.no_problems")]
        return [say(lang, "admin.lang.problems", count=len(problems))] + ["  " + p for p in problems]

    def _status(self, lang: str) -> list[str]:
        return [say(lang, "admin.status", version=__version__, protocol=PROTOCOL, pid=os.getpid(),
                    uptime=int(time.time() - self.started),
                    tables=say(lang, "admin.tables", count=len(self.core.tables)),
                    players=say(lang, "admin.players", count=len(self.core.players.online)))]

    def _restart(self, lang: str) -> list[str]:
        if self.restart is None:
            return [say(lang, "admin.no_restart")]
        self.restart()
        return [say(lang, "admin.restarting")]
