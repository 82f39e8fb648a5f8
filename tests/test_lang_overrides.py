"""An operator's language files (presentation/overrides.py): `lang/<code>.yaml` beside engine.yaml
changes single lines of a shipped language or adds a language; each bad line is one problem naming
the file and the key, and the shipped line stays; `/uno reload` reads them again; `/uno lang`."""

import pytest

from unocraft.presentation import codes, lang, overrides
from unocraft.rules.cards import Card
from unocraft.tables.config import parse
from unocraft.tables.manager import Tables

from test_tables import CONFIG, cmd, texts
from test_tables_admin import console

OPENED = "You opened UNO table t1; others join with /uno join t1."


@pytest.fixture(autouse=True)
def shipped_lines_after():
    """The overrides are the process's (lang.py): the next test must find the shipped lines."""
    yield
    lang.use_overrides({})


def write(tmp_path, name, text):
    folder = tmp_path / "lang"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


def make(tmp_path, **extra):
    t = Tables(parse({**CONFIG, **extra}, base_dir=str(tmp_path)))
    t.attach({"online": [], "vault": []}, 0)
    t.flush()
    return t


def opened(t, player="ann", locale="en_us"):
    """What `player` reads when they open a table."""
    t.handle({"type": "join", "player": player, "locale": locale}, 0)
    cmd(t, player, "start")
    return texts(t.flush(), player)


def test_an_override_changes_the_line_a_player_reads_and_only_that_line(tmp_path):
    write(tmp_path, "en.yaml",
          'you:\n  table:\n    opened: "Table {table} is yours; friends type /uno join {table}."\n')
    t = make(tmp_path)
    assert opened(t) == ["Table t1 is yours; friends type /uno join t1.", "The game starts in 5 seconds."]
    assert t.admin.languages.problems == []


def test_a_plural_override_keeps_choosing_by_count(tmp_path):
    write(tmp_path, "en.yaml",
          "start:\n  countdown:\n    one: 'Dealing in {count} sec.'\n    other: 'Dealing in {count} secs.'\n")
    t = make(tmp_path)
    assert opened(t)[1] == "Dealing in 5 secs."
    assert lang.t("en", "start.countdown", count=1) == "Dealing in 1 sec."


@pytest.mark.parametrize("text, key, says", [
    ("game:\n  plyed: '{player} played {card}.'\n", "game.plyed", "unknown key (did you mean game.played?)"),
    ("you:\n  table:\n    opened: 'You opened a table.'\n", "you.table.opened",
     "placeholders {table} missing (the English line has {table})"),
    ("you:\n  table:\n    opened: 'Table {tabel} is yours.'\n", "you.table.opened",
     "placeholders {table} missing and {tabel} unknown (the English line has {table})"),
    ("start:\n  countdown:\n    one: 'In {count} second.'\n", "start.countdown",
     "the plural form other is missing (this language uses one, other)"),
])
def test_a_bad_line_is_one_problem_naming_file_and_key_and_the_shipped_line_stays(tmp_path, caplog, text, key, says):
    path = write(tmp_path, "en.yaml", text + "table:\n  you_left: 'Bye.'\n")
    t = make(tmp_path)
    assert t.admin.languages.problems == [f"{path}: {key}: {says}"]
    assert [r.getMessage() for r in caplog.records if r.levelname == "WARNING"] == [f"{path}: {key}: {says}"]
    assert opened(t) == [OPENED, "The game starts in 5 seconds."]        # the shipped lines
    assert lang.t("en", "table.you_left") == "Bye."                        # the file's good line is used


def test_malformed_yaml_is_one_problem_and_none_of_the_file_is_used(tmp_path, caplog):
    path = write(tmp_path, "en.yaml", "you:\n  table:\n    opened: 'Yours {table}.\n  bad: [\n")
    t = make(tmp_path)
    [problem] = t.admin.languages.problems
    assert problem.startswith(f"{path}: not valid YAML at line ") and problem.endswith("none of its lines are used")
    assert "Traceback" not in caplog.text
    assert opened(t) == [OPENED, "The game starts in 5 seconds."]


def test_a_new_language_serves_its_clients_with_english_for_the_rest(tmp_path):
    write(tmp_path, "de.yaml", "you:\n  table:\n    opened: 'Du hast Tisch {table} eröffnet.'\n"
                               "start:\n  countdown:\n    one: 'Das Spiel beginnt in {count} Sekunde.'\n"
                               "    other: 'Das Spiel beginnt in {count} Sekunden.'\n")
    t = make(tmp_path)
    assert lang.normalise("de_DE") == "de" and lang.languages() == ("en", "ru", "sk", "de")
    assert opened(t, "hans", "de_de") == ["Du hast Tisch t1 eröffnet.", "Das Spiel beginnt in 5 Sekunden."]
    cmd(t, "hans", "leave")
    assert texts(t.flush(), "hans") == [lang.t("en", "table.you_left")]   # a line de.yaml lacks: English
    assert opened(t, "ann", "en_us") == [OPENED.replace("t1", "t2"), "The game starts in 5 seconds."]


def test_the_server_language_may_be_an_added_one(tmp_path):
    write(tmp_path, "de.yaml", "table:\n  you_left: 'Tschüss.'\n")
    t = make(tmp_path, language="de")
    assert t.config.language == "de" and lang.t(lang.normalise("fr_fr", "de"), "table.you_left") == "Tschüss."


def test_reload_reads_a_changed_file_and_answers_with_its_problems(tmp_path):
    path = write(tmp_path, "en.yaml", "you:\n  table:\n    opened: 'Table {table} is yours.'\n")
    t = make(tmp_path)
    t.admin.reload = lambda: parse(CONFIG, base_dir=str(tmp_path))
    assert opened(t) == ["Table t1 is yours.", "The game starts in 5 seconds."]
    cmd(t, "ann", "leave")
    t.flush()
    path.write_text("you:\n  table:\n    opened: 'Yours: {table}.'\ngame:\n  plyed: x\n", encoding="utf-8")
    lines, _ = console(t, "reload")
    assert lines == ["The engine settings are reloaded; new tables and timers use them.",
                     "Language files: 1 line of the operator's in use.",
                     "1 problem (that line is not used; the shipped one stays):",
                     f"  {path}: game.plyed: unknown key (did you mean game.played?)"]
    assert opened(t)[0] == "Yours: t2."       # the cached lines and rendered items were emptied
    path.unlink()
    console(t, "reload")
    cmd(t, "ann", "leave")
    t.flush()
    assert opened(t)[0] == OPENED.replace("t1", "t3")


def test_uno_lang_lists_the_languages_their_counts_and_the_problems(tmp_path):
    write(tmp_path, "en.yaml", "table:\n  you_left: 'Bye.'\n")
    de = write(tmp_path, "de.yaml", "table:\n  you_left: 'Tschüss.'\nyou:\n  table:\n    opened: 'Tisch {table}.'\n"
                                    "  game:\n    played: 'Du spieltest {card} {colour}.'\n")
    write(tmp_path, "de_de.yaml", "table: {}\n")
    write(tmp_path, "sk.yaml", "table: {}\n")                # an empty section: nothing, no problem
    t = make(tmp_path)
    lines, _ = console(t, "lang")
    assert lines == [f"Languages (the operator's files: {tmp_path / 'lang'}):",
                     "  en: shipped, 1 line changed", "  ru: shipped, 0 lines changed",
                     "  sk: shipped, 0 lines changed", "  de: added, 2 lines (English for the rest)",
                     "2 problems (those lines are not used; the shipped ones stay):",
                     f"  {de}: you.game.played: placeholders {{colour}} unknown (the English line has {{card}})",
                     f"  {tmp_path / 'lang' / 'de_de.yaml'}: not read: name the file after the language's code "
                     "in lower case, as the client's locale begins (de.yaml for de_de)"]
    t.handle({"type": "join", "player": "ann", "locale": "ru_ru"}, 0)
    cmd(t, "ann", "lang")                      # not an admin
    assert texts(t.flush(), "ann") == [lang.t("ru", "error.no_permission")]
    t.handle({"type": "command", "player": "ann", "args": ["lang"], "pos": [0, 40, 0], "admin": True}, 1)
    said = texts(t.flush(), "ann")             # an admin reads it in chat, in their language
    assert said[:2] == [f"Языки (файлы оператора: {tmp_path / 'lang'}):", "  en: встроенный, изменена 1 строка"]
    assert said[4:6] == ["  de: добавлен, 2 строки (остальное по-английски)",
                         "2 ошибки (эти строки не используются, действуют встроенные):"]


def test_a_you_line_may_name_the_player_too(tmp_path):
    write(tmp_path, "en.yaml", "you:\n  table:\n    opened: '{player}, table {table} is yours.'\n")
    t = make(tmp_path)
    assert opened(t)[0] == "ann, table t1 is yours."


def test_a_code_written_as_a_number_is_text(tmp_path):
    write(tmp_path, "de.yaml", "typing:\n  code:\n    wild:\n      W+4: 4\n")
    t = make(tmp_path)
    assert t.admin.languages.problems == [] and codes.card_code("de", Card.parse("W+4")) == "4"
    assert codes.read_card("de", "4") == "W+4"


def test_typed_codes_may_change_but_a_clash_is_refused(tmp_path):
    path = write(tmp_path, "ru.yaml", "typing:\n  code:\n    colour:\n      G: К\n      B: Ы\n")
    t = make(tmp_path)
    assert t.admin.languages.problems == [
        f"{path}: typing.code.colour.G: К would also mean typing.code.colour.R: each code and word must be unique"]
    assert codes.read_card("ru", "К7") == "R7"         # the shipped code stays
    assert codes.read_card("ru", "Ы7") == "B7"         # the good one is used, in what players type ...
    assert codes.card_code("ru", Card.parse("B7")) == "Ы7"   # ... and in what the hover tells them to type


def test_swapping_two_codes_is_no_clash_and_english_codes_stay_reserved(tmp_path):
    write(tmp_path, "ru.yaml", "typing:\n  code:\n    colour:\n      R: З\n      G: К\n")
    en = write(tmp_path, "en.yaml", "typing:\n  code:\n    wild:\n      W: R7\n")
    t = make(tmp_path)
    assert t.admin.languages.problems == [
        f"{en}: typing.code.wild.W: the wild's code R7 would also read as a coloured card: each code must be unique"]
    assert codes.read_card("ru", "З7") == "R7" and codes.read_card("ru", "К7") == "G7"
    assert codes.read_card("en", "R7") == "R7"


def test_the_shipped_files_pass_their_own_checks():
    assert overrides.typing_clashes({}) == []
    for code in lang.LANGUAGES:
        for key, message in lang.shipped(code).items():
            assert overrides.check_line(code, key, message) is None, (code, key)


def test_the_dev_servers_data_folder_is_read_too_and_the_files_beside_the_config_win(tmp_path):
    (tmp_path / "data" / "lang").mkdir(parents=True)
    (tmp_path / "data" / "lang" / "de.yaml").write_text("table:\n  you_left: 'Tschüss.'\n"
                                                        "you:\n  table:\n    opened: 'Tisch {table}.'\n")
    write(tmp_path, "de.yaml", "you:\n  table:\n    opened: 'Dein Tisch {table}.'\n")
    t = make(tmp_path, server={"data_dir": "data"})
    assert opened(t, "hans", "de_de")[0] == "Dein Tisch t1."
    assert lang.t("de", "table.you_left") == "Tschüss."
    lines, _ = console(t, "lang")
    assert lines[0] == f"Languages (the operator's files: {tmp_path / 'data' / 'lang'}, {tmp_path / 'lang'}):"
    assert "  de: added, 2 lines (English for the rest)" in lines
