//! Draughts records as real archives hold them: without `GameType` (and then possibly
//! another game), with results in either form, with moves that cannot be replayed, with
//! `%` escape lines. Conversion must keep what was assumed as read, follow PDN 3.0's
//! GameType table where the game type is known, keep invalid records, and round-trip.

use qipu::draughts::DraughtsRecord;
use qipu::draughts::Variant;
use qipu::draughts::{PdnOptions, Results, Squares};
use qipu::write::{left_out, write_record, Format, LeftOut, WriteOptions};
use qipu::{read_document, Document, Game, ReadOptions, RecordReport};

use crate::support::corpus;
use crate::support::rng;
use crate::support::run::qipu;

fn read_as(text: &str, variant: Option<Variant>) -> Document {
    let mut options = ReadOptions {
        game: Some(Game::Draughts),
        keep_records: true,
        ..ReadOptions::default()
    };
    if let Some(variant) = variant {
        options = options.with_rules(variant);
    }
    read_document("t.pdn", text.as_bytes(), &options)
}

fn read(text: &str) -> Document {
    read_as(text, None)
}

fn only(document: &Document) -> &RecordReport {
    assert_eq!(document.records.len(), 1, "{:?}", document.records);
    &document.records[0]
}

fn one(document: Document) -> RecordReport {
    only(&document).clone()
}

fn record(report: &RecordReport) -> &DraughtsRecord {
    match report.kept::<DraughtsRecord>() {
        Some(record) => record,
        other => panic!("no draughts record: {other:?} {:?}", report.diagnostics),
    }
}

fn codes(report: &RecordReport) -> Vec<&'static str> {
    report.diagnostics.iter().map(|d| d.code()).collect()
}

fn options(squares: Squares, results: Option<Results>) -> WriteOptions {
    WriteOptions::default().with(PdnOptions { squares, results })
}

fn write(report: &RecordReport, format: Format, options: &WriteOptions) -> String {
    write_record(
        report.record.as_ref().expect("record kept"),
        "t.pdn",
        0,
        format,
        options,
    )
    .expect("draughts writes PDN and JSON")
}

fn pdn(text: &str, variant: Option<Variant>, options: &WriteOptions) -> String {
    write(&one(read_as(text, variant)), Format::Pdn, options)
}

/// Converts, reads the output back (with the same `--variant`) and converts again: the
/// bytes must not change. Returns the first output.
fn round_trip(text: &str, variant: Option<Variant>, options: &WriteOptions) -> String {
    let first = pdn(text, variant, options);
    let again = read_as(&first, variant);
    let second = write(only(&again), Format::Pdn, options);
    assert_eq!(first, second, "input:\n{text}");
    first
}

fn all_options() -> Vec<WriteOptions> {
    let mut all = Vec::new();
    for squares in [Squares::Algebraic, Squares::Numeric] {
        for results in [None, Some(Results::Standard), Some(Results::Points)] {
            all.push(options(squares, results));
        }
    }
    all
}

/// The movetext of a PDN output: everything after the tags.
fn movetext(pdn: &str) -> &str {
    pdn.split("\n\n").nth(1).unwrap_or("").trim_end()
}

const TOP_NUMBERED: &str =
    "[Event \"Study 4\"]\n[Result \"1-0\"]\n\n1. 22-17 11-15 2. 17-13 15-19 3. 24x15 10x19 1-0\n";

#[test]
fn assumed_game_type_is_not_written_and_squares_and_result_stay_as_read() {
    let report = &one(read(TOP_NUMBERED));
    assert!(report.valid(), "{:?}", report.diagnostics);
    assert_eq!(codes(report), ["variant", "numbering"]);
    for options in all_options() {
        let out = round_trip(TOP_NUMBERED, None, &options);
        assert!(!out.contains("GameType"), "{out}");
        assert!(out.contains("[Result \"1-0\"]"), "{out}");
        assert_eq!(
            movetext(&out),
            "1. 22-17 11-15 2. 17-13 15-19 3. 24x15 10x19 1-0"
        );
    }
    // The rulebook's numbers and its `+` mark stay as written too, and so does a `:`.
    let text = "1. 9-13 22-18 2. 13x22 27x18 +\n";
    let out = round_trip(text, None, &WriteOptions::default());
    assert_eq!(out, "[Result \"+\"]\n\n1. 9-13 22-18 2. 13x22 27x18 +\n");
    let text = "1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n";
    let out = round_trip(text, None, &options(Squares::Numeric, None));
    assert_eq!(movetext(&out), text.trim_end());
}

#[test]
fn an_assumed_record_gets_no_inferred_result() {
    // White has no piece left after 1... 22x15 but nothing says who won.
    let text = "[FEN \"W:W10:B14,22,26\"]\n\n1. 10x19 22x15\n";
    let report = &one(read(text));
    assert_eq!(record(report).result.map(|r| r.as_str()), Some("0-2"));
    let out = pdn(text, None, &WriteOptions::default());
    assert!(out.ends_with("22x15 *\n"), "{out}");
    assert!(out.contains("[FEN \"W:W10:B14,22,26\"]"), "{out}");
    // Stated Russian: the result follows from the position and is written.
    let out = pdn(text, Some(Variant::Russian), &WriteOptions::default());
    assert!(out.ends_with("0-1\n"), "{out}");
}

#[test]
fn the_top_numbering_fen_of_an_assumed_record_stays_in_its_numbers() {
    let text = "[FEN \"W:W21,K30:B5,9\"]\n\n1. 21-17 9-13 2. 17-14 *\n";
    let out = round_trip(text, None, &WriteOptions::default());
    assert!(out.contains("[FEN \"W:W21,K30:B5,9\"]"), "{out}");
    let out = round_trip(text, Some(Variant::Russian), &WriteOptions::default());
    assert!(out.contains("[FEN \"W:WKc1,a3:Bb6,a7\"]"), "{out}");
    assert!(out.contains("[GameType \"25,W,8,8,A0,0\"]"), "{out}");
}

#[test]
fn a_stated_game_type_is_written_as_pdn_3_prescribes() {
    let russian = "[GameType \"25\"]\n[Result \"1-0\"]\n\n1. 9-13 22-18 2. 13x22 27x18 1-0\n";
    let out = round_trip(russian, None, &WriteOptions::default());
    assert!(out.contains("[GameType \"25,W,8,8,A0,0\"]"), "{out}");
    assert!(out.contains("[Result \"1-0\"]"), "{out}");
    assert_eq!(movetext(&out), "1. a3-b4 d6-c5 2. b4:d6 e7:c5 1-0");

    let out = round_trip(russian, None, &options(Squares::Numeric, None));
    assert!(out.contains("[GameType \"25,W,8,8,N0,0\"]"), "{out}");
    assert_eq!(movetext(&out), "1. 9-13 22-18 2. 13x22 27x18 1-0");

    let out = round_trip(
        russian,
        None,
        &options(Squares::Algebraic, Some(Results::Points)),
    );
    assert!(out.contains("[Result \"2-0\"]"), "{out}");
    assert!(out.ends_with(" 2-0\n"), "{out}");

    // Brazilian captures take `x`; --variant states the game type as a tag does.
    let untyped = "1. 9-13 22-18 2. 13x22 27x18 1-0\n";
    let out = round_trip(untyped, Some(Variant::Brazilian), &WriteOptions::default());
    assert!(out.contains("[GameType \"26,W,8,8,A0,0\"]"), "{out}");
    assert_eq!(movetext(&out), "1. a3-b4 d6-c5 2. b4xd6 e7xc5 1-0");
}

#[test]
fn results_keep_the_form_they_were_read_in_unless_asked() {
    let game =
        |result: &str| format!("[GameType \"26\"]\n\n1. 9-13 22-18 2. 13x22 27x18 {result}\n");
    for (written, default, standard, points) in [
        ("2-0", "2-0", "1-0", "2-0"),
        ("0-2", "0-2", "0-1", "0-2"),
        ("1-1", "1-1", "1/2-1/2", "1-1"),
        ("1-0", "1-0", "1-0", "2-0"),
        ("0-1", "0-1", "0-1", "0-2"),
        ("1/2-1/2", "1/2-1/2", "1/2-1/2", "1-1"),
        // The rulebook's marks: `+` wins for the last mover (Black here).
        ("+", "0-1", "0-1", "0-2"),
        ("=", "1/2-1/2", "1/2-1/2", "1-1"),
        ("0-0", "0-0", "0-0", "0-0"),
        ("*", "*", "*", "*"),
    ] {
        let text = game(written);
        for (results, expected) in [
            (None, default),
            (Some(Results::Standard), standard),
            (Some(Results::Points), points),
        ] {
            let out = round_trip(&text, None, &options(Squares::Algebraic, results));
            assert!(
                out.contains(&format!("[Result \"{expected}\"]"))
                    && out.ends_with(&format!(" {expected}\n")),
                "{written} {results:?}: {out}"
            );
        }
    }
}

#[test]
fn the_variant_note_says_when_the_record_could_be_english_checkers() {
    let report = &one(read("1. 11-15 23-19 2. 8-11 22-17 *\n"));
    let note = &report.diagnostics[0];
    assert_eq!(note.code(), "variant");
    assert_eq!(
        note.kind.message(),
        "no GameType tag: read with Russian rules, White moving first; the first move 11-15 \
         could also be Black's in English checkers, which qipu does not read"
    );
    // A numeric position with Black to move, as checkers studies are written.
    let report = &one(read("[FEN \"B:W18,23:B9,K30\"]\n\n1... 9-14 18x9 *\n"));
    assert_eq!(
        report.diagnostics[0].kind.message(),
        "no GameType tag: read with Russian rules, White moving first; the FEN gives Black \
         the move, as English checkers positions do, which qipu does not read"
    );
    // From 21–24 the first mover is White in the top numbering; checkers has no such start.
    let report = &one(read(TOP_NUMBERED));
    assert_eq!(
        report.diagnostics[0].kind.message(),
        "no GameType tag: read with Russian rules, White moving first"
    );
}

/// One error naming English checkers, nothing else, and no record to write.
fn assert_checkers(text: &str, message: &str) {
    let report = &one(read(text));
    assert_eq!(codes(report), ["unsupported-game-type"], "{text}");
    assert_eq!(report.diagnostics[0].kind.message(), message);
    assert!(report.record.is_none());
}

#[test]
fn english_checkers_is_refused_by_name_without_a_cascade() {
    assert_checkers(
        "[GameType \"21\"]\n\n1. 11-15 23-19 *\n",
        "GameType 21 is English draughts (checkers); qipu reads 64-square Russian (25) and Brazilian (26)",
    );
    assert_checkers(
        "[Event \"Scottish Open Checkers\"]\n\n1. 11-15 23-19 2. 8-11 22-17 *\n",
        "the event \"Scottish Open Checkers\" names the game: this is English draughts (checkers) \
         (GameType 21); qipu reads 64-square Russian (25) and Brazilian (26)",
    );
    assert_checkers(
        "[Event \"ACF pool checkers\"]\n\n1. 11-15 *\n",
        "the event \"ACF pool checkers\" names the game: this is American pool checkers \
         (GameType 23); qipu reads 64-square Russian (25) and Brazilian (26)",
    );
    assert_checkers(
        "[FEN \"B:W21-32:B1-12\"]\n\n1. 11-15 23-19 *\n",
        "the FEN gives Black the first move from the starting array: this is English draughts \
         (checkers) (GameType 21); qipu reads 64-square Russian (25) and Brazilian (26)",
    );
    assert_checkers(
        "1. 9-14 22-18 2. 5-9 24-19 *\n",
        "the moves 9-14 22-18 are Black's first move and White's reply: this is English \
         draughts (checkers) (GameType 21), where Black moves first; qipu reads 64-square \
         Russian (25) and Brazilian (26)",
    );
}

#[test]
fn a_stated_variant_overrides_what_only_suggests_checkers() {
    let text = "[Event \"Checkers club, Russian rules night\"]\n\n1. 11-15 22-18 *\n";
    assert!(&one(read(text)).valid());
    let text = "[Event \"Checkers club\"]\n\n1. 11-15 22-18 *\n";
    let report = &one(read_as(text, Some(Variant::Russian)));
    assert!(report.valid(), "{:?}", report.diagnostics);
    // A first move that is illegal for White but is no checkers opening stays an error of
    // the move, with its help.
    let report = &one(read("1. 9-15 22-18 *\n"));
    assert_eq!(codes(report), ["variant", "numbering", "illegal-move"]);
}

/// Reads `text`, checks the record is kept up to the error with the rest as written, and
/// that its PDN reads back to the same moves and the same comment and converts again to
/// the same bytes. Returns the first PDN output.
fn assert_kept(text: &str, error: &str, plies: usize, rest: &str) -> String {
    let report = &one(read(text));
    assert!(codes(report).contains(&error), "{:?}", report.diagnostics);
    assert!(!report.valid());
    let kept = record(report);
    assert_eq!(kept.moves.len(), plies, "{text}");
    assert_eq!(kept.unreplayed.as_deref(), Some(rest), "{text}");
    let out = write(report, Format::Pdn, &WriteOptions::default());
    let collapsed: Vec<&str> = rest.split_whitespace().collect();
    let comment = format!(
        "{{unreplayed: {}}}",
        collapsed.join(" ").replace('{', "(").replace('}', ")")
    );
    assert!(
        out.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .contains(&comment),
        "{comment}\n{out}"
    );
    let again = read(&out);
    let again_report = only(&again);
    assert!(again_report.valid(), "{:?}", again_report.diagnostics);
    assert!(codes(again_report).contains(&"unreplayed-moves"));
    let reread = record(again_report);
    assert_eq!(reread.moves.len(), plies);
    for (a, b) in kept.moves.iter().zip(&reread.moves) {
        assert_eq!(a.mv, b.mv);
        assert_eq!(a.comment, b.comment);
    }
    assert_eq!(
        reread.unreplayed.as_deref(),
        Some(&comment["{unreplayed: ".len()..comment.len() - 1])
    );
    assert_eq!(
        write(again_report, Format::Pdn, &WriteOptions::default()),
        out
    );
    let json = write(report, Format::Json, &WriteOptions::default());
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["unreplayed"], rest);
    out
}

#[test]
fn an_illegal_move_keeps_the_record_and_the_rest_as_written() {
    let text = "[GameType \"25\"]\n\n1. 9-13 22-18 2. 13x22 {forced} 27x18\n3. 12-16 18-14 4. 16-19 {the error} (4. 11-15) 23x16\n5. 10x19 2-0\n";
    let out = assert_kept(
        text,
        "illegal-move",
        6,
        "4. 16-19 {the error} (4. 11-15) 23x16\n5. 10x19",
    );
    assert!(out.contains("[Result \"2-0\"]"), "{out}");
}

#[test]
fn an_ambiguous_capture_keeps_the_record() {
    let text = std::fs::read_to_string("samples/draughts/russian_algebraic_ambiguous.pdn").unwrap();
    let report = &one(read(&text));
    let kept = record(report);
    assert_eq!(kept.moves.len(), 41);
    let rest = kept.unreplayed.as_deref().unwrap();
    assert!(rest.starts_with("f6:h4 {Ply 42"), "{rest}");
    assert!(rest.ends_with("e5:c7"), "{rest}");
    for options in all_options() {
        let first = write(report, Format::Pdn, &options);
        let again = read(&first);
        assert_eq!(write(only(&again), Format::Pdn, &options), first);
    }
}

#[test]
fn an_unparsable_move_keeps_the_record() {
    let text = "[GameType \"25\"]\n\n1. 9-13 22-18 2. 13x22 27x18 3. 9-@ 18-14 *\n";
    assert_kept(text, "unparsable-move", 4, "3. 9-@ 18-14");
    // A move that was not recorded (`-`) is kept the same way.
    let text = "[GameType \"25\"]\n\n1. 9-13 - 2. 13-17 *\n";
    assert_kept(text, "unrecorded-move", 1, "- 2. 13-17");
}

#[test]
fn a_first_move_that_fails_keeps_the_whole_movetext() {
    let text = "[GameType \"25\"]\n\n{A study.} 1. 9-14 22-18 *\n";
    let out = assert_kept(text, "illegal-move", 0, "1. 9-14 22-18");
    assert!(
        out.contains("{A study.} {unreplayed: 1. 9-14 22-18} *"),
        "{out}"
    );
}

#[test]
fn a_fen_that_cannot_be_read_is_kept_as_written_with_the_moves() {
    // A White man on 29 (b8), its promotion row.
    let text = "[GameType \"25,W,8,8,N0,0\"]\n[FEN \"W:W29:B1\"]\n\n1. 29-25 1-5 1-1\n";
    let report = &one(read(text));
    assert!(codes(report).contains(&"bad-fen"), "{:?}", codes(report));
    let kept = record(report);
    assert_eq!(kept.unreplayed.as_deref(), Some("1. 29-25 1-5"));
    let out = write(report, Format::Pdn, &WriteOptions::default());
    assert!(out.contains("[FEN \"W:W29:B1\"]"), "{out}");
    assert!(out.ends_with("{unreplayed: 1. 29-25 1-5} 1-1\n"), "{out}");
}

#[test]
fn a_broken_variation_keeps_the_main_line_and_its_own_text() {
    // The variation's second move is illegal; its first is replayed.
    let text = "[GameType \"25\"]\n\n1. 9-13 (1. 10-14 22-17 2. 14-19) 22-18 2. 13x22 27x18 *\n";
    let report = &one(read(text));
    assert_eq!(codes(report), ["numbering", "illegal-move"]);
    let kept = record(report);
    assert_eq!(kept.moves.len(), 4);
    assert_eq!(kept.unreplayed, None);
    let variation = &kept.moves[0].variations[0];
    assert_eq!(variation.len(), 1);
    assert_eq!(
        variation[0].comment.as_deref(),
        Some("unreplayed: 22-17 2. 14-19")
    );
    // A variation whose first move fails, after a syntax error, stays whole on its move.
    let text = "[GameType \"25\"]\n\n1. 9-13 (1. 9-@ 10-15) 22-18 *\n";
    let report = &one(read(text));
    assert!(
        codes(report).contains(&"syntax-error"),
        "{:?}",
        codes(report)
    );
    let kept = record(report);
    assert_eq!(kept.moves.len(), 2);
    assert!(kept.moves[0].variations.is_empty());
    assert_eq!(
        kept.moves[0].comment.as_deref(),
        Some("unreplayed variation: (1. 9-@ 10-15)")
    );
    for options in all_options() {
        let first = write(report, Format::Pdn, &options);
        let again = read(&first);
        assert_eq!(write(only(&again), Format::Pdn, &options), first);
    }
}

#[test]
fn escape_lines_before_and_after_a_record_are_kept_inside_ones_named() {
    let text = "% collection of 2 games\n[Event \"a\"]\n[GameType \"25\"]\n\n1. 9-13 22-18 2-0\n% end of a\n\n[Event \"b\"]\n[GameType \"25\"]\n% inside b\n\n1. 9-13 22-18 *\n";
    let document = read(text);
    assert_eq!(document.records.len(), 2);
    let first = write(&document.records[0], Format::Pdn, &WriteOptions::default());
    assert!(
        first.starts_with("% collection of 2 games\n[Event \"a\"]"),
        "{first}"
    );
    assert!(first.ends_with(" 2-0\n% end of a\n"), "{first}");
    let second = write(&document.records[1], Format::Pdn, &WriteOptions::default());
    assert!(!second.contains('%'), "{second}");
    let record_of = |i: usize| document.records[i].record.as_ref().unwrap();
    assert!(left_out(record_of(0), Format::Pdn).is_empty());
    assert_eq!(left_out(record_of(1), Format::Pdn), [LeftOut::EscapeLines]);
    assert_eq!(left_out(record_of(0), Format::Json), [LeftOut::EscapeLines]);
    // The whole collection, written as convert joins records, reads back the same.
    let joined = format!("{first}\n{second}");
    let again = read(&joined);
    let rewritten: Vec<String> = again
        .records
        .iter()
        .map(|r| write(r, Format::Pdn, &WriteOptions::default()))
        .collect();
    assert_eq!(rewritten.join("\n"), joined);
    // A record without escape lines leaves nothing out.
    let plain = read("[GameType \"25\"]\n\n1. 9-13 *\n");
    assert!(left_out(plain.records[0].record.as_ref().unwrap(), Format::Json).is_empty());
}

#[test]
fn comments_before_a_move_are_kept_on_the_move_before() {
    let text =
        "[GameType \"25\"]\n\n1. 9-13 22-18 2. {a note} 13x22 27x18 (2... {other} 26x19) *\n";
    let report = &one(read(text));
    let kept = record(report);
    assert_eq!(kept.moves[1].comment.as_deref(), Some("a note"));
    assert_eq!(
        kept.moves[3].variations[0][0].comment.as_deref(),
        Some("other")
    );
    for options in all_options() {
        let out = round_trip(text, None, &options);
        assert!(out.contains("{a note}") && out.contains("{other}"), "{out}");
    }
}

#[test]
fn the_russian_archive_converts_as_read_and_round_trips() {
    // Our own archive in the corpus's shape (no GameType, algebraic squares, CRLF, one
    // game of unrecorded `- -` moves), and the real one when ../shared is there.
    let own = std::fs::read_to_string("tests/fixtures/draughts/russian/archive.pdn").unwrap();
    converts_as_read(&own, 5, 2);
    if let Some(path) = corpus::corpus("draughts/russian/abatsiev.pdn", "the 1965 Russian archive")
    {
        converts_as_read(&std::fs::read_to_string(path).unwrap(), 56, 35);
    }
}

/// `text`, an archive of `games` games without GameType whose game `unrecorded` starts
/// with moves that were not recorded, converts with its squares, captures and results as
/// written, and converts again to the same bytes.
fn converts_as_read(text: &str, games: usize, unrecorded: usize) {
    let document = read(text);
    assert_eq!(document.records.len(), games);
    for (index, report) in document.records.iter().enumerate() {
        // No GameType: algebraic squares, `x` captures and `1-0` results stay as written.
        let kept = record(report);
        assert!(!kept.extra.game_type_stated);
        let out = write(
            report,
            Format::Pdn,
            &options(Squares::Numeric, Some(Results::Points)),
        );
        assert!(!out.contains("GameType"), "{out}");
        let written = kept.extra.result.map_or("*", |r| r.as_str());
        assert_eq!(
            out.split_whitespace().last(),
            Some(written),
            "{index}: {out}"
        );
        let again = read(&out);
        let again = only(&again);
        let second = write(
            again,
            Format::Pdn,
            &options(Squares::Numeric, Some(Results::Points)),
        );
        assert_eq!(out, second, "record {index}");
        if report.valid() {
            // Every written move replayed: none is left as text.
            assert_eq!(kept.unreplayed, None, "record {index}");
            for node in &kept.moves {
                // A from–to move is written back in the record's squares; a full capture
                // path is kept as written.
                if node.text.split(['x', ':', '-']).count() == 2 {
                    assert_eq!(node.mv.notation_with(kept.extra.squares, 'x'), node.text);
                }
                assert_eq!(node.text, &document.text[node.span.clone()]);
            }
        } else {
            // That game's moves cannot be replayed: all of it stays text.
            assert_eq!(index, unrecorded);
            assert!(kept.moves.is_empty());
            assert!(out.contains("{unreplayed: "), "{out}");
        }
    }
}

/// Draughts records mutated at random (bytes changed, dropped, inserted, repeated): every
/// record kept, valid or not, writes as PDN, reads back, and writes again to the same
/// bytes, in every square and result choice; what could not be replayed is carried along.
#[test]
fn mutated_records_kept_valid_or_not_round_trip() {
    let mut originals: Vec<Vec<u8>> = Vec::new();
    for file in [
        "samples/draughts/russian_numeric_promotion.pdn",
        "samples/draughts/brazilian_top_numbering_fen.pdn",
        "samples/draughts/russian_algebraic_ambiguous.pdn",
        "samples/draughts/brazilian_numeric.pdn",
    ] {
        originals.push(std::fs::read(file).unwrap());
    }
    originals.push(
        b"% head\n[Event \"a\"]\n\n1. 11-15 (1. 9-13 22-18 {x}) 22-18 2. 15x22 25x18 1-0\n% tail\n"
            .to_vec(),
    );
    let mut rng = rng::Rng(0x0D8A_0647_5EED);
    let (mut invalid, mut unreplayed) = (0, 0);
    for round in 0..3000 {
        let mut bytes = originals[rng.below(originals.len())].clone();
        for _ in 0..1 + rng.below(6) {
            if bytes.is_empty() {
                break;
            }
            let at = rng.below(bytes.len());
            match rng.below(4) {
                0 => bytes[at] = b"0123456789x-:(){} "[rng.below(18)],
                1 => {
                    bytes.remove(at);
                }
                2 => bytes.insert(at, b"()x-:{}%\n"[rng.below(9)]),
                _ => {
                    let end = (at + rng.below(30)).min(bytes.len());
                    let chunk = bytes[at..end].to_vec();
                    bytes.splice(at..at, chunk);
                }
            }
        }
        let Ok(text) = String::from_utf8(bytes) else {
            continue;
        };
        let variant = [None, Some(Variant::Russian)][rng.below(2)];
        let document = read_as(&text, variant);
        for report in &document.records {
            if report.record.is_none() {
                continue;
            }
            invalid += usize::from(!report.valid());
            unreplayed += usize::from(record(report).unreplayed.is_some());
            let options = all_options().swap_remove(rng.below(6));
            let first = write(report, Format::Pdn, &options);
            let again = read_as(&first, variant);
            assert_eq!(
                again.records.len(),
                1,
                "round {round}:\n{text}\n---\n{first}"
            );
            let back = &again.records[0];
            let Some(_) = &back.record else {
                panic!("round {round}: {:?}\n{first}", back.diagnostics);
            };
            let second = write(back, Format::Pdn, &options);
            assert_eq!(first, second, "round {round}:\n{text}");
        }
    }
    assert!(
        invalid > 300 && unreplayed > 300,
        "{invalid} invalid, {unreplayed} unreplayed"
    );
}

#[test]
fn a_position_keeps_its_move_number_and_its_other_fen_fields() {
    // As lidraughts writes a position: the clock fields after the piece lists.
    let text = "[GameType \"25\"]\n[FEN \"B:W10,14:B22,26:H0:F12\"]\n\n12... 22-18 13. 14x30 *\n";
    assert!(one(read(text)).valid());
    for options in all_options() {
        let out = round_trip(text, None, &options);
        assert!(out.contains(":H0:F12\"]"), "{out}");
        assert!(movetext(&out).starts_with("12... "), "{out}");
    }
    let out = pdn(text, None, &options(Squares::Numeric, None));
    assert!(out.contains("[FEN \"B:W10,14:B22,26:H0:F12\"]"), "{out}");
}

#[test]
fn a_variation_of_comments_only_stays_text() {
    let text = "[GameType \"25\"]\n\n1. 9-13 ( {or anything} ) 22-18 *\n";
    let report = &one(read(text));
    let kept = record(report);
    assert!(kept.moves[0].variations.is_empty());
    assert_eq!(
        kept.moves[0].comment.as_deref(),
        Some("unreplayed variation: ({or anything})")
    );
    let out = round_trip(text, None, &WriteOptions::default());
    assert!(
        out.contains("{unreplayed variation: ((or anything))}"),
        "{out}"
    );
}

#[test]
fn json_notation_is_the_move_as_pdn_output_writes_it() {
    let notation = |text: &str, variant: Option<Variant>| -> Vec<String> {
        let json = write(
            &one(read_as(text, variant)),
            Format::Json,
            &WriteOptions::default(),
        );
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        value["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["notation"].as_str().unwrap().to_string())
            .collect()
    };
    // Assumed: as read; `path` stays in rulebook numbers all the same.
    assert_eq!(notation(TOP_NUMBERED, None)[4], "24x15");
    let json = write(
        &one(read(TOP_NUMBERED)),
        Format::Json,
        &WriteOptions::default(),
    );
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["moves"][4]["path"], serde_json::json!([12, 19]));
    // Stated Russian: algebraic with `:`.
    assert_eq!(notation(TOP_NUMBERED, Some(Variant::Russian))[4], "g3:e5");
}

#[test]
fn the_command_line_takes_squares_and_results() {
    let (out, _, _) = qipu(&[
        "convert",
        "--to",
        "pdn",
        "--squares",
        "numeric",
        "--results",
        "standard",
        "samples/draughts/russian_numeric_promotion.pdn",
    ]);
    assert!(out.contains("[GameType \"25,W,8,8,N0,0\"]"), "{out}");
    assert!(out.contains("[Result \"1-0\"]"), "{out}");
    assert_eq!(out.split_whitespace().last(), Some("1-0"), "{out}");
    assert!(
        out.starts_with("[Event") && out.contains("1. 12-16 22-19"),
        "{out}"
    );
}

#[test]
fn a_result_ending_a_variation_is_named_as_left_out_and_trailing_comments_kept() {
    let text = "[GameType \"25\"]\n\n1. 9-13 (1. 12-16 21-17 2-0) 22-18 2. {the end} *\n";
    let document = read(text);
    let report = only(&document);
    let kept = record(report);
    assert_eq!(kept.moves[1].comment.as_deref(), Some("the end"));
    let any = report.record.as_ref().unwrap();
    assert_eq!(left_out(any, Format::Pdn), [LeftOut::VariationResults]);
    assert_eq!(left_out(any, Format::Json), [LeftOut::VariationResults]);
    let out = round_trip(text, None, &WriteOptions::default());
    assert!(out.contains("{the end}"), "{out}");
}

#[test]
fn a_variation_result_in_the_unreplayed_text_is_not_left_out() {
    let text = "[GameType \"25\"]\n\n1. 9-13 22-18 2. 9-14 (2. 12-16 21-17 2-0) *\n";
    let document = read(text);
    let report = only(&document);
    assert_eq!(
        record(report).unreplayed.as_deref(),
        Some("2. 9-14 (2. 12-16 21-17 2-0)")
    );
    assert!(left_out(report.record.as_ref().unwrap(), Format::Pdn).is_empty());
}
