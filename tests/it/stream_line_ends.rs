//! Streaming cuts large inputs at record boundaries whatever their line ends: LF, CRLF
//! or CR alone. Each family's fixtures are repeated into an input of several pieces, its
//! line ends rewritten; the streamed documents must be more than one and their records
//! must equal a whole read (index, plies, validity, start and every diagnostic located).

use qipu::stream::DocumentStream;
use qipu::{read_document, Document, Game, ReadOptions, RecordReport};

use crate::support::fixtures;
use crate::support::located;

/// Text pieces are cut after 1 MB, SGF pieces after 64 KB.
fn target_len(game: Game) -> usize {
    match game {
        Game::Go => 300 << 10,
        _ => 3 << 20,
    }
}

/// `one` (records separated by blank lines, LF line ends) repeated to `len` bytes, with
/// its line ends written as `end`.
fn archive(one: &str, len: usize, end: &str) -> Vec<u8> {
    let one = one.replace("\r\n", "\n");
    let mut big = String::new();
    while big.len() < len {
        big.push_str(&one);
        big.push('\n');
    }
    big.replace('\n', end).into_bytes()
}

fn fixture(path: &str) -> String {
    std::fs::read_to_string(fixtures::fixture(path)).expect("fixture")
}

/// The Go fixtures (variations, passes, handicap, comments, corrupted copies), one
/// collection.
fn go_collection() -> String {
    let mut names: Vec<_> = ["go/random", "go/corrupted"]
        .iter()
        .flat_map(|folder| std::fs::read_dir(fixtures::fixture(folder)).unwrap())
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "sgf"))
        .collect();
    names.sort();
    names
        .iter()
        .map(|name| std::fs::read_to_string(name).unwrap() + "\n")
        .collect()
}

/// Rulebook scoresheets, from the samples: the only Shatar text shape with no tags.
fn scoresheets() -> String {
    [
        "zh-full.txt",
        "zh-short.txt",
        "latin-full.txt",
        "rulebook-full.txt",
    ]
    .iter()
    .map(|name| std::fs::read_to_string(fixtures::sample("shatar").join(name)).unwrap() + "\n")
    .collect()
}

/// A record's index, plies, validity, start, and each diagnostic's code and position.
type Summary = (
    usize,
    u32,
    bool,
    (usize, usize),
    Vec<(&'static str, Option<(usize, usize)>)>,
);

fn summary(document: &Document, report: &RecordReport) -> Summary {
    let start = document.lines.line_col(&document.text, report.span.start);
    (
        report.index,
        report.plies,
        report.valid(),
        start,
        located::diagnostics_at(document, report),
    )
}

/// Streams `bytes` and compares with a whole read; returns how many documents came out.
fn streamed_like_whole(name: &str, game: Game, bytes: &[u8]) -> usize {
    let options = ReadOptions {
        game: Some(game),
        ..ReadOptions::default()
    };
    let whole = read_document(name, bytes, &options);
    let expected: Vec<Summary> = whole.records.iter().map(|r| summary(&whole, r)).collect();
    let mut stream = DocumentStream::new(name, bytes, &options);
    let mut streamed = Vec::new();
    let mut documents = 0;
    while let Some(document) = stream.next_document().unwrap() {
        documents += 1;
        assert_eq!(document.encoding, whole.encoding, "{name}");
        streamed.extend(document.records.iter().map(|r| summary(&document, r)));
    }
    assert!(expected.len() > 20, "{name}: {} records", expected.len());
    assert_eq!(streamed.len(), expected.len(), "{name}: record count");
    for (got, want) in streamed.iter().zip(&expected) {
        assert_eq!(got, want, "{name}");
    }
    documents
}

fn every_line_end(name: &str, game: Game, one: &str) {
    for (style, end) in [("LF", "\n"), ("CRLF", "\r\n"), ("CR", "\r")] {
        let bytes = archive(one, target_len(game), end);
        let documents = streamed_like_whole(&format!("{name} ({style})"), game, &bytes);
        assert!(documents >= 3, "{name} ({style}): {documents} documents");
    }
}

#[test]
fn shatar_pgn_is_cut_whatever_the_line_ends() {
    every_line_end(
        "shatar.pgn",
        Game::Shatar,
        &fixture("shatar/random_games.pgn"),
    );
}

#[test]
fn shatar_scoresheets_are_cut_whatever_the_line_ends() {
    every_line_end("shatar.txt", Game::Shatar, &scoresheets());
}

#[test]
fn draughts_pdn_is_cut_whatever_the_line_ends() {
    let mut pdn = fixture("draughts/russian_random.pdn");
    pdn.push('\n');
    pdn.push_str(&fixture("draughts/russian_corrupted.pdn"));
    every_line_end("russian.pdn", Game::Draughts, &pdn);
}

#[test]
fn go_collections_are_cut_whatever_the_line_ends() {
    every_line_end("collection.sgf", Game::Go, &go_collection());
}

/// A UTF-8 input whose 64 KB sample is ASCII but for a character cut by the sample's
/// end: the sample decides the encoding, and must not take the cut character for a
/// malformed one (a sample with no other non-ASCII would then not be UTF-8).
#[test]
fn a_sample_cut_inside_a_character_stays_utf8() {
    const SAMPLE: usize = 64 << 10;
    let ascii = "[Event \"a\"]\n[White \"b\"]\n[Black \"c\"]\n\n1. e4 e5 *\n\n";
    let mut text = String::new();
    while text.len() + ascii.len() < SAMPLE - 100 {
        text.push_str(ascii);
    }
    // `张` starts one byte before the sample's end.
    let white_at = text.len() + "[White \"".len();
    let name_len = SAMPLE - 1 - white_at - "\"]\n[Black \"".len();
    text.push_str(&format!(
        "[White \"{}\"]\n[Black \"张三\"]\n\n1. d4 d5 *\n\n",
        "w".repeat(name_len)
    ));
    assert!(!text.is_char_boundary(SAMPLE) && text.is_char_boundary(SAMPLE - 1));
    let game = "[Event \"Улсын аварга\"]\n[White \"Батбаяр\"]\n[Black \"张三\"]\n\n1. e4 e5 *\n\n";
    while text.len() < 3 << 20 {
        text.push_str(game);
    }
    let options = ReadOptions {
        game: Some(Game::Shatar),
        ..ReadOptions::default()
    };
    let mut stream = DocumentStream::new("cut.pgn", text.as_bytes(), &options);
    let mut records = 0;
    while let Some(document) = stream.next_document().unwrap() {
        assert_eq!(document.encoding, "UTF-8");
        for report in &document.records {
            records += 1;
            assert!(report
                .diagnostics
                .iter()
                .all(|d| d.code() != "bad-encoding"));
        }
    }
    assert!(records > 1000);
}

/// A declared charset wins over the sample as in a whole read.
#[test]
fn a_declared_charset_wins_in_a_stream() {
    let (game, _, _) =
        encoding_rs::GB18030.encode("(;GM[1]FF[4]CA[GB2312]PB[张三]PW[李四];B[pd];W[dp])\n");
    let mut bytes = Vec::new();
    while bytes.len() < 200 << 10 {
        bytes.extend_from_slice(&game);
    }
    let options = ReadOptions {
        game: Some(Game::Go),
        ..ReadOptions::default()
    };
    let mut stream = DocumentStream::new("gb.sgf", &bytes[..], &options);
    let mut documents = 0;
    while let Some(document) = stream.next_document().unwrap() {
        documents += 1;
        assert_eq!(document.encoding, "GB18030");
        assert!(document.text.contains("张三"));
    }
    assert!(documents >= 2);
}
