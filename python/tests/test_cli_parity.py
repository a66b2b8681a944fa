"""The module gives what the command line gives: the same verdicts and JSON objects
for every sample and fixture (``validate``), and the same text for every format and
option (``convert``), read through the same library."""

import json

import pytest

import qipu

FOLDERS = ["samples", "tests/fixtures"]


@pytest.mark.parametrize(
    "options,flags",
    [
        ({}, []),
        ({"repair": True}, ["--repair"]),
        ({"rules": "japanese"}, ["--rules", "japanese"]),
        ({"variant": "brazilian"}, ["--variant", "brazilian"]),
        ({"lang": "zh"}, ["--lang", "zh"]),
        ({"lang": "zh-Hant", "quiet": True}, ["--lang", "zh-Hant", "--quiet"]),
        ({"quiet": True, "deny_warnings": True}, ["--quiet", "--deny", "warnings"]),
    ],
)
def test_validate_gives_the_cli_objects(cli_json, options, flags):
    expected = cli_json("validate", "--format", "json", *flags, *FOLDERS)
    assert len(expected) > 100
    got = list(qipu.validate(FOLDERS, **options))
    assert got == expected


def test_files_named_and_missing(cli_json):
    named = [
        "samples/shatar/rulebook-full.txt",
        "tests/fixtures/go/encoded/005-sjis.sgf",
        "README.md",  # a named text that holds no record: reported, not skipped
        "no/such/file.sgf",
        "samples/go",
    ]
    expected = cli_json("validate", "--format", "json", *named)
    assert list(qipu.validate(named)) == expected
    assert any(d["code"] == "io-error" for r in expected for d in r["diagnostics"])


def test_game_and_encoding_overrides(cli_json):
    for flags, options in [
        (["--game", "go"], {"game": "go"}),
        (["--encoding", "GB18030"], {"encoding": "GB18030"}),
    ]:
        expected = cli_json("validate", "--format", "json", *flags, "samples/go")
        assert list(qipu.validate("samples/go", **options)) == expected


def test_records_give_the_cli_verdicts(cli_json):
    expected = cli_json("validate", "--format", "json", *FOLDERS)
    records = list(qipu.read_many(FOLDERS))
    assert len(records) == len(expected)
    for record, line in zip(records, expected):
        assert (record.source, record.index, record.game, record.variant) == (
            line["source"],
            line["index"],
            line["game"],
            line["variant"],
        )
        assert (record.valid, record.plies, record.encoding) == (line["valid"], line["plies"], line["encoding"])
        assert record.report_json() == line
        got = [(d.severity, d.code, d.line, d.column, d.ply, d.message, d.help, d.text) for d in record.diagnostics]
        want = [
            (d["severity"], d["code"], d["line"], d["column"], d["ply"], d["message"], d["help"], d["text"])
            for d in line["diagnostics"]
        ]
        assert got == want


CONVERSIONS = [
    ("pgn", {}, []),
    ("pdn", {}, []),
    ("pdn", {"squares": "numeric", "results": "points"}, ["--squares", "numeric", "--results", "points"]),
    ("sgf", {}, []),
    ("sgf", {"fix": True}, ["--fix"]),
    ("json", {}, []),
    ("json", {"positions": True}, ["--positions"]),
    ("text", {}, []),
    ("text", {"notation": "short", "pieces": "zh"}, ["--notation", "short", "--pieces", "zh"]),
]


def written(records, to, options):
    """What convert writes of the records: each record it can write, in order."""
    texts = []
    for record in records:
        try:
            texts.append(record.to(to, **options))
        except ValueError:
            continue
    return texts


@pytest.mark.parametrize("to,options,flags", CONVERSIONS)
def test_convert_gives_the_cli_text(cli, to, options, flags):
    expected, _, _ = cli("convert", "--to", to, *flags, *FOLDERS)
    texts = written(qipu.read_many(FOLDERS), to, options)
    assert len(texts) > 50
    assert ("" if to == "json" else "\n").join(texts) == expected


def test_to_json_is_the_cli_object(cli):
    out, _, _ = cli("convert", "--to", "json", *FOLDERS)
    expected = [json.loads(line) for line in out.splitlines()]
    got = []
    for record in qipu.read_many(FOLDERS):
        try:
            got.append(record.to_json())
        except ValueError:
            continue
    assert got == expected
