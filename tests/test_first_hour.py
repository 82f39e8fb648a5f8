"""A new player's first hour: the [UNO!] button exactly when a call is possible, a short
subtitle, hints shown once per player (remembered with the statistics), cards and colours typed
in the player's language, and who reads that a table opened (`table.announce`)."""

import pytest

from test_tables import cmd, make, texts
from unocraft.presentation import chat, codes
from unocraft.rules.actions import Action
from unocraft.rules.cards import Card
from unocraft.rules.scenario import build_game, parse
from unocraft.simulate import actor
from unocraft.tables import render
from unocraft.tables.store import TableStore


def game_of(hands, start="R5", deck=("Y7", "Y8", "Y9", "G1", "G2")):
    return build_game(parse({"players": list(hands), "hands": hands, "start": start, "deck": list(deck)}))


def clicks(lines):
    return [c for line in lines for c in chat.commands_in(line)]


# ------------------------------------------------------------------ [UNO!] exactly when a call is possible
def test_uno_is_offered_with_two_cards_and_one_to_play():
    g = game_of({"ann": ["R7", "G8"], "bob": ["B1", "B2", "B3"]})
    assert "/uno uno #t4" in clicks(render.turn_lines(g.view("ann"), "en", 4, g.legal_actions("ann")))
    slots = render.hand_slots(g.view("ann"), "en", 0, g.legal_actions("ann"))
    assert any(part["text"] == "Click it in your inventory to call UNO" for part in slots[0]["lore"])


def test_uno_is_not_offered_with_two_cards_and_nothing_to_play():
    g = game_of({"ann": ["G8", "B9"], "bob": ["B1", "B2", "B3"]})
    legal = g.legal_actions("ann")
    assert any(a.verb == "uno" for a in legal)          # the rules accept it; it would change nothing
    lines = render.turn_lines(g.view("ann"), "en", 4, legal)
    assert "/uno uno #t4" not in clicks(lines) and "/uno draw #t4" in clicks(lines)
    slots = render.hand_slots(g.view("ann"), "en", 0, legal)
    assert len(slots[0]["lore"]) == 1


@pytest.mark.parametrize("lang, expected", [
    ("en", "You did not call UNO: click [UNO!] now, before someone catches you."),
    ("ru", "Вы не объявили УНО: нажмите [УНО!] сейчас, пока вас не поймали."),
    ("sk", "UNO nie je ohlásené: klikni hneď na [UNO!], kým ťa niekto nechytí."),
])
def test_a_player_who_played_down_to_one_card_without_the_call_is_offered_it_late(lang, expected):
    g = game_of({"ann": ["R7", "G8"], "bob": ["B1", "B2", "B3"]})
    g.play(Action.parse("ann", "play R7"))
    legal = g.legal_actions("ann")
    lines = render.turn_lines(g.view("ann"), lang, 5, legal)
    late = [chat.plain_text(line) for line in lines if "/uno uno #t5" in chat.commands_in(line)]
    assert late == [expected]


def test_the_late_call_reaches_the_player_after_their_turn_ended():
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    tables.handle({"type": "join", "player": "ann", "locale": "en_us"}, 0)
    cmd(tables, "ann", "start")
    tables.tick(10)
    tables.flush()
    t = next(iter(tables.tables.values()))
    t.game = game_of({"ann": ["R7", "G8"], t.seats[1].name: ["B1", "B2", "B3"]})
    t.token += 1
    tables.core.changed(t)
    tables.flush()
    assert t.game.names[actor(t.game)] == "ann"
    cmd(tables, "ann", "play", "R7", now=11)
    said = texts(tables.flush(), "ann")
    assert "You played Red 7." in said
    assert "You did not call UNO: click [UNO!] now, before someone catches you." in said


# ------------------------------------------------------------------ the title
def test_the_subtitle_names_the_card_to_match_and_is_short():
    g = game_of({"ann": ["R7", "G8"], "bob": ["B1", "B2", "B3"]})
    sub = render.subtitle(g.view("ann"), "en")
    assert chat.plain_text(sub) == "Top card: Red 5" and sub[0]["colour"] == "red"
    g = game_of({"ann": ["R7", "G8"], "bob": ["B1", "B2", "B3"]}, start="W")
    g.colour = "B"
    assert chat.plain_text(render.subtitle(g.view("ann"), "en")) == "Top card: Wild, colour Blue"
    for lang in ("ru", "sk"):
        assert len(chat.plain_text(render.subtitle(g.view("ann"), lang))) <= 40


# ------------------------------------------------------------------ hints, once per player
def seated_deal(tables, player, now, locale="en_us", pos=(0, 40, 0)):
    tables.handle({"type": "join", "player": player, "locale": locale}, now)
    assert tables.stats.idle()
    cmd(tables, player, "start", now=now, pos=pos)
    tables.flush()
    tables.tick(now + 10)
    return texts(tables.flush(), player)


def first_game_lines(said):
    return [line for line in said if line.startswith("Your first game here")]


def test_the_first_game_hint_is_shown_once_per_player_even_after_a_restart(tmp_path):
    db = tmp_path / "tables.sqlite"
    tables = make(TableStore(db), bots={"fill_to": 2, "kind": "basic"}, database=str(db))
    said = seated_deal(tables, "ann", 0)
    assert first_game_lines(said) == [
        "Your first game here: on your turn right-click a card in your hotbar or click it in chat, [Draw] if "
        "nothing fits; with two cards left click [UNO!] as you play one."]
    cmd(tables, "ann", "leave", now=20)
    tables.flush()
    assert first_game_lines(seated_deal(tables, "ann", 30)) == []      # remembered in the engine
    tables.save()
    assert tables.stats.idle()
    tables.stats.close()

    again = make(TableStore(db), bots={"fill_to": 2, "kind": "basic"}, database=str(db))
    cmd(again, "ann", "leave", now=40)
    again.flush()
    assert first_game_lines(seated_deal(again, "ann", 50)) == []      # remembered with the statistics
    assert first_game_lines(seated_deal(again, "bob", 50, pos=(500, 40, 0))) != []   # a newcomer gets it
    again.stats.close()


def test_no_hint_before_the_database_said_what_the_player_has_seen():
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    tables.core.hints.asked.add("ann")        # asked, not answered yet
    tables.handle({"type": "join", "player": "ann", "locale": "en_us"}, 0)
    cmd(tables, "ann", "start")
    tables.tick(10)
    assert first_game_lines(texts(tables.flush(), "ann")) == []


CATCH_HINT = {
    "en_us": "{bot} did not call UNO: click [Catch {bot}] before they call it, and they draw 2 cards.",
    "ru_ru": "УНО от игрока {bot} не прозвучало: успейте нажать [Поймать игрока {bot}], и ему придётся взять 2 штрафные карты.",
    "sk_sk": "UNO od hráča {bot} nezaznelo: klikni na [Chyť hráča {bot}] skôr, než zaznie, a berie si 2 trestné karty.",
}


@pytest.mark.parametrize("locale", sorted(CATCH_HINT))
def test_the_first_catch_a_player_is_offered_explains_catching_once(locale):
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    seated_deal(tables, "ann", 0, locale=locale)
    t = next(iter(tables.tables.values()))
    bot = t.seats[1].name
    hint = CATCH_HINT[locale].format(bot=bot)
    for round_no in range(2):
        t.game = game_of({bot: ["R7", "G8"], "ann": ["B1", "B2", "B3"]})
        t.game.play(Action.parse(bot, "play R7"))      # down to one card, no call: catchable
        t.token += 1
        tables.core.changed(t)
        said = texts(tables.flush(), "ann")
        assert (hint in said) == (round_no == 0), said
    tables.save()
    assert tables.stats.idle()
    row = tables.stats.store.get("ann")
    assert (row["hint_game"], row["hint_catch"]) == (1, 1)


# ------------------------------------------------------------------ typing in the player's language
@pytest.mark.parametrize("lang, words, rules", [
    ("en", ["red", "7"], ["R7"]),
    ("en", ["W+4", "blue"], ["W+4", "blue"]),
    ("en", ["Blue", "skip"], ["BS"]),
    ("ru", ["красная", "7"], ["R7"]),
    ("ru", ["К7"], ["R7"]),
    ("ru", ["Ц+4", "синий"], ["W+4", "blue"]),
    ("ru", ["R7"], ["R7"]),                     # the English codes work in every language
    ("sk", ["červená", "7"], ["R7"]),
    ("sk", ["Č7"], ["R7"]),
    ("sk", ["modrá", "stoj"], ["BS"]),
    ("sk", ["nič"], ["nič"]),                   # not a card: left for the rules to refuse
])
def test_typed_cards_and_colours_in_each_language(lang, words, rules):
    assert codes.to_rules(lang, words) == rules


@pytest.mark.parametrize("lang", ["en", "ru", "sk"])
def test_every_card_of_every_edition_has_one_code_that_reads_back(lang):
    from unocraft.rules.editions import EDITIONS, build_deck
    seen = {}
    for edition in EDITIONS.values():
        deck = build_deck(edition, plus_ten=True)
        for card in {c for side in deck.faces for c in side}:
            code = codes.card_code(lang, card)
            assert codes.read_card(lang, code) == str(card), (card, code)
            assert seen.setdefault(code.upper(), str(card)) == str(card), (code, card, seen[code.upper()])
    for typed, card in seen.items():      # no code of the language is an English code of another card
        english = codes.read_card("en", typed)
        assert english in (None, card), (lang, typed, card, english)


def test_a_russian_player_plays_by_typing_the_card_in_russian():
    tables = make(bots={"fill_to": 2, "kind": "basic"})
    seated_deal(tables, "ivan", 0, locale="ru_ru")
    t = next(iter(tables.tables.values()))
    t.game = game_of({"ivan": ["R7", "G8", "B9"], t.seats[1].name: ["B1", "B2", "B3"]})
    t.token += 1
    tables.core.changed(t)
    tables.flush()
    cmd(tables, "ivan", "play", "красная", "7", now=11)
    assert t.game.view("ivan").hand == ("G8", "B9")
    said = texts(tables.flush(), "ivan")
    assert any(line.startswith("Вы выложили карту: Красная 7") for line in said), said


# ------------------------------------------------------------------ who reads that a table opened
@pytest.mark.parametrize("scope", ["server", "world", "nearby", "none"])
def test_who_reads_that_a_table_opened(scope):
    tables = make(table={"announce": scope, "announce_radius": 30})
    for name in ("ann", "bob"):
        tables.handle({"type": "join", "player": name, "locale": "en_us"}, 0)
    tables.flush()
    cmd(tables, "ann", "start")
    ops = tables.flush()
    opened = [op for op in ops if op["op"] == "msg" and "opened UNO table" in chat.plain_text(op["c"])]
    assert [(op["player"], chat.plain_text(op["c"])) for op in opened if op["player"] == "ann"] == [
        ("ann", "You opened UNO table t1; others join with /uno join t1.")]
    to_bob = [op for op in opened if op["player"] == "bob"]
    if scope == "none":
        assert to_bob == []
        return
    assert [chat.plain_text(op["c"]) for op in to_bob] == ["ann opened UNO table t1. Join with /uno join t1."]
    assert to_bob[0].get("near") == {"server": None, "world": {"of": "ann"},
                                     "nearby": {"of": "ann", "radius": 30.0}}[scope]


def test_a_client_language_the_engine_lacks_reads_the_servers_language():
    tables = make(language="ru")
    tables.handle({"type": "join", "player": "hans", "locale": "de_de"}, 0)
    tables.handle({"type": "join", "player": "ann", "locale": "en_gb"}, 0)
    cmd(tables, "hans", "frobnicate")
    cmd(tables, "ann", "frobnicate")
    ops = tables.flush()
    assert texts(ops, "hans") == ["Команды /uno frobnicate нет. Введите /uno help."]
    assert texts(ops, "ann") == ["Unknown command /uno frobnicate. Type /uno help."]
