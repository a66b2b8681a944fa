//! The properties the fuzz targets check, one function each, shared with
//! tests/it/fuzz_properties.rs (which includes this file with `#[path]`), so that the
//! libFuzzer runs and the deterministic run of `cargo test` check the same things. Every
//! function panics with a message saying what failed and where.

use std::io::{self, Read};

use qipu::diag::{Diagnostic, Severity};
use qipu::draughts::{PdnOptions, Results, Squares};
use qipu::lang::Lang;
use qipu::shatar::{Notation, TextOptions};
use qipu::stream::DocumentStream;
use qipu::write::{left_out, write_record, Format, Pieces};
use qipu::write::{WriteError, WriteOptions};
use qipu::{read_document, AnyRecord, Document, Game, ReadOptions};

/// The binary's human renderer, compiled in here: it uses only qipu's public API.
#[allow(dead_code)]
#[path = "../../src/cli/render.rs"]
mod render;

/// The tests' generator and diagnostic locator, compiled in here from their helpers.
#[path = "../../tests/it/support/located.rs"]
mod located;
#[path = "../../tests/it/support/rng.rs"]
pub(crate) mod rng;
use rng::Rng;

pub const GAMES: [Game; 3] = [Game::Shatar, Game::Draughts, Game::Go];

/// `bytes` read as `game`, records kept, as `validate --game` and `convert` read them.
pub fn read(bytes: &[u8], game: Game) -> Document {
    let options = ReadOptions {
        game: Some(game),
        keep_records: true,
        ..ReadOptions::default()
    };
    read_document("fuzz", bytes, &options)
}

/// The reader's contract: at least one record, indices counted from 0, the forced game
/// kept, and every span (of records and of diagnostics) inside the text and on
/// character boundaries.
pub fn check_read(bytes: &[u8], game: Game) -> Document {
    let document = read(bytes, game);
    assert!(!document.records.is_empty(), "{game:?}: no record reported");
    assert_eq!(document.game, Some(game), "the forced game was not kept");
    let text = &document.text;
    let in_text = |span: &std::ops::Range<usize>| {
        span.start <= span.end
            && span.end <= text.len()
            && text.is_char_boundary(span.start)
            && text.is_char_boundary(span.end)
    };
    for (i, report) in document.records.iter().enumerate() {
        assert_eq!(report.index, i, "{game:?}: record indices out of order");
        assert!(
            report.game.is_none_or(|g| g == game),
            "{game:?}: a record read as {:?}",
            report.game
        );
        assert!(
            in_text(&report.span),
            "{game:?}: record span {:?}",
            report.span
        );
        for diagnostic in &report.diagnostics {
            if let Some(span) = &diagnostic.span {
                assert!(
                    in_text(span),
                    "{game:?}: span {span:?} of {} in a text of {} bytes",
                    diagnostic.code(),
                    text.len()
                );
            }
        }
    }
    document
}

/// Everything a diagnostic is shown with, through the library (line and column, the text
/// it points at, message, help, the JSON object) and through the binary's renderer in
/// both styles, must be computed without panicking, and what the span covers is shown.
pub fn check_diagnostics(document: &Document) {
    for report in &document.records {
        for diagnostic in &report.diagnostics {
            let located = diagnostic.located(&document.text, &document.lines);
            let at = located.line_col();
            assert_eq!(at.is_some(), diagnostic.span.is_some());
            if let Some((line, column)) = at {
                assert!(
                    line >= 1 && column >= 1,
                    "{}: {line}:{column}",
                    diagnostic.code()
                );
            }
            assert_eq!(located.snippet().is_some(), diagnostic.span.is_some());
            assert!(
                !diagnostic.kind.message().is_empty(),
                "{}",
                diagnostic.code()
            );
            let _ = diagnostic.kind.help();
            assert!(!diagnostic.to_string().is_empty());
            let json = serde_json::to_string(&located).expect("a diagnostic serialises");
            let _: serde_json::Value = serde_json::from_str(&json).expect("its JSON reads");
        }
        let note = Diagnostic::new(
            Severity::Note,
            qipu::diag::Kind::File(qipu::diag::FileIssue::NotARecordFile),
            Some(report.span.clone()),
        );
        for style in [render::Style::Plain, render::Style::Styled] {
            for lang in Lang::ALL {
                let _ = render::record_note(document, report, &note, style, lang);
            }
        }
    }
    for style in [render::Style::Plain, render::Style::Styled] {
        for lang in Lang::ALL {
            let human = render::human_report(document, style, lang);
            assert!(!human.is_empty(), "the human report is empty");
            let _ = render::human_errors(document, style, lang);
        }
    }
    for lang in Lang::ALL {
        let json = qipu::json::report_lines_in(document, |_| true, lang);
        for line in json.lines() {
            let _: serde_json::Value = serde_json::from_str(line).expect("a JSON Lines report");
        }
    }
}

/// The writers of one family with every option set that changes what they write.
fn writers(game: Game) -> Vec<(Format, WriteOptions)> {
    let default = WriteOptions::default();
    match game {
        Game::Shatar => {
            let mut all = vec![(Format::Pgn, default.clone()), (Format::Json, default)];
            for notation in [Notation::Full, Notation::Short] {
                for pieces in [Pieces::Latin, Pieces::Zh] {
                    let options = WriteOptions::default().with(TextOptions { notation, pieces });
                    all.push((Format::Text, options));
                }
            }
            all
        }
        Game::Draughts => {
            let mut all = Vec::new();
            for squares in [Squares::Algebraic, Squares::Numeric] {
                for results in [None, Some(Results::Standard), Some(Results::Points)] {
                    let options = WriteOptions::default().with(PdnOptions { squares, results });
                    all.push((Format::Pdn, options.clone()));
                    all.push((Format::Json, options));
                }
            }
            all
        }
        Game::Go => vec![
            (Format::Sgf, default.clone()),
            (Format::Json, default.clone()),
            (Format::Text, default),
        ],
        other => panic!("no writers known for {other:?}"),
    }
}

/// Formats qipu writes for the family but does not read: JSON, and Go's text form.
fn output_only(game: Game, format: Format) -> bool {
    format == Format::Json || (game == Game::Go && format == Format::Text)
}

/// The format qipu reads back for the family (JSON is output only).
fn native(game: Game) -> Format {
    match game {
        Game::Shatar => Format::Pgn,
        Game::Draughts => Format::Pdn,
        Game::Go => Format::Sgf,
        other => panic!("no format known for {other:?}"),
    }
}

fn write(record: &AnyRecord, format: Format, options: &WriteOptions) -> String {
    write_record(record, "fuzz", 0, format, options)
        .unwrap_or_else(|e| panic!("the family's own writer refuses a record: {e}"))
}

/// The one record that `written` reads back as.
fn read_back(written: &str, game: Game, what: &str) -> AnyRecord {
    let again = read(written.as_bytes(), game);
    let mut records: Vec<AnyRecord> = again.records.into_iter().filter_map(|r| r.record).collect();
    match (records.pop(), records.len()) {
        (Some(record), 0) => record,
        (_, n) => panic!(
            "{what}: written as\n{written:?}\nreads back as {} records",
            n + 1
        ),
    }
}

/// Read → write → read → write gives the same bytes twice, for every record read and every
/// writer and option set of its family. JSON, which qipu does not read, is carried by the
/// family's own format: the record read back from it and the one read back from that
/// record's own rewrite give the same JSON. Every record is also offered to every other
/// format, which must refuse it by name, and `left_out` must answer for every format.
pub fn check_round_trips(document: &Document, game: Game) {
    for report in &document.records {
        let Some(record) = &report.record else {
            continue;
        };
        for format in Format::all() {
            let _ = left_out(record, format);
            let own = writers(game).iter().any(|(f, _)| *f == format);
            let written = write_record(record, "fuzz", 0, format, &WriteOptions::default());
            match written {
                Ok(_) => assert!(own, "{game:?} written as {format:?}"),
                Err(WriteError::Unsupported { game: g, format: f }) => {
                    assert!(
                        !own && g == game && f == format,
                        "{game:?} refused as {format:?}"
                    );
                }
            }
        }
        for (format, options) in writers(game) {
            let what = format!("record {} as {format:?} {options:?}", report.index);
            let carrier = if output_only(game, format) {
                native(game)
            } else {
                format
            };
            let carried = |record: &AnyRecord| {
                let written = write(record, carrier, &options);
                (read_back(&written, game, &what), written)
            };
            let (first, written) = carried(record);
            assert!(
                !written.contains(qipu::text::is_unwritable_control),
                "{what}: a control character written: {written:?}"
            );
            let (second, rewritten) = carried(&first);
            if output_only(game, format) {
                let (a, b) = (
                    write(&first, format, &options),
                    write(&second, format, &options),
                );
                assert_eq!(a, b, "{what}: the output differs after a second round trip");
            }
            if format == Format::Json {
                let a = write(&first, format, &options);
                assert!(
                    a.ends_with('\n') && a.lines().count() == 1,
                    "{what}: not one line"
                );
                let _: serde_json::Value =
                    serde_json::from_str(&a).unwrap_or_else(|e| panic!("{what}: {e}\n{a}"));
            } else if !output_only(game, format) {
                assert_eq!(
                    written, rewritten,
                    "{what}: the second write differs from the first"
                );
            }
        }
    }
}

/// A reader that hands out its bytes in pieces of random size, as pipes and sockets do.
struct Trickle<'a> {
    bytes: &'a [u8],
    rng: Rng,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let most = buffer.len().min(self.bytes.len());
        if most == 0 {
            return Ok(0);
        }
        // Mostly small pieces, now and then a large one.
        let n = match self.rng.below(4) {
            0 => 1 + self.rng.below(most),
            _ => 1 + self.rng.below(most.min(7)),
        };
        buffer[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// What a record's comparison between a streamed and a whole read covers: its index,
/// game and plies, and every diagnostic's code, line and column.
type Summary = (
    usize,
    Option<Game>,
    u32,
    Vec<(&'static str, Option<(usize, usize)>)>,
);

fn summaries(document: &Document) -> impl Iterator<Item = Summary> + '_ {
    document.records.iter().map(move |report| {
        let diagnostics = located::diagnostics_at(document, report);
        (report.index, report.game, report.plies, diagnostics)
    })
}

/// `qipu::stream::DocumentStream` over a reader that returns the bytes in random-sized
/// pieces reads the same records as `qipu::read_document` on the whole input.
pub fn check_stream(bytes: &[u8], game: Option<Game>, seed: u64) {
    let options = ReadOptions {
        game,
        ..ReadOptions::default()
    };
    let whole = read_document("fuzz", bytes, &options);
    let expected: Vec<Summary> = summaries(&whole).collect();
    let reader = Trickle {
        bytes,
        rng: Rng(seed | 1),
    };
    let mut stream = DocumentStream::new("fuzz", reader, &options);
    let mut streamed = Vec::new();
    let mut pieces = 0;
    while let Some(document) = stream.next_document().expect("reading from memory") {
        streamed.extend(summaries(&document));
        pieces += 1;
    }
    if streamed != expected {
        let at = streamed
            .iter()
            .zip(&expected)
            .position(|(a, b)| a != b)
            .unwrap_or(streamed.len().min(expected.len()));
        panic!(
            "{game:?}: streamed {} records in {pieces} pieces, whole {}; first difference at {at}:\nstreamed {:?}\n   whole {:?}",
            streamed.len(),
            expected.len(),
            streamed.get(at),
            expected.get(at)
        );
    }
}

/// The bytes repeated (a blank line between copies) to at least `len` bytes, so that the
/// stream cuts the input into several pieces.
pub fn repeated(bytes: &[u8], len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len + bytes.len() + 2);
    while out.len() < len && !bytes.is_empty() {
        out.extend_from_slice(bytes);
        out.extend_from_slice(b"\n\n");
    }
    out
}

/// Games the engines play themselves, a move chosen by each byte of `choices` among the
/// legal ones, written in the family's notation: reading them back, every move replays
/// and nothing is an error. Returns the plies played, summed over the three games.
pub fn check_replay(choices: &[u8]) -> u32 {
    let Some((&first, choices)) = choices.split_first() else {
        return 0;
    };
    let (shatar, shatar_plies) = shatar_game(choices);
    expect_replayed(&shatar, Game::Shatar, shatar_plies);
    let variant = if first & 1 == 0 {
        qipu::draughts::Variant::Russian
    } else {
        qipu::draughts::Variant::Brazilian
    };
    let (draughts, draughts_plies) = draughts_game(choices, variant);
    expect_replayed(&draughts, Game::Draughts, draughts_plies);
    let (go, go_plies) = go_game(first, choices);
    expect_replayed(&go, Game::Go, go_plies);
    shatar_plies + draughts_plies + go_plies
}

fn expect_replayed(text: &str, game: Game, plies: u32) {
    let document = check_read(text.as_bytes(), game);
    let [report] = &document.records[..] else {
        panic!("{game:?}: {} records in\n{text}", document.records.len());
    };
    let errors: Vec<&str> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(Diagnostic::code)
        .collect();
    assert!(
        errors.is_empty() && report.plies == plies,
        "{game:?}: {} of {plies} plies replayed, errors {errors:?}, in\n{text}",
        report.plies
    );
}

/// A Shatar game in SAN from the starting position, and its length in plies.
fn shatar_game(choices: &[u8]) -> (String, u32) {
    let mut position = qipu::shatar::Position::new();
    let mut text = String::from("[Variant \"Shatar\"]\n\n");
    let mut plies = 0;
    for &choice in choices {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(choice) % moves.len()];
        if plies % 2 == 0 {
            text.push_str(&format!("{}. ", plies / 2 + 1));
        }
        text.push_str(&position.san(mv));
        text.push(' ');
        position.play(mv);
        plies += 1;
    }
    text.push_str("*\n");
    (text, plies)
}

/// A draughts game in PDN with algebraic squares, every landing square of a capture
/// written, and its length in plies.
fn draughts_game(choices: &[u8], variant: qipu::draughts::Variant) -> (String, u32) {
    use qipu::draughts::{Position, Variant};
    let game_type = match variant {
        Variant::Russian => 25,
        Variant::Brazilian => 26,
    };
    let mut position = Position::initial();
    let mut text = format!("[GameType \"{game_type}\"]\n\n");
    let mut plies = 0;
    for &choice in choices {
        let moves = position.legal_moves(variant);
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(choice) % moves.len()];
        if plies % 2 == 0 {
            text.push_str(&format!("{}. ", plies / 2 + 1));
        }
        let separator = if mv.is_capture() { ":" } else { "-" };
        let squares: Vec<String> = mv.path().iter().map(ToString::to_string).collect();
        text.push_str(&squares.join(separator));
        text.push(' ');
        position.play(&mv);
        plies += 1;
    }
    text.push_str("*\n");
    (text, plies)
}

/// A Go game in SGF on a board of 2 to 19 lines, each pair of bytes a point (or a pass),
/// points the board refuses left out, and its length in plies.
fn go_game(size: u8, choices: &[u8]) -> (String, u32) {
    use qipu::go::{Board, Color, Point};
    let size = 2 + size % 18;
    let mut board = Board::new(u32::from(size), u32::from(size)).expect("2 to 19 lines");
    let mut text = format!("(;GM[1]FF[4]SZ[{size}]");
    let mut color = Color::Black;
    let mut plies = 0;
    for pair in choices.chunks_exact(2) {
        // One pair in sixteen is a pass.
        if pair[0] % 16 == 15 {
            board.pass(color);
            text.push_str(&format!(";{}[]", color.letter()));
        } else {
            let point = Point::new(pair[0] % size, pair[1] % size);
            if board.play(color, point).is_err() {
                continue;
            }
            text.push_str(&format!(";{}[{point}]", color.letter()));
        }
        color = color.opponent();
        plies += 1;
    }
    text.push_str(")\n");
    (text, plies)
}
