"""floorman over the Model Context Protocol: rulings with their rule numbers for a chat assistant.

``floorman mcp`` runs :func:`build_server` on standard input and output (or streamable HTTP). Needs the
``mcp`` extra (``pip install 'floorman[mcp]'``): the official MCP SDK.

Tools (each returns the words a person reads, the JSON text, and the same JSON as structured content):

- ``rule``: a hand log (a JSON object or its text), an optional rulebook, house rules (TOML text) and language
  -> the ruling object of ``docs/spec/hand-log.md`` section 3 (what ``floorman rule --json`` prints) and the
  ruling as ``floorman rule`` prints it;
- ``compare``: the ruling under every rulebook side by side (``floorman compare``);
- ``explain``: one rule in every book (``floorman explain``);
- ``search_rules``: words in English or Vietnamese -> rule ids with their citations;
- ``rulebooks``: the books there are.

Resources: ``floorman://spec/hand-log`` (the hand-log contract) and ``floorman://rulebooks/{id}`` (every rule
of a book with its citation, and its switches); a prompt, ``hand_log_from_story``, walks an assistant from a
floor person's story to a valid hand log and a ruling.

A hand log that cannot be read comes back as a tool error that names the event index and the field, in the
console's error shape (``{"error": {"type", "message", "event", "field"}}``); the server carries on.

>>> result = rule_hand('{"floorman": 1, "game": "holdem", "seats": 2, "button": 1, "level": {},'
...                    ' "players": [], "events": [{"type": "deal", "seat": 3}]}')
>>> result.is_error, result.structured_content["error"]["event"], result.structured_content["error"]["field"]
(True, 0, 'seat')
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.types import (
    CallToolResult,
    ContentBlock,
    EmbeddedResource,
    TextContent,
    TextResourceContents,
    ToolAnnotations,
)
from pydantic import Field

from floorman.engine.hand import rule
from floorman.errors import FloormanError, HouseRulesError, LogError
from floorman.fold.log import HandLog
from floorman.formats import handlog, house
from floorman.formats import ruling as ruling_json
from floorman.formats.handlog import JsonEncoder
from floorman.law.rulebooks import BOOK_IDS, Rulebook, find_rule, find_rulebook, rulebooks
from floorman.locale import LANGS, Message, in_every_lang, say
from floorman.service_limits import check_answer, check_log
from floorman.words.compare import compare, compare_lines, compare_obj
from floorman.words.reference import explain_lines, explain_obj, rulebook_obj, rulebook_summary, search_rules
from floorman.words.rulings import result_lines

__all__ = [
    "HAND_LOG_URI",
    "build_server",
    "compare_hand",
    "explain_rule",
    "hand_log_contract",
    "list_rulebooks",
    "rule_hand",
    "rulebook_uri",
    "search_rules_tool",
]

HAND_LOG_URI = "floorman://spec/hand-log"

Lang = Annotated[str, Field(pattern=f"^({'|'.join(LANGS)})$",
                            description=f"Language of the words: {', '.join(LANGS)} (en: English, vi: Vietnamese).")]
LogArg = Annotated[
    dict[str, Any] | str,
    Field(description=f"The hand log, format version 1 or 1.1 ({HAND_LOG_URI}): a JSON object, or its JSON text."),
]
HouseArg = Annotated[
    str | None,
    Field(description="House rules as TOML text: name = \"...\", base = \"<rulebook id>\", and a [switches] table "
                      "that sets switches of the base book (each book's switches and their allowed values are in "
                      "its floorman://rulebooks/<id> resource)."),
]

_READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)

INSTRUCTIONS = f"""\
floorman rules on live-poker dealing irregularities (misdeals, substantial action, fouled decks, four-card flops,
burn errors, exposed and boxed cards) the way the WSOP floor does, with the Poker TDA, WSOP cash rules and Robert's
Rules beside it. Give every ruling with its rule numbers: they are in each ruling's citations.
To rule on what a floor person tells you, write the hand as a hand log ({HAND_LOG_URI}: physical facts in order,
seats by number, a `floor` event where the floor was called), then call `rule`. When a log is refused, the error
names the event index and the field: correct that and call again. Ask for facts you do not have (the button, the
blinds, who was dealt what, who acted) rather than guessing them. The prompt `hand_log_from_story` walks through it.
"""


def rulebook_uri(book_id: str) -> str:
    return f"floorman://rulebooks/{book_id}"


def hand_log_contract() -> str:
    """The hand-log contract (``docs/spec/hand-log.md``), as shipped inside the package."""
    return resources.files("floorman").joinpath("spec", "hand-log.md").read_text(encoding="utf-8")


# -- the tools ------------------------------------------------------------------------------------------------------

def _text(*texts: str) -> list[ContentBlock]:
    return [TextContent(type="text", text=t) for t in texts]


def _answer(words: str, obj: Any) -> CallToolResult:
    """The words for a person, then the JSON text, and the same JSON as structured content."""
    body = json.dumps(obj, cls=JsonEncoder, indent=1, ensure_ascii=False)
    return CallToolResult(content=_text(words, body), structured_content=json.loads(body))


def _refused(exc: FloormanError, lang: str = "en") -> CallToolResult:
    """An input floorman cannot interpret: a tool error in the console's error shape, naming event and field, said
    in ``lang`` (with its message id and parameters)."""
    kind = re.sub(r"(?<!^)(?=[A-Z])", "_", type(exc).__name__).lower()
    said = exc.say(lang)
    error: dict[str, Any] = {"type": kind, "message": said, "message_id": exc.message_id, "params": exc.params,
                             "event": None, "field": None}
    if isinstance(exc, LogError):
        error.update(event=exc.event, field=exc.field, contract=HAND_LOG_URI)
    return CallToolResult(content=_text(said), structured_content={"error": error}, is_error=True)


def _read_log(log: dict[str, Any] | str) -> HandLog:
    """A hand log given as JSON text is read as the command line reads a file; an object, from its JSON text."""
    return handlog.loads(log if isinstance(log, str) else json.dumps(log, ensure_ascii=False))


def _book(rulebook: str | None, house_rules: str | None, log: HandLog) -> Rulebook:
    """House rules if given (their ``base`` names the book), else the rulebook named, else the log's own."""
    if house_rules is None:
        return find_rulebook(rulebook or log.rulebook)
    book = house.loads(house_rules)
    if rulebook and find_rulebook(rulebook).id != book.id:
        raise HouseRulesError("error.house.other_base", base=book.id, rulebook=rulebook)
    return book


def rule_hand(
    log: LogArg,
    rulebook: Annotated[str | None, Field(description=f"Rulebook id or alias ({', '.join(BOOK_IDS)}); default: "
                                                      "the log's own rulebook field, else wsop-2026.")] = None,
    house_rules: HouseArg = None,
    lang: Lang = "en",
) -> CallToolResult:
    """Rule on a hand log: the verdict (misdeal, void, continue), what to do, and every rule it rests on with the
    book's own rule number. Returns the ruling as the floor reads it, then the ruling object (one ruling per
    `floor` event, and one at the end when the log does not end with one: the last is the answer)."""
    try:
        hand_log = _read_log(log)
        check_log(hand_log)
        result = rule(hand_log, rulebook=_book(rulebook, house_rules, hand_log))
        body = ruling_json.dumps(result)
        check_answer(body.encode("utf-8"))
    except FloormanError as exc:
        return _refused(exc, lang)
    words = "\n".join(result_lines(result, color=False, lang=lang))
    return CallToolResult(content=_text(words, body), structured_content=json.loads(body))


def compare_hand(log: LogArg, house_rules: HouseArg = None, lang: Lang = "en") -> CallToolResult:
    """The ruling on a hand log under every rulebook (and under the house rules, if given), side by side: where
    the books disagree on the verdict, the table says so. Returns the table, then every book's ruling object."""
    try:
        hand_log = _read_log(log)
        check_log(hand_log)
        results = compare(hand_log, also=[house.loads(house_rules)] if house_rules is not None else [])
        obj = compare_obj(results)
        check_answer(json.dumps(obj, cls=JsonEncoder, ensure_ascii=False).encode("utf-8"))
    except FloormanError as exc:
        return _refused(exc, lang)
    return _answer("\n".join(compare_lines(results, lang=lang, color=False)), obj)


def explain_rule(
    rule_id: Annotated[str, Field(description="A rule id, such as FLOP-4CARD or MD-FIRST-WRONG-SEAT "
                                              "(search_rules finds them from words).")],
    lang: Lang = "en",
) -> CallToolResult:
    """One rule: what it says in plain words, and where each rulebook has it (its own rule number), or what a
    book leaves it to, and where it is the floor's call."""
    try:
        r = find_rule(rule_id)
    except FloormanError as exc:
        return _refused(exc, lang)
    return _answer("\n".join(explain_lines(r, lang)), explain_obj(r))


def search_rules_tool(
    words: Annotated[str, Field(description="Words in English or Vietnamese (accents optional), or a rule id.")],
    rulebook: Annotated[str | None, Field(description="Cite the rules in this book only; default: every book.")]
    = None,
    limit: Annotated[int, Field(ge=1, le=50, description="At most this many rules.")] = 10,
    lang: Lang = "en",
) -> CallToolResult:
    """Find rules by words: the rule ids whose titles and paraphrases (English and Vietnamese) hold them, best
    first, each with its citation in every book (or in the one named)."""
    try:
        books = [find_rulebook(rulebook)] if rulebook else list(rulebooks().values())
    except FloormanError as exc:
        return _refused(exc, lang)
    rows, lines = [], []
    for hit in search_rules(words, limit=limit):
        r = hit.rule
        citations = [{"rulebook": b.id, "number": b.citation(r.id).number, "source": b.citation(r.id).source}
                     for b in books]
        rows.append({"rule": r.id, **in_every_lang("title", r.title_in), "family": r.family, "tag": r.tag,
                     "score": hit.score, "citations": citations})
        lines.append(f"{r.id}: {r.title_in(lang)}   [{r.tag}]")
        lines += [f"  {b.short:<18} {b.citation(r.id).source_in(lang)}" for b in books]
    if not rows:
        lines.append(say(Message.of("reference.no_match", words=repr(words)), lang))
    return _answer("\n".join(lines), {"words": words, "rules": rows})


def list_rulebooks() -> CallToolResult:
    """The rulebooks floorman rules under: id, name, edition, kind (tournament or cash) and aliases."""
    books = [rulebook_summary(b) for b in rulebooks().values()]
    lines = [f"{b['id']:<14} {b['name']} ({b['kind']}; aliases: {', '.join(b['aliases']) or '-'})" for b in books]
    return _answer("\n".join(lines), {"rulebooks": books})


# -- the prompt -----------------------------------------------------------------------------------------------------

_STEPS = """\
A floor person has told you what happened at a poker table. Rule on it with floorman:

1. Read the hand-log contract (below, and at {uri}). A hand log records physical facts in the order they happened:
   the forced bets (`post`), every card that left the deck (`deal`, `burn`, `board`), cards found boxed or
   exposed, every action (`act`), and a `floor` event where the floor was called. It says nothing about what
   the rules make of them.
2. Write the log: seats by number (1 to `seats`, clockwise), the `button` seat, the `level` (blinds, antes), one
   `players` entry per occupied seat with its stack. A card whose face nobody knows is `??`. Seat every card
   where it actually landed, not where it should have gone.
3. If the story leaves out a fact the log needs (the game, the button, the blinds, how many seats were dealt, who
   acted and how), ask the floor person for it. Do not make it up.
4. Call the `rule` tool with the log{book}{lang}. If it is refused, the error names the event index and the
   field: correct that and call again.
5. Answer with the verdict first, then the steps to take, then the rules with their numbers exactly as the
   ruling cites them. Say so when the ruling is the floor's discretion. `compare` shows where other books differ.

The story:
{story}
"""


def hand_log_from_story(
    story: Annotated[str, Field(description="What happened, in the floor person's words.")],
    rulebook: Annotated[str, Field(description="Rulebook id or alias (default: wsop-2026).")] = "",
    lang: Annotated[str, Field(description="en or vi: the language to answer in.")] = "en",
) -> list[dict[str, Any]]:
    """Turn a floor person's story into a valid hand log and a ruling with its rule numbers."""
    book = f", rulebook \"{rulebook}\"" if rulebook else ""
    say = ", lang \"vi\" (answer in Vietnamese)" if lang == "vi" else ""
    steps = _STEPS.format(uri=HAND_LOG_URI, book=book, lang=say, story=story)
    contract = EmbeddedResource(type="resource", resource=TextResourceContents(
        uri=HAND_LOG_URI, mime_type="text/markdown", text=hand_log_contract()))
    return [{"role": "user", "content": TextContent(type="text", text=steps)},
            {"role": "user", "content": contract}]


# -- the server -----------------------------------------------------------------------------------------------------

def build_server() -> MCPServer:
    """The MCP server: the five tools, the contract and the rulebooks as resources, and the prompt."""
    from floorman import __version__

    server: MCPServer = MCPServer("floorman", title="floorman: poker floor rulings", version=__version__,
                                  instructions=INSTRUCTIONS, log_level="WARNING")
    for fn, name, title in ((rule_hand, "rule", "Rule on a hand log"),
                            (compare_hand, "compare", "Compare the rulebooks on a hand log"),
                            (explain_rule, "explain", "One rule in every book"),
                            (search_rules_tool, "search_rules", "Find rules by words"),
                            (list_rulebooks, "rulebooks", "The rulebooks")):
        server.add_tool(fn, name=name, title=title, annotations=_READ_ONLY, structured_output=False)

    server.resource(HAND_LOG_URI, name="hand-log", title="The floorman hand log, version 1",
                    description="The contract of a hand log (input) and the ruling object (output): every field "
                                "and event type, what a valid log looks like.",
                    mime_type="text/markdown")(hand_log_contract)
    for book in rulebooks().values():
        server.resource(rulebook_uri(book.id), name=f"rulebook-{book.id}", title=book.name,
                        description=f"{book.name}: every rule with this book's citation (and what it leaves a "
                                    "rule to, where it is silent), the floor's discretion, and its switches with the "
                                    "values house rules may give them.",
                        mime_type="application/json")(_book_reader(book))
    server.prompt(name="hand_log_from_story", title="From a floor story to a ruling")(hand_log_from_story)
    return server


def _book_reader(book: Rulebook) -> Any:
    def read() -> str:
        return json.dumps(rulebook_obj(book), indent=1, ensure_ascii=False)

    return read
