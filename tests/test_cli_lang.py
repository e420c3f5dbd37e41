"""Every command of ``floorman`` speaks English or Vietnamese: ``--lang en|vi`` on each command, ``FLOORMAN_LANG`` as
the default, English when neither is given. A normal line and an error line of each command change with the
language; ``--json`` stays the same in every language."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from floorman.cli import main
from floorman.cli.errors import LANG_ENV
from floorman.locale import LANGS, Message, say
from floorman.storage.chain import ChainBreakKind
from tests.conftest import ROOT
from tests.trust.test_verify_log import _log_with

EXAMPLES = ROOT / "examples"
FLOP = str(EXAMPLES / "four-card-flop.json")


def run(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin, env=env)
    return result.exit_code, result.stdout, result.stderr


def _leaves(group: click.Group, ctx: click.Context, path: str = "") -> list[tuple[str, click.Command]]:
    found = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None, name
        if isinstance(command, click.Group):
            found += _leaves(command, ctx, f"{path}{name} ")
        else:
            found.append((f"{path}{name}", command))
    return found


def test_every_command_takes_lang_en_or_vi_with_floorman_lang_as_its_default() -> None:
    leaves = _leaves(main, click.Context(main))
    assert len(leaves) >= 17
    for name, command in leaves:
        lang = next((p for p in command.params if p.name == "lang"), None)
        assert isinstance(lang, click.Option), f"floorman {name} has no --lang"
        assert isinstance(lang.type, click.Choice) and tuple(lang.type.choices) == LANGS, name
        assert (lang.default, lang.envvar, lang.is_eager) == ("en", LANG_ENV, True), name


def test_floorman_lang_chooses_the_language_and_lang_wins_over_it() -> None:
    _, english, _ = run("rule", FLOP)
    _, vietnamese, _ = run("rule", FLOP, env={LANG_ENV: "vi"})
    _, chosen, _ = run("rule", FLOP, "--lang", "vi")
    _, overruled, _ = run("rule", FLOP, "--lang", "en", env={LANG_ENV: "vi"})
    assert vietnamese == chosen != english == overruled


def test_a_floorman_lang_the_command_line_does_not_speak_is_refused() -> None:
    code, _, err = run("rules", env={LANG_ENV: "fr"})
    assert code == 2 and "--lang" in err and "'fr'" in err


# -- rule, explain, compare ----------------------------------------------------------------------------------------

def test_compare_lang_vi_says_an_unreadable_log_in_vietnamese_and_english_stays_the_default(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    code, _, err = run("compare", str(bad), "--lang", "vi")
    assert code == 2 and err.startswith(f"floorman: {bad}: ") and "không phải JSON hợp lệ" in err
    code, _, err = run("compare", str(bad))
    assert code == 2 and "not valid JSON" in err


def test_explain_takes_its_language_from_floorman_lang() -> None:
    code, _, err = run("explain", "NO-SUCH", env={LANG_ENV: "vi"})
    assert code == 2 and err == "floorman: không có luật 'NO-SUCH' (xem danh sách bằng 'floorman rules')\n"


# -- rules ---------------------------------------------------------------------------------------------------------

def test_rules_lang_vi_gives_the_heading_and_the_titles_in_vietnamese_and_english_stays_the_default() -> None:
    _, english, _ = run("rules", "-r", "tda")
    _, vietnamese, _ = run("rules", "-r", "tda", "--lang", "vi")
    assert english.splitlines()[0].endswith(" rules") and "(tda-2024)" in english.splitlines()[0]
    assert vietnamese.splitlines()[0].endswith(" luật") and "(tda-2024)" in vietnamese.splitlines()[0]
    assert "FLOP-4CARD                 Four-card flop" in english
    assert "FLOP-4CARD                 Flop bốn lá" in vietnamese


def test_rules_lang_vi_says_an_unknown_rulebook_in_vietnamese() -> None:
    code, out, err = run("rules", "-r", "nope", "--lang", "vi")
    assert (code, out) == (2, "") and err.startswith("floorman: ") and "không có bộ luật" in err
    code, _, err = run("rules", "-r", "nope")
    assert code == 2 and "no rulebook" in err


def test_rules_json_is_the_same_in_every_language() -> None:
    assert run("rules", "--json")[1] == run("rules", "--json", "--lang", "vi")[1]


# -- audit ---------------------------------------------------------------------------------------------------------

def _bad_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "hands"
    folder.mkdir()
    (folder / "good.json").write_bytes((EXAMPLES / "four-card-flop.json").read_bytes())
    (folder / "bad.jsonl").write_text("{\n", encoding="utf-8")
    return folder


def test_audit_lang_vi_gives_its_summary_and_an_unreadable_hand_in_vietnamese(tmp_path: Path) -> None:
    folder = _bad_folder(tmp_path)
    code, out, err = run("audit", str(folder), "--lang", "vi")
    assert code == 2
    assert out.startswith("1 ván bài trong 2 tệp trong ") and "1 không đọc được" in out
    assert "sai sót" in out and "phát hiện" in out
    assert err.startswith(f"floorman: {folder / 'bad.jsonl'}: dòng 1: ") and "không phải JSON hợp lệ" in err


def test_audit_speaks_english_by_default(tmp_path: Path) -> None:
    folder = _bad_folder(tmp_path)
    code, out, err = run("audit", str(folder))
    assert code == 2
    assert out.startswith("1 hands in 2 files in ") and "1 unreadable" in out and "irregularity" in out
    assert err.startswith(f"floorman: {folder / 'bad.jsonl'}: line 1: ") and "not valid JSON" in err


def test_audit_lang_vi_says_a_usage_error_in_vietnamese() -> None:
    code, _, err = run("audit", FLOP, "--jobs", "2", "--dask", "tcp://x:1", "--lang", "vi")
    assert code == 2 and "--jobs và --dask không dùng cùng nhau" in err


def test_audit_json_report_is_the_same_in_every_language(tmp_path: Path) -> None:
    folder = _bad_folder(tmp_path)
    english, vietnamese = (json.loads(run("audit", str(folder), "--json", "-", *extra)[1])
                           for extra in ((), ("--lang", "vi")))
    errors = [row["error"] for row in english["rows"] if row["error"]]
    assert english == vietnamese and len(errors) == 1 and "not valid JSON" in errors[0]


# -- convert -------------------------------------------------------------------------------------------------------

def test_convert_lang_vi_counts_the_hands_in_vietnamese_and_english_stays_the_default(tmp_path: Path) -> None:
    code, _, err = run("convert", str(EXAMPLES / "hands.jsonl"), str(tmp_path / "a.phhs"), "--lang", "vi")
    assert code == 0 and err.endswith(f" ván bài: {EXAMPLES / 'hands.jsonl'} -> {tmp_path / 'a.phhs'}\n")
    code, _, err = run("convert", str(EXAMPLES / "hands.jsonl"), str(tmp_path / "b.phhs"))
    assert code == 0 and err.endswith(f" hands: {EXAMPLES / 'hands.jsonl'} -> {tmp_path / 'b.phhs'}\n")


def test_convert_lang_vi_refuses_in_vietnamese(tmp_path: Path) -> None:
    many = str(EXAMPLES / "hands.jsonl")
    code, _, err = run("convert", many, str(tmp_path / "one.json"), "--lang", "vi")
    assert code == 2 and err == (f"floorman: {many}: có nhiều hơn một ván bài, mà một tệp .json chỉ chứa một ván "
                                 "(hãy ghi ra .jsonl)\n")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    code, _, err = run("convert", str(empty), str(tmp_path / "x.json"), "--lang", "vi")
    assert code == 2 and err == f"floorman: {empty}: không có ván bài nào\n"
    code, _, err = run("convert", str(empty), str(tmp_path / "x.json"))
    assert code == 2 and err == f"floorman: {empty}: holds no hand\n"


# -- verify-log ----------------------------------------------------------------------------------------------------

def test_verify_log_lang_vi_says_an_intact_log_in_vietnamese_and_english_stays_the_default(tmp_path: Path) -> None:
    db_path = _log_with(tmp_path, 2)
    code, vietnamese, _ = run("verify-log", "--db", str(db_path), "--lang", "vi")
    assert code == 0 and vietnamese.startswith("nhật ký sự cố nguyên vẹn: 2 mục, head ")
    code, english, _ = run("verify-log", "--db", str(db_path))
    assert code == 0 and english.startswith("incident log intact: 2 entries, head ")
    assert run("verify-log", "--db", str(db_path), "--json")[1] == run(
        "verify-log", "--db", str(db_path), "--json", "--lang", "vi")[1]


def test_verify_log_lang_vi_says_a_broken_link_and_a_missing_database_in_vietnamese(tmp_path: Path) -> None:
    import sqlite3

    db_path = _log_with(tmp_path, 3)
    conn = sqlite3.connect(db_path)
    conn.execute("DROP TRIGGER IF EXISTS incidents_are_never_updated")
    conn.execute("UPDATE incidents SET dealer = 'D-999' WHERE id = 2")
    conn.commit()
    conn.close()
    code, out, _ = run("verify-log", "--db", str(db_path), "--lang", "vi")
    assert code == 1 and out == ("nhật ký sự cố bị đứt tại sự cố 2: nội dung của nó không còn khớp với hash "
                                 "(dòng đã bị sửa); mục trước nó vẫn khớp\n")
    code, _, err = run("verify-log", "--db", str(tmp_path / "none.db"), "--lang", "vi")
    assert code == 2 and err.startswith("floorman: ") and "không có cơ sở dữ liệu" in err


def test_a_db_value_no_store_reads_is_said_in_the_language_given_after_it(tmp_path: Path) -> None:
    code, _, err = run("verify-log", "--db", "foo://x", "--lang", "vi")
    assert code == 2 and err.startswith("floorman: --db 'foo://x': không phải đường dẫn tệp")
    assert "(hỗ trợ: một đường dẫn tệp, sqlite:///PATH, postgresql://...)" in err
    code, _, err = run("verify-log", "--db", "foo://x")
    assert code == 2 and err.startswith("floorman: --db 'foo://x': ") and "không" not in err


@pytest.mark.parametrize("kind", list(ChainBreakKind))
def test_every_kind_of_broken_link_is_said_in_both_languages(kind: ChainBreakKind) -> None:
    english, vietnamese = (say(Message.of(f"chain.{kind.value}"), lang) for lang in LANGS)
    assert english != f"chain.{kind.value}" and vietnamese not in (english, f"chain.{kind.value}")


# -- rooms, db copy ------------------------------------------------------------------------------------------------

def test_rooms_lang_vi_adds_and_lists_in_vietnamese_and_english_stays_the_default(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    assert run("rooms", "add", "north", "--name", "North room", "--db", db, "--lang", "vi")[1] == (
        "đã thêm phòng north (North room)\n")
    assert run("rooms", "add", "south", "--db", db)[1] == "added room south (south)\n"
    _, vietnamese, _ = run("rooms", "list", "--db", db, "--lang", "vi")
    _, english, _ = run("rooms", "list", "--db", db)
    assert "0 ván bài" in vietnamese and "0 sự cố" in vietnamese and "North room" in vietnamese
    assert "0 hands" in english and "0 incidents" in english


def test_rooms_add_lang_vi_refuses_a_taken_name_in_vietnamese(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    run("rooms", "add", "north", "--db", db)
    code, _, vietnamese = run("rooms", "add", "north", "--db", db, "--lang", "vi")
    code_en, _, english = run("rooms", "add", "north", "--db", db)
    assert (code, code_en) == (2, 2) and vietnamese != english
    assert vietnamese.startswith("floorman: đã có phòng") and english.startswith("floorman: ")


def test_db_copy_lang_vi_reports_the_copy_in_vietnamese_and_english_stays_the_default(tmp_path: Path) -> None:
    source = _log_with(tmp_path, 2)
    code, out, err = run("db", "copy", str(source), str(tmp_path / "vi.db"), "--lang", "vi")
    assert code == 0, err
    assert err.startswith("phòng main: 0 ván bài, 0 sự kiện, 2 sự cố, ")
    assert out.startswith(f"đã sao chép phòng main sang {tmp_path / 'vi.db'}: ") and "2 mục" in out
    code, out, err = run("db", "copy", str(source), str(tmp_path / "en.db"))
    assert code == 0 and err.startswith("room main: 0 hands") and out.startswith("copied room main to ")


def test_db_copy_lang_vi_says_a_missing_source_in_vietnamese(tmp_path: Path) -> None:
    code, _, vietnamese = run("db", "copy", str(tmp_path / "none.db"), str(tmp_path / "t.db"), "--lang", "vi")
    _, _, english = run("db", "copy", str(tmp_path / "none.db"), str(tmp_path / "t.db"))
    assert code == 2 and vietnamese.startswith("floorman: ") and vietnamese != english
    assert "không" in vietnamese and "không" not in english


# -- users ---------------------------------------------------------------------------------------------------------

def test_users_lang_vi_speaks_vietnamese_from_adding_to_a_new_role(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    run("rooms", "add", "north", "--db", db)
    out = run("users", "add", "lan", "--role", "floor", "--password-stdin", "--room", "north", "--db", db,
              "--lang", "vi", stdin="river card 7\n")[1]
    assert out == "đã thêm lan (floor tại north)\n"
    assert run("users", "set-password", "lan", "--password-stdin", "--db", db, "--lang", "vi",
               stdin="turn card 8\n")[1] == "đã đổi mật khẩu của lan\n"
    assert run("users", "set-role", "lan", "dealer", "--db", db, "--lang", "vi")[1] == "lan giờ có vai trò dealer\n"
    assert run("users", "list", "--db", db, "--lang", "vi")[1].split()[0] == "lan"


def test_users_speak_english_by_default(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    assert run("users", "add", "lan", "--role", "floor", "--password-stdin", "--db", db,
               stdin="river card 7\n")[1] == "added lan (floor)\n"
    assert run("users", "set-role", "lan", "dealer", "--db", db)[1] == "lan is now dealer\n"
    assert run("users", "set-password", "lan", "--password-stdin", "--db", db,
               stdin="turn card 8\n")[1] == "password changed for lan\n"


def test_users_lang_vi_asks_for_the_password_in_vietnamese(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    out = run("users", "add", "minh", "--role", "dealer", "--db", db, "--lang", "vi",
              stdin="dealer pass\ndealer pass\n")[1]
    assert out.startswith("Mật khẩu: ") and "Nhập lại để xác nhận: " in out and "đã thêm minh (dealer)" in out


def test_users_lang_vi_says_an_unknown_account_in_one_vietnamese_line_with_status_2(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    for command in (("set-role", "ghost", "floor"), ("set-password", "ghost", "--password-stdin")):
        code, out, err = run("users", *command, "--db", db, "--lang", "vi", stdin="long enough\n")
        assert (code, out, err) == (2, "", "floorman: không có người dùng 'ghost'\n")
        code, out, err = run("users", *command, "--db", db, stdin="long enough\n")
        assert (code, out, err) == (2, "", "floorman: no user 'ghost'\n")


def test_users_add_lang_vi_refuses_a_short_password_in_vietnamese(tmp_path: Path) -> None:
    code, _, err = run("users", "add", "a", "--role", "floor", "--password-stdin", "--db", str(tmp_path / "c.db"),
                       "--lang", "vi", stdin="short\n")
    assert code == 2 and err == "floorman: mật khẩu cần ít nhất 8 ký tự\n"


# -- serve, mcp ----------------------------------------------------------------------------------------------------

def test_serve_lang_vi_announces_the_console_in_vietnamese_and_english_stays_the_default(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: None)
    db = tmp_path / "console.db"
    code, out, _ = run("serve", "--db", str(db), "--lang", "vi")
    assert code == 0 and out.startswith("bảng điều khiển floorman tại http://127.0.0.1:8000/")
    assert "Chưa có tài khoản nào" in out
    code, out, _ = run("serve", "--db", str(db))
    assert code == 0 and out.startswith("floorman console on http://127.0.0.1:8000/") and "No accounts yet" in out


def test_serve_lang_vi_says_a_database_it_cannot_open_in_vietnamese(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    code, out, vietnamese = run("serve", "--db", str(folder), "--lang", "vi")
    _, _, english = run("serve", "--db", str(folder))
    assert (code, out) == (2, "") and vietnamese.startswith("floorman: ") and vietnamese != english


class _Server:
    def run(self, *args: Any, **kwargs: Any) -> None:
        pass


def test_mcp_lang_vi_says_where_it_serves_and_its_usage_error_in_vietnamese(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.ModuleType("floorman.mcp.server")
    fake.build_server = _Server  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "floorman.mcp.server", fake)
    code, _, err = run("mcp", "--http", "--port", "8123", "--lang", "vi")
    assert code == 0 and err == "floorman: MCP qua streamable HTTP tại http://127.0.0.1:8123/mcp\n"
    code, _, err = run("mcp", "--http", "--port", "8123")
    assert code == 0 and err == "floorman: MCP over streamable HTTP at http://127.0.0.1:8123/mcp\n"
    code, _, err = run("mcp", "--host", "127.0.0.1", "--port", "9", "--lang", "vi")
    assert code == 2 and "--host và --port chỉ dùng với --http" in err
    code, _, err = run("mcp", "--port", "9")
    assert code == 2 and "--port goes with --http" in err
