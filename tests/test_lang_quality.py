"""The quality of the translations, beyond completeness (tests/test_presentation_lang.py) and the
tables' keys (tests/test_tables_text.py):

1. no English left in ru.yaml / sk.yaml (outside what a player types and proper names);
2. every line with a {count} is a plural with exactly its language's forms;
3. no player-facing text is built in Python: every line a player reads comes from say()/t();
4. the patterns a native reader stumbles on (issue 34) stay out: a Russian `you.*` line in the
   present tense, a word said twice in one rendered refusal, a Slovak draw verb outside its use.
5. what native readers still stumbled on (issue 43): one Slovak penalty verb, «штрафная карта»
   only for cards taken, no UNO in a DOS line, away is not out, Russian colours lower case
   mid-sentence, and the wordings of STUMBLES.

Each check is a plain function that returns every problem it finds (the assertion lists them all
at once); each has a self-check on a small bad input, so the test demonstrably can fail.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import unocraft
from unocraft.presentation import lang

ENGINE = Path(unocraft.__file__).parent

# ------------------------------------------------------------------ what a player types

def _typed_vocabulary() -> tuple[frozenset[str], frozenset[str]]:
    """(words that may follow /uno, words a line may show outside a command because they are typed)."""
    from unocraft.rules.options import CHOICES, PRESETS, Options
    from unocraft.tables.commands import ALIASES, BOOL_WORDS, ENGINE_WORDS, NAMES
    from unocraft.stats.store import TOP_KINDS
    from dataclasses import fields
    typed = set(NAMES) | set(ALIASES) | set(ENGINE_WORDS) | set(TOP_KINDS) | set(PRESETS)
    typed |= {f.name for f in fields(Options)}
    typed |= {str(v) for values in CHOICES.values() for v in values}
    typed |= {w for w in BOOL_WORDS if w.isalpha()}
    english = lang.messages("en")
    # the English words for colours and actions always work (en.yaml typing:): /uno play W+4 blue
    after_uno = set(typed) | {"iam"}   # mcpi: uno iam <name>
    for key, value in english.items():
        if key.startswith(("typing.colour.", "typing.rank.")) and isinstance(value, str):
            after_uno |= set(value.split())
    return frozenset(after_uno), frozenset(typed)


AFTER_UNO, TYPED = _typed_vocabulary()

#: Proper names and technical words a translation keeps as they are (compared exactly).
PROPER = frozenset({
    "UNO",          # the game's name
    "DOS",          # the DOS edition's name
    "Minecraft",    # the game the plugin runs in ("UNO Minecraft" edition too)
    "unocraft",     # this project's name (admin.version)
    "pid",          # the process id in admin.status: a technical term the admin reads in `ps`/`top`
})
#: Product names stripped as a whole before the word check: "Flip" alone is the card's English name.
PRODUCTS = ("UNO Flip", "UNO Minecraft")

#: Slovak words that are spelled like English words (the check of sk is by vocabulary, not script).
SK_ALSO_SLOVAK = {
    "do": "preposition 'into/until'",
    "on": "pronoun 'he'",
    "to": "pronoun 'it/that'",
    "ten": "pronoun 'that' (en.yaml has 'Wild Draw Ten')",
    "tie": "pronoun 'those'",
    "list": "noun 'sheet, letter'",
    "most": "noun 'bridge' (protokol mosta)",
    "argument": "the Slovak word for an argument (Chybný argument)",
    "bot": "established Slovak loan (bot, bota), what the game calls a computer player",
    "server": "established Slovak word (server, servera)",
    "plugin": "established Slovak IT word (plugin, pluginu)",
    "online": "established indeclinable Slovak loan (hráči online)",
    "top": "established Slovak loan in 'Top 10'",
    "creeper": "the Minecraft mob: Slovak Minecraft keeps the name (Creeper, Creepera)",
    "creepera": "the Minecraft mob, genitive/accusative",
}

#: A few common English words the sk check knows besides the words of en.yaml (none is Slovak).
COMMON_ENGLISH = frozenset("""
the and of is are was be been not you your yours with for in it its this that these those
can cannot has have had will would should must there here now all any some every from as an
at or if then than so but what who whom which when where why how yes hello please sorry ok okay
card cards player players game games turn round rounds table tables colour color win wins won
lost lose score scores point points match matches hand draw play pass skip reverse wild needs
""".split())

#: Words of en.yaml are English, except in these subtrees (codes, proper names).
NOT_ENGLISH_VOCABULARY = ("typing.code.", "bot.name.")

PLACEHOLDER = re.compile(r"\{\w*\}")
#: A card code shown as an example: R7, YS, G+2, B10, W, W+4, W+10, WC, W2, C.
CARD_CODE = re.compile(r"(?<![\w+#])(?:[RYGBPTOV](?:10|\d|[SRFE#]|\+\d+)|W\+\d+|WC|W2|W|C)(?![\w+#])")
OPTION_VALUE = re.compile(r"\w+=\S*")
PIPED = re.compile(r"[\w+-]+(?:\|[\w+-]+)+")
TOKEN = re.compile(r"<[^>]*>|\[[^\]]*\]|\S+")
LETTERS = re.compile(r"[^\W\d_]+")
LATIN = re.compile(r"[A-Za-z\u00C0-\u024F]")
CYRILLIC_WORD = re.compile(r"^[\u0400-\u04FF]+(?:-[\u0400-\u04FF]+)*$")
TYPED_CODE = re.compile(r"^(?:\+\d+|#)$")


def _command_token(token: str) -> bool:
    """A token that is part of a typed command after /uno."""
    return (token in AFTER_UNO or token == "|" or token in ("...", "…") or token.startswith(("<", "["))
            or bool(OPTION_VALUE.fullmatch(token)) or bool(PIPED.fullmatch(token))
            or bool(CARD_CODE.fullmatch(token)) or token.startswith("#t"))


def strip_commands(text: str) -> str:
    """`text` without the typed commands: "/uno" and the command words after it (names, codes,
    <...>/[...] placeholders, option=value, a|b); in mcpi lines also "uno help" without the slash.
    A token with sentence punctuation after it ends the command ("/uno join." → "")."""
    tokens = [(m.start(), m.end(), m.group()) for m in TOKEN.finditer(text)]
    out, last, i = [], 0, 0
    while i < len(tokens):
        start, end, tok = tokens[i]
        slash = tok.startswith("/uno") and tok.rstrip(".,;:!?)»“\"") == "/uno"
        bare = tok == "uno" and i + 1 < len(tokens) and tokens[i + 1][2].rstrip(".,;:!?)") in AFTER_UNO
        if not (slash or bare):
            i += 1
            continue
        out.append(text[last:start])
        j, cut = i + 1, end
        if tok == "/uno" or bare:
            while j < len(tokens):
                word = tokens[j][2]
                core = word.rstrip(".,;:!?)»“\"")
                if not core or not _command_token(core):
                    break
                cut = tokens[j][0] + len(core)
                j += 1
                if core != word:     # punctuation ends the command
                    break
        last, i = cut, j
    out.append(text[last:])
    return "".join(out)


def strip_typed(text: str) -> str:
    """A line with only its prose left: no placeholders, commands, option=value, a|b, card codes,
    product names."""
    text = PLACEHOLDER.sub(" ", text)
    text = strip_commands(text)
    text = OPTION_VALUE.sub(" ", text)
    text = PIPED.sub(" ", text)
    for name in PRODUCTS:
        text = text.replace(name, " ")
    return CARD_CODE.sub(" ", text)


def _texts(message) -> list[tuple[str, str]]:
    """(form, text) of a message: a plural's forms, or ("", text)."""
    return list(message.items()) if isinstance(message, dict) else [("", message)]


def english_vocabulary(english: dict) -> frozenset[str]:
    words = set(COMMON_ENGLISH)
    for key, message in english.items():
        if key.startswith(NOT_ENGLISH_VOCABULARY):
            continue
        for _, text in _texts(message):
            words |= {w.lower() for w in LETTERS.findall(PLACEHOLDER.sub(" ", text))}
    return frozenset(words)


def _allowed(code: str, word: str) -> bool:
    return word in PROPER or word in TYPED or (code == "sk" and word.lower() in SK_ALSO_SLOVAK)


def _is_english(code: str, word: str, vocabulary: frozenset[str]) -> bool:
    """The rule. ru: any word with a Latin letter, however short (ru has no Latin words of its own:
    a lone Latin letter is a homoglyph or an untranslated code, "Kрасный" mixes scripts).
    sk (Latin script): a word of 2+ letters that is an English word (in en.yaml or COMMON_ENGLISH)."""
    if _allowed(code, word):
        return False
    if code == "ru":
        return bool(LATIN.search(word))
    return len(word) >= 2 and word.lower() in vocabulary


def english_in(code: str, messages: dict, english: dict) -> list[tuple[str, str, str]]:
    """Every (language, key, word) of English left in the prose of `messages`."""
    vocabulary = english_vocabulary(english)
    found = []
    for key, message in sorted(messages.items()):
        if key.startswith("typing."):     # what a player types: typing_words() checks colour and rank
            continue
        if code == "sk" and key.startswith("bot.name."):   # proper names in a Latin script
            continue
        for form, text in _texts(message):
            for word in LETTERS.findall(strip_typed(text)):
                if _is_english(code, word, vocabulary):
                    found.append((code, key + (f"[{form}]" if form else ""), word))
    return found


def untranslated_copies(code: str, messages: dict, english: dict) -> list[tuple[str, str, str]]:
    """Lines identical to the English line that keep a Latin word of 3+ letters (not allowed)."""
    found = []
    for key, message in sorted(messages.items()):
        if key not in english or key.startswith(("typing.", "bot.name.")):
            continue
        theirs, ours = dict(_texts(message)), dict(_texts(english[key]))
        for form, text in theirs.items():
            if text not in ours.values():
                continue
            words = [w for w in LETTERS.findall(strip_typed(text))
                     if len(w) >= 3 and LATIN.search(w) and not _allowed(code, w)]
            if words:
                found.append((code, key + (f"[{form}]" if form else ""), text))
    return found


def typing_words(code: str, messages: dict, english: dict) -> list[tuple[str, str, str]]:
    """typing.colour / typing.rank words are in the language's own script: ru Cyrillic, sk Latin
    and not a copy of an English typing word (those always work anyway); "+2"-style codes allowed."""
    english_words = {w for k, v in english.items() if k.startswith(("typing.colour.", "typing.rank."))
                     for w in str(v).split()}
    found = []
    for key, message in sorted(messages.items()):
        if not key.startswith(("typing.colour.", "typing.rank.")):
            continue
        for _, text in _texts(message):
            for word in text.split():
                if TYPED_CODE.match(word):
                    continue
                if code == "ru" and not CYRILLIC_WORD.match(word):
                    found.append((code, key, word))
                elif code == "sk" and (re.search(r"[\u0400-\u04FF]", word) or word.lower() in english_words
                                       or not LETTERS.fullmatch(word)):
                    found.append((code, key, word))
    return found


# ------------------------------------------------------------------ plurals

REQUIRED_FORMS = {"en": {"one", "other"}, "ru": {"one", "few", "many"}, "sk": {"one", "few", "other"}}

#: Lines with {count} that are not plurals, with the reason.
COUNT_NOT_PLURAL = {
    "sidebar.round": "an ordinal: 'Round 3', 'Раунд 3', '3. kolo' (no noun agrees with the number)",
    "admin.tables_head": "a label and a bare number: 'UNO tables: 3' (the noun does not follow the number)",
}


def plural_problems(languages: dict[str, dict]) -> list[str]:
    found = []
    english = languages.get("en", {})
    for code, messages in sorted(languages.items()):
        for key, message in sorted(messages.items()):
            if isinstance(message, dict):
                forms = set(message)
                if forms != REQUIRED_FORMS[code]:
                    found.append(f"{code} {key}: a plural with forms {sorted(forms)}, "
                                 f"the language's are {sorted(REQUIRED_FORMS[code])}")
            elif "{count}" in message and key not in COUNT_NOT_PLURAL:
                found.append(f"{code} {key}: has {{count}} but is not a plural: {message!r}")
        if code != "en":
            for key, message in sorted(english.items()):
                if (isinstance(message, dict) and key in messages and not isinstance(messages[key], dict)
                        and "{count}" not in messages[key]):     # else reported above
                    found.append(f"{code} {key}: a plural in English but not here")
    return found


# ------------------------------------------------------------------ strings built in Python

SOURCE_DIRS = (ENGINE / "tables", ENGINE / "presentation", ENGINE / "mcpi")
#: Dict keys whose value a player reads.
TEXT_KEYS = ("text", "hover")
#: Functions whose argument a player reads: name -> (positions, keywords).
SINKS = {"text": ({0}, {"value", "hover"}), "button": ({0, 3}, {"label", "hover"}),
         "card_component": ({0}, set()), "post": ({0}, set())}
#: Objects whose .text() is not chat: SQLAlchemy's sa.text("SELECT ..."), alembic's op.
NOT_CHAT = {"sa", "sqlalchemy", "op", "conn"}
#: Calls whose arguments are for programmers, not players.
LOGGERS = {"log", "logger", "logging", "_log", "LOG", "warnings"}

#: (file, string) shown to players though built in Python, with the reason. "{}" stands for an
#: f-string's replacement field.
BUILT_ALLOWED = {
    ("commands.py", "[/uno {}]"): "a clickable command the player types (/uno start): commands are not translated",
}


def _has_letters(s: str) -> bool:
    return bool(re.search(r"[^\W\d_]", PLACEHOLDER.sub("", s)))


class _Scanner:
    def __init__(self, sinks: dict):
        self.sinks = sinks

    @staticmethod
    def module_constants(tree: ast.Module) -> dict[str, str]:
        out = {}
        for node in tree.body:
            targets = (node.targets if isinstance(node, ast.Assign) else
                       [node.target] if isinstance(node, ast.AnnAssign) and node.value is not None else [])
            value = getattr(node, "value", None)
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                for target in targets:
                    if isinstance(target, ast.Name):
                        out[target.id] = value.value
        return out

    @staticmethod
    def pieces(node: ast.AST, constants: dict[str, str]):
        """The literal strings an expression is made of, with their line."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value
        elif isinstance(node, ast.JoinedStr):
            yield node.lineno, "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
            yield from _Scanner.pieces(node.left, constants)
            if isinstance(node.op, ast.Add):
                yield from _Scanner.pieces(node.right, constants)
        elif isinstance(node, ast.IfExp):
            yield from _Scanner.pieces(node.body, constants)
            yield from _Scanner.pieces(node.orelse, constants)
        elif isinstance(node, ast.BoolOp):
            for v in node.values:
                yield from _Scanner.pieces(v, constants)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
            yield from _Scanner.pieces(node.func.value, constants)
        elif isinstance(node, ast.Name) and node.id in constants:
            yield node.lineno, constants[node.id]

    def call_name(self, call: ast.Call) -> str | None:
        func = call.func
        if isinstance(func, ast.Name):
            return func.id
        if isinstance(func, ast.Attribute):
            if isinstance(func.value, ast.Name) and func.value.id in NOT_CHAT:
                return None
            return func.attr
        return None

    def shown(self, tree: ast.AST):
        """Every expression a player reads: "text"/"hover" values of dict literals and the
        shown arguments of sink calls; log calls and raise statements are skipped."""
        stack = [tree]
        while stack:
            node = stack.pop()
            if isinstance(node, ast.Raise):
                continue
            if isinstance(node, ast.Call):
                func = node.func
                if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in LOGGERS:
                    continue
                name = self.call_name(node)
                if name in self.sinks:
                    positions, keywords = self.sinks[name]
                    for n, arg in enumerate(node.args):
                        if n in positions:
                            yield arg
                    for kw in node.keywords:
                        if kw.arg in keywords:
                            yield kw.value
            if isinstance(node, ast.Dict):
                for k, v in zip(node.keys, node.values):
                    if isinstance(k, ast.Constant) and k.value in TEXT_KEYS:
                        yield v
            stack.extend(ast.iter_child_nodes(node))

    @staticmethod
    def direct_names(node: ast.AST):
        """The variables shown as they are: `text`, `"[" + label + "]"`, f"[{label}]" (not the
        arguments of a call: say(lang, key) is a translated line)."""
        if isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, ast.JoinedStr):
            for v in node.values:
                if isinstance(v, ast.FormattedValue):
                    yield from _Scanner.direct_names(v.value)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            yield from _Scanner.direct_names(node.left)
            yield from _Scanner.direct_names(node.right)
        elif isinstance(node, ast.IfExp):
            yield from _Scanner.direct_names(node.body)
            yield from _Scanner.direct_names(node.orelse)
        elif isinstance(node, ast.BoolOp):
            for v in node.values:
                yield from _Scanner.direct_names(v)

    def wrappers(self, tree: ast.AST, file: str, allowed: dict) -> dict:
        """Functions that pass a parameter straight on to be shown (render.line(text),
        chat.button(label)): they are sinks too, at that parameter (not when what they show is
        allowed: commands.py's run(command) shows the typed f"[/uno {command}]")."""
        found = {}
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or fn.name in self.sinks:
                continue
            params = [a.arg for a in fn.args.posonlyargs + fn.args.args]
            if params[:1] in (["self"], ["cls"]):
                params = params[1:]
            shown_names = {name for expr in self.shown(fn)
                           if not any((file, piece) in allowed for _, piece in self.pieces(expr, {}))
                           for name in self.direct_names(expr)}
            hit = [p for p in params if p in shown_names]
            if hit:
                found[fn.name] = ({params.index(p) for p in hit}, set(hit))
        return found


def discover_sinks(sources: dict[str, str], allowed: dict) -> dict:
    sinks = dict(SINKS)
    trees = [(Path(name).name, ast.parse(src)) for name, src in sources.items()]
    while True:
        scanner, before = _Scanner(sinks), len(sinks)
        for file, tree in trees:
            for name, spec in scanner.wrappers(tree, file, allowed).items():
                sinks.setdefault(name, spec)
        if len(sinks) == before:
            return sinks


def built_strings(sources: dict[str, str], allowed: dict = BUILT_ALLOWED) -> list[str]:
    """Every player-facing string with letters built in the Python `sources` (file name -> source)."""
    scanner = _Scanner(discover_sinks(sources, allowed))
    found = []
    for name, source in sorted(sources.items()):
        tree = ast.parse(source)
        constants = scanner.module_constants(tree)
        for expr in scanner.shown(tree):
            for line, piece in scanner.pieces(expr, constants):
                if _has_letters(piece) and (Path(name).name, piece) not in allowed:
                    found.append(f"{name}:{line}: {piece!r}")
    return sorted(set(found))


def engine_sources() -> dict[str, str]:
    return {str(p.relative_to(ENGINE)): p.read_text(encoding="utf-8")
            for d in SOURCE_DIRS for p in sorted(d.rglob("*.py"))}


# ------------------------------------------------------------------ the checks

def _all_languages() -> dict[str, dict]:
    return {code: lang.messages(code) for code in lang.LANGUAGES}


@pytest.mark.parametrize("code", ["ru", "sk"])
def test_no_english_in_the_translation(code):
    english = lang.messages("en")
    found = english_in(code, lang.messages(code), english) + typing_words(code, lang.messages(code), english)
    assert found == [], "English words left:\n" + "\n".join(f"  {c} {k}: {w}" for c, k, w in found)


@pytest.mark.parametrize("code", ["ru", "sk"])
def test_no_untranslated_copy_of_english(code):
    found = untranslated_copies(code, lang.messages(code), lang.messages("en"))
    assert found == [], "lines copied from English:\n" + "\n".join(f"  {c} {k}: {t!r}" for c, k, t in found)


def test_every_count_line_is_a_plural_with_the_languages_forms():
    found = plural_problems(_all_languages())
    assert found == [], "plural problems:\n" + "\n".join("  " + f for f in found)


def test_no_player_facing_text_built_in_python():
    found = built_strings(engine_sources())
    assert found == [], ("player-facing strings built in Python (use say()/t() and the language files):\n"
                         + "\n".join("  " + f for f in found))


#: A guessed gender ending in brackets: "сыграл(а)", "ошибся(лась)", "zahral(a)". A player's gender
#: is unknown; a neutral phrasing (present tense, a noun) reads as written by a native speaker.
GENDER_GUESS = re.compile(r"\w\((а|a|ла|лась|ась|ая|á|la)\)", re.IGNORECASE)


def gender_guesses(code: str, messages: dict) -> list[tuple[str, str]]:
    return [(key, text) for key, message in messages.items() for _, text in _texts(message)
            if GENDER_GUESS.search(text)]


@pytest.mark.parametrize("code", ["ru", "sk"])
def test_no_guessed_gender_endings(code):
    found = gender_guesses(code, lang.messages(code))
    assert found == [], "guessed gender endings:\n" + "\n".join(f"  {code} {k}: {t!r}" for k, t in found)


def test_self_check_gender_guesses():
    assert gender_guesses("ru", {"game.played": "{player} сыграл(а) {card}.", "x": "ошибся(лась)"}) == [
        ("game.played", "{player} сыграл(а) {card}."), ("x", "ошибся(лась)")]
    assert gender_guesses("sk", {"game.played": "{player} zahral(a) {card}."}) != []
    assert gender_guesses("ru", {"ok": "{player} выкладывает карту: {card} (тёмная сторона)."}) == []


def test_count_exceptions_are_real_keys():
    english = lang.messages("en")
    assert sorted(k for k in COUNT_NOT_PLURAL if k not in english) == []


# ------------------------------------------------------------------ how a native speaker writes it

#: A Russian verb of the 2nd person plural in the present (or future) after «вы», with at most one
#: word between ("не", an adverb): "Вы выкладываете", "Вы напрасно ловите", "вы берёте",
#: "Вы меняетесь". A `you.*` line tells the player's own move that has just happened, in the past
#: tense of «вы», which is the same for every gender ("Вы выложили карту: …", "Вы объявили УНО!").
RU_YOU_PRESENT = re.compile(r"\bвы\s+(?:[а-яё]+\s+)?([а-яё]+(?:ете|ёте|ите)(?:сь)?)\b", re.IGNORECASE)


def russian_you_present(messages: dict) -> list[tuple[str, str]]:
    """(key, verb) of every Russian `you.*` line that tells the player's own move in the present."""
    return [(key + (f"[{form}]" if form else ""), m.group(1))
            for key, message in sorted(messages.items()) if key.startswith("you.")
            for form, text in _texts(message) for m in RU_YOU_PRESENT.finditer(text)]


def test_russian_you_lines_are_in_the_past():
    found = russian_you_present(lang.messages("ru"))
    assert found == [], ("you.* lines in the present tense (write the past of «вы»: «Вы выложили»):\n"
                         + "\n".join(f"  ru {k}: {v}" for k, v in found))


#: Words shorter than 4 letters that still count when repeated ("Not now: nobody can be caught now").
SHORT_REPEATS = frozenset({"now"})


def refusal_lines(messages: dict) -> dict[str, str]:
    """Every refusal as the player reads it: error.refused ("Not now: {reason}") around the
    refusal.* line, or dos.no_match (tables/input.py); other placeholders are left as they are."""
    frame = str(messages["error.refused"])
    return {key: frame.replace("{reason}", str(text)) for key, text in sorted(messages.items())
            if key.startswith("refusal.") or key == "dos.no_match"}


def repeated_words(messages: dict) -> list[tuple[str, str, str]]:
    """(key, word, line) for every word of 4+ letters (or in SHORT_REPEATS) that a rendered
    refusal says twice, case-insensitive: "Сейчас нельзя: сейчас некого поймать",
    "Teraz nie: teraz niet koho chytiť", "…with two cards before playing, or right after playing"."""
    found = []
    for key, line in refusal_lines(messages).items():
        words = [w.lower() for w in LETTERS.findall(PLACEHOLDER.sub(" ", line))]
        for word in sorted({w for w in words if words.count(w) > 1 and (len(w) >= 4 or w in SHORT_REPEATS)}):
            found.append((key, word, line))
    return found


@pytest.mark.parametrize("code", lang.LANGUAGES)
def test_no_word_twice_in_a_refusal(code):
    found = repeated_words(lang.messages(code))
    assert found == [], "a word said twice in one refusal:\n" + "\n".join(
        f"  {code} {k}: {w!r} in {line!r}" for k, w, line in found)


#: Slovak verbs for taking cards (the rule: slovak_draw_verbs). "ťah" the noun (a turn: "Si na
#: ťahu", "ďalšieho ťahu") is not the verb ťahať and is not matched; nor are vybrať, vyberať.
SK_PILE_VERB = re.compile(r"\b(?:ťah[aá]\w*|potiah\w*)", re.IGNORECASE)
SK_PENALTY_VERB = re.compile(r"\b(?:ber(?:ie|ieš|iem|ieme|iete|ú|te)?|brať|bral\w*)\b", re.IGNORECASE)
SK_NEVER = re.compile(r"\b(?:zob(?:rať|ral\w*|er\w*)|vziať|vezm\w*|vzal\w*|vzat\w*)\b", re.IGNORECASE)
#: Lines about a penalty or a draw card (also as `you.<key>`); card.* are the cards' names.
SK_PENALTY_LINES = frozenset({
    "uno.caught", "uno.catch_hover", "hint.catch", "help.catch.text", "help.challenge.text", "help.accept.text",
    "challenge.hover", "challenge.accept_hover", "challenge.guilty", "challenge.innocent", "stats.caught",
    "challenge.accept_hover_until", "challenge.guilty_until", "challenge.innocent_until",
    "button.slap_hover", "event.slap_last", "event.slap_late", "event.silence", "event.broke_silence",
    "event.false_catch", "event.mistake", "refusal.answer_first", "dos.hint_catch", "dos.catch_hover", "dos.caught"})
#: Lines about drawing from the pile: each says it with ťahať / potiahnuť.
SK_PILE_LINES = frozenset({
    "button.draw", "button.draw_hover", "help.draw.text", "help.pass.text", "game.drew", "game.you_drew_card",
    "game.you_drew", "refusal.draw_first", "refusal.only_drawn_card", "event.creeper", "you.event.creeper",
    "mcpi.hello"})


def slovak_draw_verbs(messages: dict) -> list[tuple[str, str, str]]:
    """(key, word, what is wrong) for every Slovak draw verb outside its use. The rule (as in
    sk.yaml's header): a card drawn from the pile is ťahať / potiahnuť (the Draw button, "Ťaháš
    kartu", "{player} ťahá 2 karty" for every draw event, penalty draws included, since the cards
    come from the pile), and each line of SK_PILE_LINES says so; brať si is kept for a penalty (a
    catch, a challenge, a slap, the silence, a mistake: SK_PENALTY_LINES) and the draw cards'
    names ("Ber dve", Žolík „Ber štyri“), and those lines do not use ťahať; zobrať and vziať are
    not written anywhere (they were mixed in for the same draw)."""
    found = []
    for key, message in sorted(messages.items()):
        base = key[len("you."):] if key.startswith("you.") else key
        penalty = base in SK_PENALTY_LINES or key.startswith("card.")
        for form, text in _texts(message):
            where = key + (f"[{form}]" if form else "")
            found += [(where, m.group(), "zobrať/vziať: ťahať for the pile, brať si for a penalty")
                      for m in SK_NEVER.finditer(text)]
            if not penalty:
                found += [(where, m.group(), "brať is for a penalty; the pile is ťahať/potiahnuť")
                          for m in SK_PENALTY_VERB.finditer(text)]
            else:
                found += [(where, m.group(), "a penalty is brať si, not ťahať")
                          for m in SK_PILE_VERB.finditer(text)]
            if key in SK_PILE_LINES and not SK_PILE_VERB.search(text):
                found.append((where, "", "drawing from the pile is ťahať/potiahnuť"))
    return found


def test_slovak_has_one_verb_for_drawing():
    found = slovak_draw_verbs(lang.messages("sk"))
    assert found == [], "Slovak draw verbs:\n" + "\n".join(f"  sk {k}: {w!r}: {why}" for k, w, why in found)


def test_the_draw_verb_lines_are_real_keys():
    slovak = lang.messages("sk")
    assert sorted(k for k in SK_PILE_LINES | SK_PENALTY_LINES if k not in slovak) == []


# ------------------------------------------------------------------ the checkers can fail

EN_SAMPLE = {"error.bad_argument": "Bad argument: {detail}", "card.rank.F": "Flip", "parse.needs_card": "/uno {verb} needs a card.",
             "game.drew": {"one": "{player} drew a card.", "other": "{player} drew {count} cards."},
             "typing.colour.R": "red", "sidebar.round": "Round {count}", "status": "Engine up"}


def test_self_check_english_in_russian():
    ru = {"error.bad_argument": "Неверный аргумент: play needs a card",
          "error.homoglyph": "Kрасный",                                            # a Latin K
          "help.play": "сыграть карту, например /uno play R7 или /uno play W+4 blue",  # typed: fine
          "error.unknown_card": "не код карты (коды: R7, YS, G+2, W, W+4)",        # codes: fine
          "help.top": "[wins|points|rate] UNO Flip, DOS, pid {count}"}             # allowed
    found = english_in("ru", ru, EN_SAMPLE)
    assert {w for _, _, w in found} == {"needs", "a", "card", "Kрасный"}
    assert all(k in ("error.bad_argument", "error.homoglyph") for _, k, _ in found)
    assert typing_words("ru", {"typing.colour.R": "красный red", "typing.rank.+2": "+2"}, EN_SAMPLE) == [
        ("ru", "typing.colour.R", "red")]


def test_self_check_english_in_slovak():
    sk = {"error.bad_argument": "Chybný argument: play needs a card", "parse.needs_card": "/uno {verb} potrebuje kartu.",
          "flip": "Flip! Hra je to do konca.", "product": "UNO Flip"}
    found = english_in("sk", sk, EN_SAMPLE)
    assert sorted(w for _, _, w in found) == ["Flip", "card", "needs"]
    assert typing_words("sk", {"typing.colour.R": "červená red"}, EN_SAMPLE) == [("sk", "typing.colour.R", "red")]


def test_self_check_untranslated_copy():
    assert untranslated_copies("sk", {"status": "Engine up", "sidebar.round": "Round {count}"}, EN_SAMPLE) == [
        ("sk", "sidebar.round", "Round {count}"), ("sk", "status", "Engine up")]
    assert untranslated_copies("ru", {"x": "UNO!"}, {"x": "UNO!"}) == []


def test_self_check_plurals():
    found = plural_problems({"en": EN_SAMPLE | {"x": "{count} points", "uno.caught": {"one": "a", "other": "b"}},
                             "ru": {"game.drew": "{player} берёт {count}.", "sidebar.round": "Раунд {count}",
                                    "uno.caught": "{player} берёт карты.",
                                    "y": {"one": "a", "few": "b", "many": "c", "other": "d"}},
                             "sk": {"game.drew": {"one": "a", "other": "b"}}})
    assert found == [
        "en x: has {count} but is not a plural: '{count} points'",
        "ru game.drew: has {count} but is not a plural: '{player} берёт {count}.'",
        "ru y: a plural with forms ['few', 'many', 'one', 'other'], the language's are ['few', 'many', 'one']",
        "ru uno.caught: a plural in English but not here",
        "sk game.drew: a plural with forms ['one', 'other'], the language's are ['few', 'one', 'other']",
    ]


def test_self_check_built_strings():
    source = '''
import logging
log = logging.getLogger("x")
GREETING = "Welcome!"
def line(text, colour="white"):
    return [{"text": text, "colour": colour}]
def f(lang, name, sa):
    """A docstring is fine."""
    x = {"text": "You win"}
    y = {"text": " · ", "colour": "gray", "You win": 1}
    z = {"text": f"{name} wins", "hover": "  " + say(lang, "a.b")}
    chat.button("Draw", "aqua", "/uno draw", say(lang, "button.draw_hover"))
    chat.text(" "), chat.text("[" + say(lang, "k") + "]"), text(GREETING)
    line("Round over")
    sa.text("SELECT 1")
    log.info("table %s opened", name)
    raise ValueError({"text": "for programmers"})
'''
    assert set(built_strings({"snippet.py": source}, allowed={})) == {
        "snippet.py:9: 'You win'", "snippet.py:11: '{} wins'", "snippet.py:12: 'Draw'",
        "snippet.py:13: 'Welcome!'", "snippet.py:14: 'Round over'"}


def test_self_check_russian_you_present():
    # lines of the old ru.yaml (issue 34)
    old = {"you.game.played": "Вы выкладываете карту: {card}.", "you.uno.called": "Вы объявляете УНО!",
           "you.event.false_catch": {"one": "Вы напрасно ловите игрока {target} и берёте {count} карту."},
           "you.event.swap_hands": "Вы меняетесь картами с игроком {target}.",
           "you.start.joined": "Вы садитесь за стол.", "you.event.slap_late": "Вы не успеваете положить руку."}
    assert russian_you_present(old) == [
        ("you.event.false_catch[one]", "ловите"), ("you.event.slap_late", "успеваете"), ("you.event.swap_hands", "меняетесь"),
        ("you.game.played", "выкладываете"), ("you.start.joined", "садитесь"), ("you.uno.called", "объявляете")]
    assert russian_you_present({"you.game.played": "Вы выложили карту: {card}.", "you.x": "Вы не успели.",
                                "game.played": "{player} выкладывает карту: {card}.",
                                "error.not_at_table": "Вы не за столом. Сядьте за стол командой /uno join."}) == []


def test_self_check_repeated_words():
    found = repeated_words({"error.refused": "Сейчас нельзя: {reason}", "refusal.nothing_to_catch": "сейчас некого поймать",
                            "refusal.illegal_target": "этого игрока выбрать нельзя", "refusal.ok": "ловить некого",
                            "dos.no_match": "карты не подходят к карте в центре", "other.key": "сейчас сейчас"})
    assert [(k, w) for k, w, _ in found] == [("refusal.illegal_target", "нельзя"), ("refusal.nothing_to_catch", "сейчас")]
    found = repeated_words({"error.refused": "Not now: {reason}", "refusal.nothing_to_catch": "nobody can be caught now",
                            "refusal.nothing_to_call": "UNO is called with two cards before playing, or right after playing",
                            "refusal.not_your_turn": "it is not your turn", "refusal.p": "{player} or {player}"})
    assert [(k, w) for k, w, _ in found] == [("refusal.nothing_to_call", "playing"), ("refusal.nothing_to_catch", "now")]
    assert [w for _, w, _ in repeated_words({"error.refused": "Teraz nie: {reason}",
                                              "refusal.nothing_to_swap": "výmena teraz nie je na rade"})] == ["teraz"]


def test_self_check_slovak_draw_verbs():
    # lines of the old sk.yaml (issue 34)
    old = {"help.accept.text": "zobrať karty bez spochybnenia", "button.draw_hover": "Vziať si kartu z balíčka",
           "game.drew": {"one": "{player} si berie {count} kartu."}, "uno.catch_hover": "{player} nehlási UNO: nech si ťahá",
           "option.whole": "Voľba {option} berie celé číslo, nie „{value}“.",
           "challenge.accept_hover": {"one": "Prijať a vziať si {count} kartu"}}
    assert slovak_draw_verbs(old) == [
        ("button.draw_hover", "Vziať", "zobrať/vziať: ťahať for the pile, brať si for a penalty"),
        ("button.draw_hover", "", "drawing from the pile is ťahať/potiahnuť"),
        ("challenge.accept_hover[one]", "vziať", "zobrať/vziať: ťahať for the pile, brať si for a penalty"),
        ("game.drew[one]", "berie", "brať is for a penalty; the pile is ťahať/potiahnuť"),
        ("game.drew[one]", "", "drawing from the pile is ťahať/potiahnuť"),
        ("help.accept.text", "zobrať", "zobrať/vziať: ťahať for the pile, brať si for a penalty"),
        ("option.whole", "berie", "brať is for a penalty; the pile is ťahať/potiahnuť"),
        ("uno.catch_hover", "ťahá", "a penalty is brať si, not ťahať")]
    assert slovak_draw_verbs({"card.rank.+2": "Ber dve", "you.event.mistake": "Mýliš sa a berieš si trestné karty.",
                              "game.you_drew_card": "Ťaháš kartu: {card}.", "turn.yours": "Si na ťahu!",
                              "engine.items_paused": "predmety budeš môcť zbierať a vyberať", "x": "Vybrať farbu",
                              "help.catch.text": "do začiatku ďalšieho ťahu: trestné karty si berie tento hráč",
                              "y": "zobrazí sa"}) == []


# ------------------------------------------------------------------ issue 43: what native readers still stumbled on

#: Wordings a native reader stumbled on (issue 43), by language: (pattern, why).
STUMBLES = {
    "en": [(re.compile(r"next-to-last", re.I), "one word for it: second-to-last"),
           (re.compile(r"counter-?clockwise", re.I), "British spelling, as elsewhere: anticlockwise"),
           (re.compile(r"\bdeal with\b", re.I), "'deal' is dealing cards in a card game")],
    "ru": [(re.compile(r"UNO в центр"), "a rule's name used nowhere else, with a Latin UNO"),
           (re.compile(r"бонусн\w+ карт", re.I), "sounds like a draw: it is one more card to the centre row"),
           (re.compile(r"побеждает в матче:"), "«…, набрав N очков»"),
           (re.compile(r"\bостаётся две\b", re.I), "«остаются две карты»"),
           (re.compile(r"\bэтот игрок\b|\bэтого игрока\b", re.I), "stiff: name the player or say «ему»")],
    "sk": [(re.compile(r"Žolík DOS"), "the wild 2 says it is a 2: Žolík dvojka"),
           (re.compile(r"\bmýl\w*", re.I), "being wrong in an opinion: robiť chybu"),
           (re.compile(r"skáč\w* do hry", re.I), "reads as joining the game: prebrať ťah"),
           (re.compile(r"\btej farby\b", re.I), "which colour: pôvodnej farby"),
           (re.compile(r"\bnestihn\w*", re.I), "the future of what has happened")],
}


def stumbles(code: str, messages: dict) -> list[tuple[str, str, str]]:
    """(key, match, why) of every wording of STUMBLES in `messages`."""
    return [(key + (f"[{form}]" if form else ""), m.group(), why)
            for key, message in sorted(messages.items()) for form, text in _texts(message)
            for pattern, why in STUMBLES.get(code, []) for m in pattern.finditer(text)]


@pytest.mark.parametrize("code", lang.LANGUAGES)
def test_no_wording_a_native_reader_stumbled_on(code):
    found = stumbles(code, lang.messages(code))
    assert found == [], "\n".join(f"  {code} {k}: {w!r}: {why}" for k, w, why in found)


#: "штрафные карты" (any form) are the cards drawn as a penalty, never the +2/+4 played on you:
#: the word comes within two words after a verb of taking ("взять 2 штрафные карты", "берёт
#: штрафные карты", "получили штрафные карты").
RU_PENALTY_CARDS = re.compile(r"штрафн\w*", re.IGNORECASE)
RU_TAKEN = re.compile(r"(?:взять|возьм\w*|бер\w*|брать|получ\w*)\s+(?:\S+\s+){0,2}$", re.IGNORECASE)


def russian_penalty_cards(messages: dict) -> list[tuple[str, str]]:
    """(key, text) of every Russian line that says "штрафная карта" of anything but cards taken."""
    found = []
    for key, message in sorted(messages.items()):
        for form, text in _texts(message):
            if any(not RU_TAKEN.search(text[:m.start()]) for m in RU_PENALTY_CARDS.finditer(text)):
                found.append((key + (f"[{form}]" if form else ""), text))
    return found


def test_russian_penalty_cards_are_only_the_cards_taken():
    found = russian_penalty_cards(lang.messages("ru"))
    assert found == [], "«штрафная карта» not for cards taken as a penalty:\n" + "\n".join(
        f"  ru {k}: {t!r}" for k, t in found)


#: Slovak says a penalty with one verb, brať si (sk.yaml's header); dostať is not a second one.
SK_SECOND_PENALTY_VERB = re.compile(r"\bdost(?:ane|aneš|anú|ávaš|áva|ať|al\w*)\b", re.IGNORECASE)


def slovak_second_penalty_verb(messages: dict) -> list[tuple[str, str]]:
    """(key, word) of dostať in a line about a penalty (SK_PENALTY_LINES, or one naming trestné karty)."""
    found = []
    for key, message in sorted(messages.items()):
        base = key[len("you."):] if key.startswith("you.") else key
        for form, text in _texts(message):
            if base in SK_PENALTY_LINES or "trest" in text.lower():
                found += [(key + (f"[{form}]" if form else ""), m.group()) for m in SK_SECOND_PENALTY_VERB.finditer(text)]
    return found


def test_slovak_has_one_penalty_verb():
    found = slovak_second_penalty_verb(lang.messages("sk"))
    assert found == [], "a penalty is brať si:\n" + "\n".join(f"  sk {k}: {w!r}" for k, w in found)


#: The lines only a DOS table shows (its call, its centre row, its events, its commands).
DOS_ONLY = ("dos.", "you.dos.", "event.dos", "you.event.dos", "event.match", "you.event.match", "event.add",
            "you.event.add", "event.colour_bonus", "you.event.colour_bonus", "help.dos.", "help.add.", "help.end.")
UNO_CALL = re.compile(r"\bUNO\b|УНО")


def uno_in_dos_lines(messages: dict) -> list[tuple[str, str]]:
    return [(key, text) for key, message in sorted(messages.items()) if key.startswith(DOS_ONLY)
            for _, text in _texts(message) if UNO_CALL.search(text)]


@pytest.mark.parametrize("code", lang.LANGUAGES)
def test_no_uno_in_a_dos_line(code):
    assert uno_in_dos_lines(lang.messages(code)) == []


@pytest.mark.parametrize("code", lang.LANGUAGES)
def test_away_is_not_out(code):
    """web.away (gone for a moment, the turn waits) must not read as sidebar.out (eliminated)."""
    messages = lang.messages(code)
    assert messages["web.away"] != messages["sidebar.out"]


def test_russian_colour_names_are_lower_case_mid_sentence():
    """A colour inside a sentence is lower case ("Теперь цвет: красный."); a button's label begins
    with a capital (lang.colour_label)."""
    found = []
    for letter in "RYGBPTOV":
        name = lang.colour_name("ru", letter)
        if name != name.lower():
            found.append(("colour." + letter, name))
        for key, message in sorted(lang.messages("ru").items()):
            for _, text in _texts(message):
                if "{colour}" in text and not key.startswith("card."):   # card.*: a card's own name
                    line = text.replace("{colour}", name)
                    if line.find(name) > 0 and name[:1].isupper():
                        found.append((key, line))
        assert lang.colour_label("ru", letter)[:1].isupper()
    assert found == []


def test_self_check_issue_43_patterns():
    assert [w for _, w, _ in stumbles("en", {"a": "their next-to-last card", "b": "Counter-clockwise",
                                             "c": "first deal with the draw card", "d": "second-to-last"})] == [
        "next-to-last", "Counter-clockwise", "deal with"]
    assert [k for k, _, _ in stumbles("sk", {"card.wild.W2": "Žolík DOS", "you.event.mistake": "Mýliš sa",
                                             "event.jump_in": "{player} skáče do hry!", "x": "Nestihneš plesnúť",
                                             "ok": "Robíš chybu a berieš si trestné karty."})] == [
        "card.wild.W2", "event.jump_in", "x", "you.event.mistake"]
    assert [k for k, _ in russian_penalty_cards({
        "help.accept.text": "принять штрафную карту и взять карты без проверки",
        "refusal.answer_first": "сначала решите, что делать со штрафной картой, сыгранной против вас",
        "challenge.hover": "штрафные карты возьмёт этот игрок, а не вы",
        "hint.catch": {"one": "и ему придётся взять {count} штрафную карту."},
        "event.mistake": "{player} ошибается и берёт штрафные карты.",
        "you.event.mistake": "Вы ошиблись и получили штрафные карты."})] == [
        "challenge.hover", "help.accept.text", "refusal.answer_first"]
    assert slovak_second_penalty_verb({"hint.catch": {"one": "a tento hráč dostane {count} trestnú kartu."},
                                       "help.close.text": "všetci dostanú späť svoje veci",
                                       "uno.catch_hover": "chyť ho, nech si berie trestné karty"}) == [
        ("hint.catch[one]", "dostane")]
    assert uno_in_dos_lines({"dos.hint_catch": "{player} did not call UNO", "uno.caught": "caught without UNO",
                             "you.dos.caught": "Вас поймали без УНО", "dos.caught": "without calling DOS"}) == [
        ("dos.hint_catch", "{player} did not call UNO"), ("you.dos.caught", "Вас поймали без УНО")]
