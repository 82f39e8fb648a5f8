"""An operator's language files: ``plugins/unocraft/lang/<code>.yaml`` (beside engine.yaml)
replaces single lines of a shipped language, or adds a language (``de.yaml``) whose missing lines
are the shipped English.

Each line is checked against the shipped English one before it is used: the key must exist, the
``{placeholders}`` must be the same, a plural must have the forms its language chooses from, and
the ``typing`` section must still read every typed word as one thing only. A line that fails is
one problem (the file, the key, what is wrong) and is left out: the shipped line stays. A file that
is not YAML is one problem and is left out whole. Nothing here raises: a bad file must never stop
the engine.
"""

from __future__ import annotations

import difflib
import re
import string
from dataclasses import dataclass, field
from pathlib import Path

import yaml  # type: ignore[import-untyped]  # no stubs installed (types-PyYAML)

from ..rules.cards import COLOUR_NAMES
from . import lang
from .lang import DEFAULT, LANGUAGES, PLURAL_FORMS, Message

FOLDER = "lang"      # beside engine.yaml, and in the dev server's data folder (EngineConfig.lang_folders)
#: the plural forms each language's rule (lang.plural_form) chooses from; an added language
#: uses the English rule
FORMS = {"ru": ("one", "few", "many"), "sk": ("one", "few", "other")}
ENGLISH_FORMS = ("one", "other")
_CODE = re.compile(r"[a-z]{2,3}")
#: the typing sections (codes.py): (part, compared in upper case)
TYPING = {"typing.code.colour": True, "typing.code.rank": True, "typing.code.wild": True,
          "typing.colour": False, "typing.rank": False}


@dataclass
class Report:
    """What the operator's folders gave: the lines in use and what was refused."""
    folders: list[Path]
    lines: dict[str, dict[str, Message]] = field(default_factory=dict)   # language -> key -> message
    problems: list[str] = field(default_factory=list)                    # one line each
    files: dict[str, list[Path]] = field(default_factory=dict)           # language -> its files
    source: dict[tuple[str, str], Path] = field(default_factory=dict)    # (language, key) -> its file


def load(folders: list[Path]) -> Report:
    """Reads and checks every ``<code>.yaml`` of `folders` (a folder that is not there gives
    nothing); a line of a later folder replaces the same line of an earlier one."""
    report = Report([Path(f) for f in folders])
    for folder in report.folders:
        try:
            paths = sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml"))
        except OSError:         # no folder: no overrides
            continue
        for path in paths:
            _load_file(path, report)
    for code, key, problem in typing_clashes(report.lines):
        report.problems.append(f"{report.source[(code, key)]}: {key}: {problem}")
        del report.lines[code][key]
    return report


def _load_file(path: Path, report: Report) -> None:
    code = path.stem
    if path.suffix == ".yml":
        report.problems.append(f"{path}: not read: name it {code}.yaml")
        return
    if not _CODE.fullmatch(code):
        report.problems.append(f"{path}: not read: name the file after the language's code in "
                               "lower case, as the client's locale begins (de.yaml for de_de)")
        return
    found = _read(path, report.problems)
    if found is None:
        return
    report.files.setdefault(code, []).append(path)
    lines = report.lines.setdefault(code, {})
    for key, value in found.items():
        problem = check_line(code, key, value)
        if problem is not None:
            report.problems.append(f"{path}: {key}: {problem}")
        else:
            lines[key] = _message(value)
            report.source[(code, key)] = path


def _message(value: object) -> Message:
    """A checked value as lang.py keeps it: text, or text by plural form (a code such as 7 may be
    written without quotes)."""
    if isinstance(value, dict):
        return {str(k): str(v) for k, v in value.items()}
    return str(value)


def _read(path: Path, problems: list[str]) -> dict[str, object] | None:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as e:
        problems.append(f"{path}: not read: {e.strerror}")
        return None
    except UnicodeDecodeError:
        problems.append(f"{path}: not read: save it as UTF-8")
        return None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        what = getattr(e, "problem", None) or "malformed"
        problems.append(f"{path}: not valid YAML{where} ({what}); none of its lines are used")
        return None
    if data is None:
        return {}
    if not isinstance(data, dict):
        problems.append(f"{path}: not used: the file must be a mapping of sections and lines, "
                        "as the shipped en.yaml")
        return None
    return _flatten(data)


def _flatten(tree: dict[object, object], prefix: str = "") -> dict[str, object]:
    """Dotted keys as lang.py reads them: a mapping where English has a line (a plural's forms)
    stays one value (check_line tells what is wrong with it), any other mapping is a section."""
    english = lang.shipped(DEFAULT)
    out: dict[str, object] = {}
    for key, value in tree.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and path not in english:
            out.update(_flatten(value, path + "."))       # an empty section gives nothing
        else:
            out[path] = value
    return out


def placeholders(text: str) -> set[str]:
    """The ``{names}`` of a line; ValueError for a brace that is not one (``{{`` is a brace)."""
    names = set()
    try:
        fields = list(string.Formatter().parse(text))
    except ValueError:
        raise ValueError("a { without its } (or the other way round): write a brace itself as {{ or }}") from None
    for _, name, spec, conversion in fields:
        if name is None:
            continue
        if spec or conversion or not name.isidentifier():
            raise ValueError(f"{{{name}{'!' + conversion if conversion else ''}{':' + spec if spec else ''}}} "
                             "is not a placeholder: write them as {name}")
        names.add(name)
    return names


def _names(message: Message) -> set[str]:
    texts = message.values() if isinstance(message, dict) else [message]
    return {n for text in texts for n in placeholders(text)}


def _braced(names: set[str]) -> str:
    return ", ".join("{" + n + "}" for n in sorted(names)) or "none"


def check_line(code: str, key: str, value: object) -> str | None:
    """What is wrong with the operator's line `key` = `value` for language `code`; None: nothing."""
    english = lang.shipped(DEFAULT)
    if key not in english:
        if any(k.startswith(key + ".") for k in english):
            return "is a section of lines, not a line: give the lines inside it"
        near = difflib.get_close_matches(key, english, n=1)
        return "unknown key" + (f" (did you mean {near[0]}?)" if near else " (no such line in the shipped en.yaml)")
    shipped = english[key]
    if isinstance(value, dict):
        if isinstance(shipped, str):
            return "expected one line, not plural forms (the English line has none)"
        odd = sorted(str(k) for k in value if k not in PLURAL_FORMS)
        if odd:
            return f"{', '.join(odd)}: not a plural form (one, few, many, other)"
        needed = FORMS.get(code, ENGLISH_FORMS)
        forms = [f for f in needed if f not in value]
        if forms:
            return f"the plural form {', '.join(forms)} is missing (this language uses {', '.join(needed)})"
        if not all(isinstance(v, str) and v for v in value.values()):
            return "expected text in every plural form"
        message: Message = {str(k): v for k, v in value.items()}
    elif isinstance(value, str):
        message = value
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        message = str(value)    # a code such as 7, written without quotes
    else:
        return f"expected text, got {'nothing' if value is None else type(value).__name__}"
    try:
        names = _names(message)
    except ValueError as e:
        return str(e)
    wanted = _names(shipped)
    if key.startswith("you."):      # lang.about passes the player's name to a "you" line too
        names = names - {"player"}
        wanted = wanted - {"player"}
    if names != wanted:
        extra, missing = names - wanted, wanted - names
        parts = ([f"{_braced(missing)} missing"] if missing else []) + ([f"{_braced(extra)} unknown"] if extra else [])
        return f"placeholders {' and '.join(parts)} (the English line has {_braced(wanted)})"
    if key.startswith("typing."):
        return _typing_shape(key, str(message))
    return None


def _typing_shape(key: str, text: str) -> str | None:
    words = text.split()
    if not words:
        return "expected at least one word"
    if key.startswith("typing.code.") and len(words) > 1:
        return "a card code is one word (the English code is accepted too)"
    if key.startswith("typing.code.colour.") and len(words[0]) != 1:
        return "a colour's code letter is one letter (it begins a card code: R7)"
    return None


def _sections(code: str, lines: dict[str, dict[str, Message]]) -> list[tuple[str, str, str, bool]]:
    """Every typed form of language `code` as codes.py reads them: (part, form, key it means,
    from the operator), English's and then the language's own."""
    out = []
    for layer in dict.fromkeys((DEFAULT, code)):
        merged = {**lang.shipped(layer), **lines.get(layer, {})}
        own = lines.get(layer, {})
        for part, upper in TYPING.items():
            prefix = part + "."
            for k, v in merged.items():
                if k.startswith(prefix):
                    for form in str(v).split():
                        out.append((part, form.upper() if upper else form.lower(), k, k in own))
    return out


def _clash(code: str, lines: dict[str, dict[str, Message]]) -> tuple[list[tuple[str, str]], str] | None:
    """A typed form of `code` that would mean two things: the operator's keys involved
    ((language, key)) and the problem; None when every form means one thing."""
    meaning: dict[tuple[str, str], tuple[str, bool]] = {}
    # what the rules read themselves (the clicks send it): R7, W+4, red
    for part in ("typing.code.colour", "typing.code.rank", "typing.code.wild"):
        for k in lang.shipped(DEFAULT):
            if k.startswith(part + "."):
                meaning[(part, k[len(part) + 1:].upper())] = (k, False)
    for letter, name in COLOUR_NAMES.items():
        meaning[("typing.colour", name)] = (f"typing.colour.{letter}", False)
    for part, form, key, mine in _sections(code, lines):
        seen = meaning.get((part, form))
        if seen is not None and seen[0] != key:
            keys = [k for k, own in (seen, (key, mine)) if own]
            return [(_lang_of(code, k, lines), k) for k in keys], \
                f"{form} would also mean {seen[0] if mine else key}: each code and word must be unique"
        if seen is None or mine:
            meaning[(part, form)] = (key, mine)
    # a wild's code read as a colour letter and a number or action: codes.read_card tries wilds first
    colours = {f: k for (p, f), (k, _) in meaning.items() if p == "typing.code.colour"}
    ranks = {f: k for (p, f), (k, _) in meaning.items() if p == "typing.code.rank"}
    for (p, form), (key, mine) in meaning.items():
        if p != "typing.code.wild" or len(form) < 2 or form[0] not in colours:
            continue
        rest = form[1:]
        if (rest.isascii() and rest.isdigit()) or rest in ranks:
            involved = [key, colours[form[0]]] + ([ranks[rest]] if rest in ranks else [])
            own = [k for k in involved if any(k in lines.get(c, {}) for c in (DEFAULT, code))]
            return [(_lang_of(code, k, lines), k) for k in own], \
                f"the wild's code {form} would also read as a coloured card: each code must be unique"
    return None


def _lang_of(code: str, key: str, lines: dict[str, dict[str, Message]]) -> str:
    return code if key in lines.get(code, {}) else DEFAULT


def typing_clashes(lines: dict[str, dict[str, Message]]) -> list[tuple[str, str, str]]:
    """The operator's typing lines that would make a typed code or word mean two things, for any
    language (English's codes are read in every language): (language, key, problem) each, in the
    order found; `lines` is left as it is."""
    lines = {c: dict(found) for c, found in lines.items()}
    refused = []
    for code in [DEFAULT, *sorted(set(lines) | set(LANGUAGES))]:
        while (found := _clash(code, lines)) is not None:
            involved, problem = found
            if not involved:     # a clash of the shipped files alone cannot be refused here
                break
            for c, key in involved:
                if key in lines.get(c, {}):
                    del lines[c][key]
                    refused.append((c, key, problem))
    return refused
