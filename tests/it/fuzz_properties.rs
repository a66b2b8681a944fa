//! The fuzz targets' properties (fuzz/src/properties.rs), run on stable over a fixed set
//! of inputs: the samples and real-shaped fixtures whole, deterministic mutations of them
//! (tests/it/support/mutate.rs) and pseudo-random bytes, so that `cargo test` checks in a few
//! seconds what `cargo +nightly fuzz run` checks for hours. Inputs a fuzz run found are
//! kept at the end as regression cases.

use crate::support::mutate;
#[path = "../../fuzz/src/properties.rs"]
mod properties;

// The properties' copy of tests/it/support/rng.rs.
use properties::rng;
use properties::GAMES;
use qipu::Game;
use rng::Rng;

/// Mutated copies of the package's own files per property (and a third as many of the
/// corpus's, when it is beside the package).
const MUTATED: usize = 300;

/// The originals whole, then mutated copies of those up to 16 KB, then random bytes
/// (half of them from the characters that matter to the grammars).
fn inputs(seed: u64) -> Vec<Vec<u8>> {
    let originals = mutate::originals("fuzz properties");
    let mut all = originals.own.clone();
    all.extend(originals.mutated(MUTATED, MUTATED / 3, 16 * 1024, seed));
    let alphabet = "()[];:-x—：马虎e2e4d7d5Nf3BW+#?!{}%$1/2 \n\t0123456789abcdefgh白方蓝方AB[aa]";
    let alphabet = alphabet.as_bytes();
    let mut rng = Rng(seed ^ 0x9E37_79B9_7F4A_7C15);
    for round in 0..100 {
        let len = rng.below(300);
        all.push(
            (0..len)
                .map(|_| match round % 2 {
                    0 => rng.next() as u8,
                    _ => alphabet[rng.below(alphabet.len())],
                })
                .collect(),
        );
    }
    all
}

#[test]
fn read_as_each_family() {
    for bytes in inputs(0x5EAD_0001) {
        for game in GAMES {
            properties::check_read(&bytes, game);
        }
    }
}

#[test]
fn every_diagnostic_renders() {
    for bytes in inputs(0x5EAD_0002) {
        for game in GAMES {
            properties::check_diagnostics(&properties::read(&bytes, game));
        }
    }
}

#[test]
fn round_trips_give_the_same_bytes() {
    for bytes in inputs(0x5EAD_0003) {
        for game in GAMES {
            properties::check_round_trips(&properties::read(&bytes, game), game);
        }
    }
}

#[test]
fn streaming_equals_a_whole_read() {
    for (i, bytes) in inputs(0x5EAD_0004).iter().enumerate() {
        let seed = i as u64 + 1;
        for game in [None, Some(Game::Shatar), Some(Game::Draughts)] {
            properties::check_stream(bytes, game, seed);
        }
        // Repeated past two pieces, so that the stream cuts the SGF.
        properties::check_stream(
            &properties::repeated(bytes, 2 * 64 * 1024 + 1),
            Some(Game::Go),
            seed,
        );
    }
}

/// Text pieces are 1 MB: a few inputs repeated past two of them, so that Shatar and
/// draughts streams are cut too.
#[test]
fn streaming_equals_a_whole_read_across_pieces() {
    let originals = mutate::originals("fuzz properties");
    let mut inputs = originals.own.clone();
    inputs.extend(originals.mutated(4, 0, 16 * 1024, 0x5EAD_0005));
    let mut rng = Rng(0x5EAD_0006);
    for _ in 0..6 {
        let bytes = &inputs[rng.below(inputs.len())];
        let big = properties::repeated(bytes, 2 << 20);
        for game in [None, Some(Game::Shatar), Some(Game::Draughts)] {
            properties::check_stream(&big, game, rng.next());
        }
    }
}

/// The Go archive files (GIB, NGF, UGF, UGI) whole, cut after every tenth byte, and
/// mutated: read as every family, their diagnostics rendered, their round trips and
/// their streams as the other inputs'. They are kept out of the shared originals, whose
/// draws the other properties' fixed seeds depend on.
#[test]
fn archive_formats_hold_every_property() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/go/formats");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| {
            path.extension()
                .is_some_and(|e| e != "expect" && e != "tree")
        })
        .collect();
    paths.sort();
    let files: Vec<Vec<u8>> = paths
        .iter()
        .map(|p| std::fs::read(p).expect("file"))
        .collect();
    assert_eq!(files.len(), 14, "the archive fixtures");
    let mut inputs = files.clone();
    for file in &files {
        inputs.extend((1..file.len()).step_by(10).map(|end| file[..end].to_vec()));
    }
    let archives = mutate::Originals {
        own: files,
        shared: Vec::new(),
    };
    inputs.extend(archives.mutated(300, 0, usize::MAX, 0x5EAD_0009));
    for (i, bytes) in inputs.iter().enumerate() {
        for game in GAMES {
            let document = properties::check_read(bytes, game);
            properties::check_diagnostics(&document);
            properties::check_round_trips(&document, game);
        }
        properties::check_stream(bytes, None, i as u64 + 1);
    }
}

#[test]
fn engines_games_replay() {
    let mut rng = Rng(0x5EAD_0007);
    let mut plies = 0;
    for _ in 0..300 {
        let len = rng.below(400);
        let choices: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        plies += properties::check_replay(&choices);
    }
    assert!(plies > 50_000, "only {plies} plies played");
}

/// Found by `cargo fuzz run read_go` (minimised): an unknown `CA` label over bytes then
/// detected as UTF-16LE. The label's span indexed the bytes, so in the decoded text it
/// ended inside a character and `validate --format human` panicked in the renderer.
#[test]
fn a_charset_label_in_text_detected_as_utf16_has_no_span() {
    let input = b"(CA[U]\n\0\n\0 \0;\0B\0[\0j\0a\0e\xfcg\n";
    let document = properties::check_read(input, Game::Go);
    assert_eq!(document.encoding, "UTF-16LE");
    for diagnostic in &document.records[0].diagnostics {
        if ["unknown-charset", "encoding-mismatch"].contains(&diagnostic.code()) {
            assert_eq!(diagnostic.span, None, "{diagnostic:?}");
        }
    }
    properties::check_diagnostics(&document);
}

// Bugs the fuzz properties found, each with a minimal input. Each failed until its bug
// was fixed; they stay as regression tests.

fn fixture(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fuzz");
    std::fs::read(path.join(name)).expect("fixture")
}

#[test]
fn stream_checks_for_binary_and_empty_input() {
    // Whole: `binary-file`; streamed: a Go record of one ply.
    properties::check_stream(b"\x01\x02(;B[aa])\n", None, 1);
    // Whole: `empty-file`; streamed: `unknown-game`.
    properties::check_stream(b"\n\n", None, 1);
}

#[test]
fn short_record_with_a_control_character_reads_back() {
    // The second record is written as `[Result "*"]\n[c "\x11"]\n\n*\n`: one control
    // character in 25 bytes is more than the 1 in 100 that `binary-file` allows.
    let input = format!(
        "[Event \"{}\"]\n\n*\n\n[c \"\x11\"]\n\n*\n",
        "a".repeat(200)
    );
    let document = properties::read(input.as_bytes(), Game::Draughts);
    properties::check_round_trips(&document, Game::Draughts);
}

#[test]
fn text_unreplayed_rest_with_a_comment_reads_back() {
    // Written `（unreplayed: 1. zz { a }） *`, which reads back as no record.
    let document = properties::read(b"1. zz { a } *\n", Game::Shatar);
    properties::check_round_trips(&document, Game::Shatar);
    // Written `白方：a 蓝方：b\n（unreplayed: 1. zz {c}） *`, whose second line reads back
    // as the place: `地点：（unreplayed: 1. zz {c}） *`.
    let document = properties::read(
        b"[White \"a\"]\n[Black \"b\"]\n\n1. zz {c} *\n",
        Game::Shatar,
    );
    properties::check_round_trips(&document, Game::Shatar);
}

/// The Go sample in Big5, repeated past two blocks: the stream reports `encoding-mismatch`
/// for `CA[Big5]` and decodes other columns than the whole read.
#[test]
fn streamed_big5_sgf_is_decoded_as_a_whole_read() {
    let sample =
        std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/go/big5.sgf"))
            .expect("sample");
    properties::check_stream(
        &properties::repeated(&sample, 2 * 64 * 1024 + 1),
        Some(Game::Go),
        1,
    );
}

/// Mutated SGF in Shift_JIS and in GBK (found by these properties, minimised),
/// repeated past two blocks: a record replays a different number of plies streamed than
/// whole, a multi-byte character ending in `\` escaping a `]` in one read and not in
/// the other.
#[test]
fn streamed_legacy_encoded_sgf_replays_as_a_whole_read() {
    for name in ["go-stream-shift-jis.sgf", "go-stream-gbk.sgf"] {
        let big = properties::repeated(&fixture(name), 2 * 64 * 1024 + 1);
        properties::check_stream(&big, Some(Game::Go), 1);
    }
}

/// Found by `cargo fuzz run round_trip` (minimised): a UCI game whose last move mates,
/// then an unparsable `m`.
#[test]
fn text_mate_then_unreplayed_rest_reads_back() {
    let document = properties::read(&fixture("shatar-mate-then-unreplayed.uci"), Game::Shatar);
    properties::check_round_trips(&document, Game::Shatar);
}

/// Found by `cargo fuzz run round_trip` (minimised): a Shatar game with a syntax error and
/// an illegal move that ends `2.Bg5(1`.
#[test]
fn empty_variation_reads_back() {
    let document = properties::read(&fixture("shatar-empty-variation.pgn"), Game::Shatar);
    properties::check_round_trips(&document, Game::Shatar);
}

/// Found by `cargo fuzz run round_trip` (minimised): stray closing braces before a move.
#[test]
fn text_with_a_stray_brace_is_written_the_same_twice() {
    let document = properties::read(b"}\n}\nf6", Game::Shatar);
    properties::check_round_trips(&document, Game::Shatar);
}

/// Found by `cargo fuzz run round_trip`: a draughts tag holding seven control characters,
/// padded by 900 bytes the writer does not keep (here white space), was written as a
/// 48-byte PDN that reads back as `binary-file`. No text format holds them (PGN §4.1):
/// each writer writes their pictures (`␀`) and names them, JSON keeps them. The same for
/// a Shatar tag and an SGF value.
#[test]
fn control_characters_are_left_out_of_text_formats() {
    use qipu::write::{left_out, write_record, Format, LeftOut, WriteOptions};
    let controls = "\x05\0\0\0\0\0\0\x7f";
    let padding = " \n".repeat(450);
    let inputs = [
        (
            Game::Draughts,
            format!("[mcT \"{controls}\"]\n{padding}\n1. c3-d4 *\n"),
            Format::Pdn,
        ),
        (
            Game::Shatar,
            format!("[mcT \"{controls}\"]\n{padding}\n1. e4 *\n"),
            Format::Pgn,
        ),
        (
            Game::Go,
            format!("(;GM[1]C[{controls}]{}\n;B[aa])", " ".repeat(900)),
            Format::Sgf,
        ),
    ];
    for (game, input, format) in inputs {
        let document = properties::read(input.as_bytes(), game);
        properties::check_round_trips(&document, game);
        let record = document.records[0]
            .record
            .as_ref()
            .unwrap_or_else(|| panic!("{game:?}: {:?}", document.records[0].diagnostics));
        assert!(
            left_out(record, format).contains(&LeftOut::ControlCharacters),
            "{game:?}"
        );
        assert!(!left_out(record, Format::Json).contains(&LeftOut::ControlCharacters));
        let written = write_record(record, "t", 0, format, &WriteOptions::default()).unwrap();
        assert!(
            !written.contains(['\0', '\x05', '\x7f']),
            "{game:?}: {written:?}"
        );
        assert!(written.contains("␅␀␀␀␀␀␀␡"), "{game:?}: {written:?}");
        let json = write_record(record, "t", 0, Format::Json, &WriteOptions::default()).unwrap();
        assert!(json.contains(r"\u0005\u0000"), "{game:?}: {json}");
    }
}
